"""Many demo orders at once, for the dashboard's benchmark and for trying the staff screens with a
shop that has a history (`manage.py seed_orders`).

Orders are written with `bulk_create` in batches, straight to the tables, as history: placement's
rules (stock, prices, slot capacity, invoices) are not run, no event is announced and no SMS is
sent. Each order is priced from the catalog's packs as they are now (`dprice` × packs), its lines
built by `orders.lines` as placement builds them (HSN, GST, Telugu names), so its lines add up to
its items and its total to the items (delivery is free, as in the shop), as the constraints check. Spread
over the last `days` days, oldest first (ids grow with time); about 1 in 20 is cancelled,
4 in 10 are paid online (a charged Payment beside each), the older ones delivered. Customers are
made as needed (`7xxxxxxxxx` phone numbers, no password), and each order books the delivery window
of its day when the weekly plan has one.
"""

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone

from catalog.models import Financial
from common.money import to_paise
from delivery.models import DeliveryWindow, Slot
from orders import tax
from orders.lines import line_snapshot
from orders.models import Order, OrderItem, SlotBooking
from payments.models import Payment

BATCH = 2000
# The demo address is in Amalapuram, Andhra Pradesh: CGST + SGST, and a free delivery with its GST
# fields as placement writes them (`checkout.placement`), so each order prints as a tax invoice.
DEMO_SUPPLY = {
    "place_of_supply": "Andhra Pradesh",
    "gst_interstate": False,
    "shipping_gst_rate": tax.DELIVERY_GST_RATE,
    "shipping_taxable_value": Decimal("0.00"),
    "shipping_tax": Decimal("0.00"),
}
INVOICE_PREFIX = "SEED"
PHONE_PREFIX = "7"
ORDERS_PER_CUSTOMER = 20


@dataclass(frozen=True)
class Seeded:
    orders: int
    lines: int
    payments: int
    customers: int


def _customers(count: int) -> list:
    """`count` demo customers, made on the first run and found on the next."""
    User = get_user_model()
    phones = [f"{PHONE_PREFIX}{n:09d}" for n in range(count)]
    existing = set(User.objects.filter(phone_no__in=phones).values_list("phone_no", flat=True))
    missing = [phone for phone in phones if phone not in existing]
    start = timezone.now() - timedelta(days=365)
    made = []
    for phone in missing:
        user = User(phone_no=phone, name=f"Demo customer {phone[-4:]}", date_joined=start)
        user.set_unusable_password()
        made.append(user)
    User.objects.bulk_create(made, batch_size=BATCH)
    return list(User.objects.filter(phone_no__in=phones).only("id"))


def _slots(days: int, today) -> dict:
    """The slot of every active window on every day of the span: {date: [(slot, start, end), ...]}."""
    windows = list(DeliveryWindow.objects.filter(active=True))
    dates = [today - timedelta(days=n) for n in range(days + 1)]
    Slot.objects.bulk_create(
        [Slot(window=window, date=day) for day in dates for window in windows if window.weekday == day.weekday()],
        ignore_conflicts=True,
    )
    by_date: dict = {}
    for slot in Slot.objects.filter(date__in=dates).select_related("window"):
        by_date.setdefault(slot.date, []).append((slot, slot.window.start, slot.window.end))
    return by_date


def new_order(*, invoice_number: str, user, method: str, items: Decimal, shipping: Decimal, placed, **fields) -> Order:
    """An unsaved order as placement leaves it, to the demo address: total = items + shipping,
    placed at `placed`; `fields` are its state (status, timestamps, payment)."""
    return Order(
        invoice_number=invoice_number,
        user=user,
        shipping_street="1 Main Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        payment_method=method,
        items_price=items,
        shipping_price=shipping,
        total_price=items + shipping,
        created_at=placed,
        **fields,
    )


def new_line(order: Order, pack: Financial, qty: int, *, line_total: Decimal | None = None) -> OrderItem:
    """An unsaved line of `qty` × `pack`, built as placement builds one (`orders.lines`: the pack's
    snapshot with its HSN code, GST and Telugu name); priced at the pack's `dprice` unless
    `line_total` says otherwise."""
    price = None if line_total is None else line_total / qty
    return line_snapshot(order=order, pack=pack, qty=qty, price=price, line_total=line_total)


def seed_orders(*, count: int, days: int = 90, seed: int = 27, now: datetime | None = None) -> Seeded:
    rng = random.Random(seed)
    now = now or timezone.now()
    packs = list(Financial.objects.filter(dprice__gt=0).select_related("detail__product").order_by("pk"))
    if not packs:
        raise ValueError("The catalog has no packs: run manage.py seed_demo first.")
    customers = _customers(max(1, count // ORDERS_PER_CUSTOMER))
    slots = _slots(days, timezone.localtime(now).date())
    numbered = Order.objects.filter(invoice_number__startswith=f"{INVOICE_PREFIX}-").count()
    # Popular packs sell more: a few packs carry most of the sales, as in a shop.
    weights = [1 / (rank + 1) for rank in range(len(packs))]
    rng.shuffle(weights)

    # Oldest first, so that ids grow with time as they do in a shop.
    ages = sorted((rng.uniform(0, days * 86400) for _ in range(count)), reverse=True)
    made = lines_made = payments_made = 0
    while made < count:
        size = min(BATCH, count - made)
        orders, lines_of = [], []
        for age_seconds in ages[made : made + size]:
            placed = now - timedelta(seconds=age_seconds)
            chosen = {pack.pk: pack for pack in rng.choices(packs, weights=weights, k=rng.randint(1, 5))}
            lines = [(pack, rng.randint(1, 3)) for pack in chosen.values()]
            items = sum((pack.dprice * qty for pack, qty in lines), Decimal("0"))
            shipping = Decimal("0")  # the shop never charges for delivery (orders.rules.SHIPPING_PRICE)
            method = Order.PaymentMethod.ONLINE if rng.random() < 0.4 else Order.PaymentMethod.CASH_OR_UPI
            cancelled = rng.random() < 0.05
            age = now - placed
            delivered = not cancelled and age > timedelta(days=1)
            paid = not cancelled and (method == Order.PaymentMethod.ONLINE or delivered)
            numbered += 1
            orders.append(
                new_order(
                    invoice_number=f"{INVOICE_PREFIX}-{numbered:07d}",
                    user=rng.choice(customers),
                    method=method,
                    items=items,
                    shipping=shipping,
                    placed=placed,
                    status=Order.Status.CANCELLED
                    if cancelled
                    else Order.Status.DELIVERED
                    if delivered
                    else Order.Status.PLACED,
                    cancelled_at=placed + timedelta(hours=1) if cancelled else None,
                    packed_at=placed + timedelta(hours=3) if delivered else None,
                    dispatched_at=placed + timedelta(hours=5) if delivered else None,
                    delivered_at=placed + timedelta(hours=8) if delivered else None,
                    is_paid=paid,
                    paid_at=placed if paid else None,
                    amount_paid=items + shipping if paid else Decimal("0"),
                    **DEMO_SUPPLY,
                )
            )
            lines_of.append(lines)
        with transaction.atomic():
            Order.objects.bulk_create(orders, batch_size=BATCH)
            items, bookings, payments = [], [], []
            for order, lines in zip(orders, lines_of, strict=True):
                items.extend(new_line(order, pack, qty) for pack, qty in lines)
                day_slots = slots.get(timezone.localtime(order.created_at).date())
                if day_slots and rng.random() < 0.7:
                    slot, start, end = rng.choice(day_slots)
                    bookings.append(SlotBooking(order=order, slot=slot, date=slot.date, start=start, end=end))
                if order.payment_method == Order.PaymentMethod.ONLINE and order.is_paid:
                    paise = to_paise(order.total_price)
                    payments.append(
                        Payment(
                            order=order,
                            gateway="sandbox",
                            amount=order.total_price,
                            status=Payment.Status.CHARGED,
                            created_at=order.created_at,
                            charged_at=order.created_at,
                            captured_paise=paise,
                        )
                    )
            OrderItem.objects.bulk_create(items, batch_size=BATCH)
            SlotBooking.objects.bulk_create(bookings, batch_size=BATCH)
            Payment.objects.bulk_create(payments, batch_size=BATCH)
        made += size
        lines_made += len(items)
        payments_made += len(payments)
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        # After a bulk load, what autovacuum would do later: the planner's statistics, and the
        # visibility map that lets the dashboard read a period from its covering indexes alone.
        with connection.cursor() as cursor:
            for table in (
                "orders_order",
                "orders_orderitem",
                "orders_slotbooking",
                "payments_payment",
                "accounts_user",
            ):
                cursor.execute(f"VACUUM ANALYZE {table}")
    return Seeded(orders=made, lines=lines_made, payments=payments_made, customers=len(customers))
