"""Counter bills: the one writer of a sale over the counter, its tenders and its number.

A bill is an `Order` with `channel=counter`, placed, paid and delivered at once, with the same GST
tax invoice as an online order (`orders.tax`, the lines built by the order-line snapshot) and a
number of its counter's own series (`CTR1/2027-28/000001`, `orders.series`).

- **Stock** leaves through the catalog's one owner, `catalog.stock.stock_sell_held`: the counter
  never refuses a pack the shopper is holding. When the count says less, the bill goes through,
  the count goes to 0 and the catalog records the discrepancy (`StockDiscrepancy`, named by the
  bill's number, for the manager and the next stock take); every open cart hears the change. Each
  line keeps what its packs cost (earliest best-before batch first, `cost_paise`).
- **Once**: each bill carries the till's key (`Idempotency-Key`, or an offline bill's own key). The
  same key with the same bill answers the bill already made; with another bill it is refused (422).
  A unique (counter, key) constraint backs it against two at once.
- **Tenders** add up to the total exactly: cash (what was handed over, the change given back),
  UPI and card (confirmed by the cashier, the card slip's reference typed), store credit (the linked
  customer's, `payments.credit`). Anything else is a 400 in the cashier's language, before any write.
- **Lock order** (as every placement's): the pack rows, the customer's credit account, then the
  series row last (`orders.series`).

Returns are `counter.returns`; the day's close `counter.day_close`.
"""

import hashlib
import json
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import TypeVar

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.models import User
from catalog.labels import pack_label
from catalog.models import Financial
from catalog.stock import packs_expired, packs_locked, stock_sell_held
from common.error_codes import CommonErrorCode
from common.errors import Conflict, InvalidValue, NotFound
from common.idempotency import KeyReused
from common.money import to_paise
from counter.error_codes import CounterErrorCode
from counter.models import BillTender, Counter, CounterBill, DayClose, NumberBlock, Tender
from orders import tax
from orders.buyers import buyer_checked, invoice_buyer_set
from orders.error_codes import OrderErrorCode
from orders.lines import line_snapshot
from orders.models import Order, OrderItem
from orders.pipeline import order_handed_over
from orders.series import parse_number, series_next, series_number
from orders.services import order_mark_paid

logger = logging.getLogger(__name__)
T = TypeVar("T")

MAX_LINES = 200
MAX_LINE_QTY = 999
WALK_IN_PHONE = "0000000000"  # not a mobile number: nobody can register or sign in with it

UNKNOWN_COUNTER = gettext_lazy("No counter has the code {code}.")
TILL_CODE_RULE_TEXT = gettext_lazy("A till's code is 1 to 8 letters and digits.")
UNKNOWN_PACK = gettext_lazy("Item {position}: no pack has the code {code}.")
BILL_EMPTY = gettext_lazy("The bill has no items.")
TOO_MANY_LINES = gettext_lazy("A bill can hold at most {count} lines.")
QTY_RULE = gettext_lazy("Item {position}: the quantity must be a whole number from 1 to {most}.")
TENDER_BELOW_TOTAL = gettext_lazy("The payment (₹{paid}) is less than the bill's total (₹{total}).")
TENDER_ABOVE_TOTAL = gettext_lazy(
    "The payment (₹{paid}) is more than the bill's total (₹{total}); give the change from cash."
)
CASH_SHORT = gettext_lazy("Cash handed over (₹{tendered}) is less than the cash part of the bill (₹{amount}).")
TENDER_METHOD = gettext_lazy("Unknown payment method: {method}.")
TENDER_AMOUNT = gettext_lazy("Each payment must be more than ₹0, in rupees and paise.")
CARD_REFERENCE = gettext_lazy("Type the card slip's reference for a card payment.")
ONE_CASH = gettext_lazy("Put all the cash in one cash payment.")
CREDIT_NEEDS_CUSTOMER = gettext_lazy("Store credit needs the customer's phone number, of a registered customer.")
PHONE_RULE = gettext_lazy("Please enter a valid 10-digit phone number.")
DAY_CLOSED = gettext_lazy("Counter {code} is closed for {day}; bills continue tomorrow.")
KEY_REQUIRED = gettext_lazy("Every bill needs its Idempotency-Key.")
NUMBER_NOT_RESERVED = gettext_lazy("Bill number {number} is not in a block reserved for counter {code}.")
NUMBER_TAKEN = gettext_lazy("Bill number {number} is already used by another bill.")
BILL_NOT_FOUND = gettext_lazy("Bill not found.")
PACK_EXPIRED = gettext_lazy(
    "{pack}: every batch passed its best-before date ({date}); expired stock cannot be sold. "
    "Take the pack off the shelf."
)
OFFLINE_PRICE_CHANGED = gettext_lazy("billed offline at ₹{billed}, price then ₹{price}")


@dataclass(frozen=True)
class BillLine:
    """A pack the shopper brings to the counter, and how many. `price` only for an offline bill:
    what the till showed (the shopper pays what the bill said)."""

    financial_id: int
    qty: int
    price: Decimal | None = None


@dataclass(frozen=True)
class TenderIn:
    method: str
    amount: Decimal
    tendered: Decimal | None = None  # cash handed over
    reference: str = ""


@dataclass(frozen=True)
class Offline:
    """What an offline till adds to a bill: the number it took from its block and when it billed."""

    number: str
    billed_at: datetime


@dataclass
class Quote:
    lines: list[OrderItem]
    total: Decimal
    notes: list[str] = field(default_factory=list)


def shop_day(on: datetime):
    """The shop's business day of a moment (its time zone, IST)."""
    return timezone.localtime(on).date()


def counter_get(*, code: str) -> Counter:
    found = Counter.objects.filter(code=str(code or "").strip().upper(), active=True).first()
    if found is None:
        raise NotFound(UNKNOWN_COUNTER.format(code=code))
    return found


def walk_in_customer() -> User:
    """The account bills without a customer's phone belong to (an order needs one); inactive, no password."""
    user = User.objects.filter(phone_no=WALK_IN_PHONE).first()
    if user is None:
        user = User(phone_no=WALK_IN_PHONE, name="Walk-in customer", is_active=False)
        user.set_unusable_password()
        try:
            with transaction.atomic():
                user.save()
        except IntegrityError:
            user = User.objects.get(phone_no=WALK_IN_PHONE)
    return user


def customer_for(phone: str) -> User | None:
    """The registered customer with this phone (the bill joins their orders and ledger), if any."""
    phone = str(phone or "").strip()
    if not phone:
        return None
    from accounts.models import PHONE_PATTERN

    if not PHONE_PATTERN.fullmatch(phone):
        raise InvalidValue(str(PHONE_RULE), code=CounterErrorCode.INVALID_PHONE)
    return User.objects.filter(phone_no=phone, is_active=True).first()


def _checked_lines(lines: Sequence[BillLine]) -> list[BillLine]:
    """The lines with their quantities checked, a pack scanned twice merged into one line."""
    if not lines:
        raise InvalidValue(str(BILL_EMPTY), code=CounterErrorCode.BILL_EMPTY)
    if len(lines) > MAX_LINES:
        raise InvalidValue(TOO_MANY_LINES.format(count=MAX_LINES), code=CounterErrorCode.TOO_MANY_LINES)
    merged: dict[int, BillLine] = {}
    for position, line in enumerate(lines, start=1):
        qty = line.qty
        if isinstance(qty, bool) or not isinstance(qty, int) or not 1 <= qty <= MAX_LINE_QTY:
            raise InvalidValue(
                QTY_RULE.format(position=position, most=MAX_LINE_QTY), code=OrderErrorCode.INVALID_QUANTITY
            )
        before = merged.get(line.financial_id)
        total_qty = qty + (before.qty if before else 0)
        if total_qty > MAX_LINE_QTY:
            raise InvalidValue(
                QTY_RULE.format(position=position, most=MAX_LINE_QTY), code=OrderErrorCode.INVALID_QUANTITY
            )
        merged[line.financial_id] = BillLine(line.financial_id, total_qty, line.price)
    return list(merged.values())


def _known_packs(lines: Sequence[BillLine], packs: dict[int, Financial]) -> None:
    for position, line in enumerate(lines, start=1):
        if line.financial_id not in packs:
            raise InvalidValue(
                UNKNOWN_PACK.format(position=position, code=line.financial_id), code=CounterErrorCode.UNKNOWN_PACK
            )


def _refuse_expired(lines: Sequence[BillLine], packs: dict[int, Financial], *, on=None) -> None:
    """A pack whose every batch has expired is not sold (the catalog's stock says which): 409."""
    expired = packs_expired([line.financial_id for line in lines], today=on)
    for line in lines:
        if line.financial_id in expired:
            raise Conflict(
                PACK_EXPIRED.format(
                    pack=pack_label(packs[line.financial_id], named=True), date=expired[line.financial_id].isoformat()
                ),
                code=CounterErrorCode.PACK_EXPIRED,
            )


def _line(pack: Financial, line: BillLine, notes: list[str]) -> OrderItem:
    """The order line, as online orders snapshot it; an offline bill at the price its till showed."""
    item = line_snapshot(order=Order(gst_interstate=False), pack=pack, qty=line.qty)
    if line.price is not None and line.price != pack.dprice:
        notes.append(
            f"{pack_label(item, named=True)}: " + OFFLINE_PRICE_CHANGED.format(billed=line.price, price=pack.dprice)
        )
        line_tax = tax.tax_included(line.price * line.qty, item.gst_rate, interstate=False)
        item.price = line.price
        item.line_total = line.price * line.qty
        item.taxable_value, item.tax = line_tax.taxable_value, line_tax.tax
    return item


def bill_quote(*, lines: Sequence[BillLine]) -> Quote:
    """What the lines cost now, with their GST, as the bill would print them (nothing written)."""
    checked = _checked_lines(lines)
    packs = {
        pack.pk: pack
        for pack in Financial.objects.select_related("detail__product").filter(pk__in=[x.financial_id for x in checked])
    }
    _known_packs(checked, packs)
    _refuse_expired(checked, packs)
    notes: list[str] = []
    items = [_line(packs[line.financial_id], line, notes) for line in checked]
    return Quote(lines=items, total=sum((item.line_total for item in items), Decimal("0.00")), notes=notes)


def _checked_tenders(tenders: Sequence[TenderIn], total: Decimal) -> tuple[list[TenderIn], int]:
    """The tenders, checked to add up to the total exactly; and the change the cash leaves."""
    checked: list[TenderIn] = []
    for tender in tenders:
        if tender.method not in Tender.values:
            raise InvalidValue(TENDER_METHOD.format(method=tender.method), code=CounterErrorCode.TENDER_METHOD)
        amount = Decimal(tender.amount)
        if amount <= 0 or amount != amount.quantize(Decimal("0.01")):
            raise InvalidValue(str(TENDER_AMOUNT), code=CounterErrorCode.TENDER_AMOUNT)
        if tender.method == Tender.CARD and not str(tender.reference or "").strip():
            raise InvalidValue(str(CARD_REFERENCE), code=CounterErrorCode.CARD_REFERENCE)
        checked.append(tender)
    cash = [tender for tender in checked if tender.method == Tender.CASH]
    if len(cash) > 1:
        raise InvalidValue(str(ONE_CASH), code=CounterErrorCode.ONE_CASH)
    paid = sum((tender.amount for tender in checked), Decimal("0.00"))
    if paid < total:
        raise InvalidValue(TENDER_BELOW_TOTAL.format(paid=paid, total=total), code=CounterErrorCode.TENDER_BELOW_TOTAL)
    if paid > total:
        raise InvalidValue(TENDER_ABOVE_TOTAL.format(paid=paid, total=total), code=CounterErrorCode.TENDER_ABOVE_TOTAL)
    change = 0
    if cash and cash[0].tendered is not None:
        if cash[0].tendered < cash[0].amount:
            raise InvalidValue(
                CASH_SHORT.format(tendered=cash[0].tendered, amount=cash[0].amount), code=CounterErrorCode.CASH_SHORT
            )
        change = to_paise(cash[0].tendered) - to_paise(cash[0].amount)
    return checked, change


def bill_fingerprint_of(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


def bill_fingerprint(*, lines, tenders, customer_phone: str, offline: Offline | None) -> str:
    """What makes two requests the same bill (a retry) rather than two bills under one key."""
    body = {
        "lines": [[line.financial_id, line.qty, str(line.price)] for line in lines],
        "tenders": [[t.method, str(t.amount), str(t.tendered), str(t.reference)] for t in tenders],
        "phone": customer_phone,
        "offline": [offline.number, offline.billed_at.isoformat()] if offline else None,
    }
    return bill_fingerprint_of(body)


def _existing(*, counter: Counter, key: str, fingerprint: str) -> CounterBill | None:
    bill = CounterBill.objects.filter(counter=counter, key=key).select_related("order").first()
    if bill is not None and bill.fingerprint != fingerprint:
        raise KeyReused(gettext("This Idempotency-Key was already used for a different request."))
    return bill


def _offline_number(*, counter: Counter, offline: Offline) -> str:
    parsed = parse_number(offline.number)
    refused = NUMBER_NOT_RESERVED.format(number=offline.number, code=counter.code)
    if parsed is None or parsed[0] != counter.code:
        raise InvalidValue(refused, code=CounterErrorCode.NUMBER_NOT_RESERVED)
    _key, fy, number = parsed
    if not NumberBlock.objects.filter(counter=counter, fy=fy, first__lte=number, last__gte=number).exists():
        raise InvalidValue(refused, code=CounterErrorCode.NUMBER_NOT_RESERVED)
    if Order.objects.filter(invoice_number=offline.number).exists():
        raise Conflict(NUMBER_TAKEN.format(number=offline.number), code=CounterErrorCode.NUMBER_TAKEN)
    return series_number(key=counter.code, fy=fy, number=number)


def written_once(write: Callable[[], T], existing: Callable[[], T | None]) -> T:
    """`write()` in a transaction; when a twin request under the same key committed first (the
    unique (counter, key) constraint refuses this one), what it made (`existing()`) instead. For
    bills and returns alike."""
    try:
        with transaction.atomic():
            return write()
    except IntegrityError:
        found = existing()
        if found is None:
            raise
        return found


def counter_bill_create(
    *,
    counter: Counter,
    cashier,
    lines: Sequence[BillLine],
    tenders: Sequence[TenderIn],
    key: str,
    customer_phone: str = "",
    offline: Offline | None = None,
    buyer: tuple[str, str] = ("", ""),
) -> CounterBill:
    """Make a bill: the order, its lines and tax, stock out, tenders, paid and delivered, numbered.

    Refuses, writing nothing (400, in the active language): no lines, an unknown pack, a quantity
    that is not a whole number from 1 to 999, tenders that do not add up to the total, a card
    payment without its reference, store credit without a registered customer, an offline number
    outside the counter's blocks; 409 when the counter's day is closed (live bills only), an
    offline number already used, or the customer's credit is short; 422 for a key reused for
    another bill. The same key and bill again answers the first bill.
    """
    key = str(key or "").strip()
    if not key or len(key) > 64:
        raise InvalidValue(str(KEY_REQUIRED), code=CommonErrorCode.IDEMPOTENCY_KEY_REQUIRED)
    customer_phone = str(customer_phone or "").strip()
    buyer = buyer_checked(*buyer)
    fingerprint = bill_fingerprint(lines=lines, tenders=tenders, customer_phone=customer_phone, offline=offline)
    if buyer:
        fingerprint = bill_fingerprint_of({"bill": fingerprint, "buyer": list(buyer)})
    existing = _existing(counter=counter, key=key, fingerprint=fingerprint)
    if existing is not None:
        return existing
    checked_lines = _checked_lines(lines)
    customer = customer_for(customer_phone)
    now = timezone.now()
    billed_at = offline.billed_at if offline else now
    day = shop_day(billed_at)
    if offline is None and DayClose.objects.filter(counter=counter, day=day).exists():
        raise Conflict(DAY_CLOSED.format(code=counter.code, day=day.isoformat()), code=CounterErrorCode.DAY_CLOSED)
    bill = written_once(
        lambda: _bill_write(
            counter=counter,
            cashier=cashier,
            lines=checked_lines,
            tenders=tenders,
            key=key,
            fingerprint=fingerprint,
            customer=customer,
            customer_phone=customer_phone,
            offline=offline,
            billed_at=billed_at,
            day=day,
            buyer=buyer,
        ),
        # The same key committed by a twin request meanwhile: answer its bill (or 422 if another).
        lambda: _existing(counter=counter, key=key, fingerprint=fingerprint),
    )
    logger.info("counter bill %s by %s for %s", bill.order.invoice_number, cashier.pk, bill.order.total_price)
    return bill


def _bill_write(
    *, counter, cashier, lines, tenders, key, fingerprint, customer, customer_phone, offline, billed_at, day, buyer=None
) -> CounterBill:
    # Packs first (every placement's lock order), checked and priced under the lock.
    packs = packs_locked(line.financial_id for line in lines)
    _known_packs(lines, packs)
    _refuse_expired(lines, packs, on=day)
    notes: list[str] = []
    items = [_line(packs[line.financial_id], line, notes) for line in lines]
    total = sum((item.line_total for item in items), Decimal("0.00"))
    checked_tenders, change = _checked_tenders(tenders, total)
    credit = sum((t.amount for t in checked_tenders if t.method == Tender.CREDIT), Decimal("0.00"))
    if credit and customer is None:
        raise InvalidValue(str(CREDIT_NEEDS_CUSTOMER), code=CounterErrorCode.CREDIT_NEEDS_CUSTOMER)
    number = _offline_number(counter=counter, offline=offline) if offline else None
    sold = stock_sell_held(
        [(line.financial_id, line.qty) for line in lines], by=cashier, reference=offline.number if offline else key
    )
    order = Order.objects.create(
        user=customer or walk_in_customer(),
        channel=Order.Channel.COUNTER,
        # Offline: the number the till printed, from its reserved block; live: the series' next (last lock).
        invoice_number=number or series_next(key=counter.code, on=billed_at),
        shipping_street=counter.name,
        shipping_city=settings.STORE_ADDRESS[:120],
        shipping_postal_code="",
        payment_method=Order.PaymentMethod.CASH_OR_UPI,
        items_price=total,
        shipping_price=Decimal("0.00"),
        total_price=total,
        place_of_supply=settings.STORE_STATE,  # sold in the shop: within its state
        gst_interstate=False,
        shipping_gst_rate=tax.DELIVERY_GST_RATE,
        shipping_taxable_value=Decimal("0.00"),
        shipping_tax=Decimal("0.00"),
        status=Order.Status.DELIVERED,
        packed_at=billed_at,
        dispatched_at=billed_at,
        delivered_at=billed_at,
        created_at=billed_at,
    )
    for item in items:
        item.order = order
        item.cost_paise = sold.cost_paise(item.financial_id, item.qty)
    OrderItem.objects.bulk_create(items)
    sold.refer(order.stock_reference, document=order.invoice_number)
    order_handed_over(order=order, by=cashier, reason=gettext("Sold at counter {code}").format(code=counter.code))
    if credit:
        from payments.credit import credit_spend

        credit_spend(user=customer, amount=credit, order=order, by=cashier)
        order.store_credit_applied = credit
        order.save(update_fields=["store_credit_applied"])
    order_mark_paid(order=order, reference=f"COUNTER-{order.invoice_number}", by=cashier)
    if buyer:
        # The invoice names the business buyer (its one writer; GSTR-1 reads it as B2B).
        invoice_buyer_set(order=order, gstin=buyer[0], name=buyer[1], by=cashier)
    bill = CounterBill.objects.create(
        order=order,
        counter=counter,
        key=key,
        fingerprint=fingerprint,
        cashier=cashier,
        customer_phone=customer_phone,
        day=day,
        billed_at=billed_at,
        offline=offline is not None,
        change_paise=change,
        price_note="; ".join(notes)[:500],
    )
    BillTender.objects.bulk_create(
        [
            BillTender(
                bill=bill,
                method=t.method,
                amount_paise=to_paise(t.amount),
                tendered_paise=to_paise(t.tendered) if t.method == Tender.CASH and t.tendered is not None else None,
                reference=str(t.reference or "").strip()[:64],
            )
            for t in checked_tenders
        ]
    )
    if sold.short:
        logger.warning("counter bill %s sold packs the count did not have: %s", order.invoice_number, sold.short)
    return bill


def bill_get(*, public_id: str) -> CounterBill:
    bill = (
        CounterBill.objects.select_related("order", "counter", "cashier")
        .prefetch_related("order__items", "tenders", "order__credit_notes")
        .filter(order__public_id=str(public_id))
        .first()
    )
    if bill is None:
        raise NotFound(str(BILL_NOT_FOUND))
    return bill


def bill_find(*, number: str) -> CounterBill:
    """A bill by its printed number (the receipt a shopper brings back)."""
    order = Order.objects.filter(invoice_number=str(number or "").strip(), channel=Order.Channel.COUNTER).first()
    if order is None:
        raise NotFound(str(BILL_NOT_FOUND))
    return bill_get(public_id=order.public_id)


def number_block_reserve(*, counter: Counter, count: int, by) -> NumberBlock:
    """Set aside `count` numbers of the counter's series for billing offline (1 to 1,000)."""
    from orders.series import series_reserve

    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 1000:
        raise InvalidValue(gettext("A block holds 1 to 1000 numbers."), code=CounterErrorCode.BLOCK_SIZE)
    with transaction.atomic():
        block = series_reserve(key=counter.code, on=timezone.now(), count=count)
        return NumberBlock.objects.create(counter=counter, fy=block.fy, first=block.first, last=block.last, by=by)
