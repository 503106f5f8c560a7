"""What orders hold about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py): the
orders with their lines and delivery addresses.

Erasure keeps the orders, their lines, their GST amounts, invoice numbers, dates and place of
supply, tied to the pseudonymised user: the CGST Act 2017 s.36 with Rule 56 has a registered person
keep its accounts and invoices for 72 months from the annual return's due date. Rule 46 asks for
the recipient's name and address on a B2C invoice only from ₹50,000, so an order of that value
keeps its delivery address; every other order's street, city and pincode are erased.
"""

from decimal import Decimal

from django.db.models import Prefetch

from common.fields import money
from common.scrub import identifiers
from orders.models import Order, OrderItem
from orders.rules import OPEN_STATUSES

# A B2C invoice names the recipient and the delivery address from this value (CGST Rules, rule 46).
INVOICE_NEEDS_ADDRESS_FROM = Decimal("50000")


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def orders_on_their_way(*, user) -> bool:
    """An order not yet delivered or cancelled: its delivery still needs the address."""
    return Order.objects.filter(user=user, status__in=OPEN_STATUSES).exists()


def personal_data_export(user) -> dict:
    """The orders and their lines, in two queries whatever their number."""
    orders = (
        Order.objects.filter(user=user)
        .order_by("created_at", "id")
        .prefetch_related(Prefetch("items", queryset=OrderItem.objects.order_by("id")))
    )
    return {
        "orders": [
            {
                "_id": order.public_id,
                "invoiceNumber": order.invoice_number,
                "createdAt": _iso(order.created_at),
                "status": order.status,
                "shippingAddress": {
                    "address": order.shipping_street,
                    "city": order.shipping_city,
                    "postalCode": order.shipping_postal_code,
                },
                "placeOfSupply": order.place_of_supply,
                "paymentMethod": order.payment_method,
                "itemsPrice": money(order.items_price),
                "shippingPrice": money(order.shipping_price),
                "totalPrice": money(order.total_price),
                "isPaid": order.is_paid,
                "paidAt": _iso(order.paid_at),
                "deliveredAt": _iso(order.delivered_at),
                "orderItems": [
                    {
                        "name": item.name,
                        "brand": item.brand,
                        "quantity": item.quantity,
                        "units": item.units,
                        "qty": item.qty,
                        "price": money(item.price),
                        "lineTotal": money(item.line_total),
                    }
                    for item in order.items.all()
                ],
            }
            for order in orders
        ],
    }


def personal_identifiers(user, *, others=()) -> list[str]:
    """What names the person in kept text (`common.scrub`): the account's name, phone number and
    address, and every delivery address of their orders. Read before orders' erasure clears those
    addresses (shop/privacy.py's ERASE_ORDER runs the kept texts' holders first)."""
    addresses = Order.objects.filter(user=user).values_list("shipping_street", "shipping_city", "shipping_postal_code")
    parts = {part for address in addresses for part in address}
    return identifiers(
        names=[user.name],
        phones=[user.phone_no],
        others=[user.street, user.city, user.postal_code, *sorted(parts), *others],
    )


def personal_data_erase(user) -> dict[str, int]:
    """The delivery addresses of the orders below rule 46's value; everything else is a tax record."""
    addresses = Order.objects.filter(user=user, total_price__lt=INVOICE_NEEDS_ADDRESS_FROM).update(
        shipping_street="", shipping_city="", shipping_postal_code=""
    )
    return {"orderAddresses": addresses}
