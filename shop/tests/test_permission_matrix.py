"""Who may call what, for every URL the shop serves: the API, the pages, the payment pages, Django
admin and the websocket.

The tables below are the decisions. The test walks Django's URL resolver (and the websocket
routes), so a route that nobody decided about fails the build with a message saying where to
decide; a decision about a route that no longer exists fails too. Each API decision names the
status an anonymous visitor, the customer, another customer (acting on the customer's order,
address or account) and an admin get. Where a valid body is heavy to build, the admin's (or the
customer's) expected status is the validation answer (400) that shows the request got past the gate.

Pages render the same shell for everyone (the browser holds the login, not the server); their
decision is the `gate` the page declares (`data-gate`), which base.html enforces before painting,
while the API behind each page stays the real boundary. Django admin (/staff/) is one decision for
all its routes: staff only, everyone else goes to its login page.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from catalog.tests.factories import make_category, make_product
from conftest import client_for, deliver_product
from ondc.context import ACTIONS as ONDC_ACTIONS

pytestmark = pytest.mark.django_db

ANON, CUSTOMER, OTHER, ADMIN = "anonymous", "customer", "other customer", "admin"
# The staff roles below the owner (accounts/roles.py; "admin" above is the owner or manager).
CASHIER, PACKER, RIDER = "cashier", "packer", "rider"
STAFF = (CASHIER, PACKER, RIDER)
ROLES = (ANON, CUSTOMER, OTHER, ADMIN, *STAFF)
PASSWORD = "secret-pass-1"
ADDRESS = {"street": "12 Main Road", "city": "Amalapuram", "postal_code": "533201"}


def everyone(status: int) -> tuple[int, int, int, int]:
    return (status,) * 4


PUBLIC = everyone(200)
SIGNED_IN = (401, 200, 200, 200)  # any signed-in user, each acting on their own account
ADMIN_ONLY = (401, 403, 403, 200)
OWNER_OR_ADMIN = (401, 200, 404, 200)  # the customer's own; another customer is not told it exists

# What a cashier, a packer and a rider get (in that order) on a staff route: one whose admin answer
# differs from another customer's. Every such route must say; elsewhere they get the other
# customer's answer (a staff member is just another person to the customer's things).
NO_STAFF = (403, 403, 403)  # the owner's alone: prices, users, money, reports, settings


def staff(cashier: int, packer: int, rider: int) -> tuple[int, int, int]:
    return (cashier, packer, rider)


@dataclass
class World:
    """What the requests act on: the customer's account, order and payment, one product's pack."""

    users: dict
    category: object
    product: object
    detail: object
    pack: object
    order: object  # the customer's placed Cash Or UPI order
    online_order: object  # the customer's unpaid Online order, with a sandbox payment started
    payment: object

    def actor(self, role: str):
        return self.users[role]

    @property
    def customer(self):
        return self.users[CUSTOMER]


@dataclass(frozen=True)
class Rule:
    """The statuses for (anonymous, customer, other customer, admin) and, on a staff route, for
    (cashier, packer, rider); and how to make the request."""

    expected: tuple[int, int, int, int]
    roles: tuple[int, int, int] | None = None
    body: Callable[[World, object], dict] | None = None
    query: dict = field(default_factory=dict)
    prepare: Callable[[World], None] | None = None
    format: str = "json"

    @property
    def is_staff_route(self) -> bool:
        return self.expected[ROLES.index(ADMIN)] != self.expected[ROLES.index(OTHER)]

    def status_for(self, role: str) -> int:
        if role in STAFF:
            return (self.roles or (self.expected[ROLES.index(OTHER)],) * 3)[STAFF.index(role)]
        return self.expected[ROLES.index(role)]


def _sold_out(world: World) -> None:
    """The world's pack with no stock left (a shopper may ask to hear when it is back)."""
    type(world.pack).objects.filter(pk=world.pack.pk).update(count_in_stock=0)


def _alert_id(world: World) -> int:
    """The customer's alert for the world's pack."""
    from notifications.models import StockAlert

    return StockAlert.objects.get_or_create(user=world.customer, financial=world.pack)[0].pk


def _line(world: World, qty: int = 1) -> dict:
    pack = world.pack
    return {"productId": str(pack.detail.product_id), "brandId": str(pack.detail_id), "financialId": str(pack.pk)} | {
        "qty": qty
    }


def _order_body(world: World, actor) -> dict:
    user = actor or world.customer
    total = f"{world.pack.dprice:.2f}"
    return {
        "orderItems": [_line(world)],
        "shippingAddress": {"street": user.street, "city": user.city, "postalCode": user.postal_code},
        "paymentMethod": "Cash Or UPI",
        "itemsPrice": total,
        "shippingPrice": "0.00",
        "totalPrice": total,
    }


def _advance(*statuses: str) -> Callable[[World], None]:
    def prepare(world: World) -> None:
        from orders.pipeline import order_advance

        for status in statuses:
            order_advance(order=world.order, to_status=status, by=world.users[ADMIN])

    return prepare


def _report_body(world: World) -> dict:
    [item] = world.order.items.all()
    return {"order": world.order.public_id, "lines": [{"item": str(item.pk), "problem": "missing", "quantity": 1}]}


def _ticket_number(world: World) -> str:
    """A problem report about the customer's order, delivered and paid for it (made once per world)."""
    if getattr(world, "ticket_number", None) is None:
        from orders.pipeline import order_advance
        from orders.services import order_record_cash_payment
        from support.services import ReportedLine, ticket_open_problem_report

        for status in ("packed", "dispatched", "delivered"):
            order_advance(order=world.order, to_status=status, by=world.users[ADMIN])
        order_record_cash_payment(order=world.order, by=world.users[ADMIN])
        [item] = world.order.items.all()
        ticket = ticket_open_problem_report(
            user=world.customer, public_id=world.order.public_id, lines=[ReportedLine(item.pk, "missing", 1)]
        )
        world.ticket_number = ticket.number
    return world.ticket_number


def _window_id(world: World) -> int:
    """A delivery window (made once per world)."""
    from datetime import time

    from delivery.models import DeliveryWindow

    window, _ = DeliveryWindow.objects.get_or_create(
        weekday=0, start=time(7), defaults={"end": time(10), "capacity": 10, "cutoff_hours": 2}
    )
    return window.pk


def _slot_id(world: World) -> str:
    """The delivery window on its next Monday, as the wire names a slot."""
    from datetime import timedelta

    from django.utils import timezone

    today = timezone.localdate()
    return f"{today + timedelta(days=(7 - today.weekday()) % 7):%Y-%m-%d}.{_window_id(world)}"


def _holiday_id(world: World) -> int:
    from delivery.models import Holiday

    return Holiday.objects.get_or_create(date="2099-01-26", defaults={"name": "Republic Day"})[0].pk


def _barcode(world: World) -> str:
    """The shop's own code on the world's pack."""
    from catalog.services import barcode_add_shop_code

    return barcode_add_shop_code(pack=world.pack).code


def _product_fields(world: World, actor) -> dict:
    return {"name": "Renamed Oil", "category": world.category.name, "image": world.product.image}


# Every API route and method. Keys are the routes as Django's resolver spells them.
API: dict[str, dict[str, Rule]] = {
    "api/ping": {"GET": Rule(PUBLIC)},
    "api/config": {"GET": Rule(PUBLIC)},
    "api/config/paypal": {"GET": Rule(PUBLIC)},
    # Field data (issue 34): any page's beacon is counted anonymously (204); the report is the staff's.
    "api/vitals": {
        "POST": Rule(
            everyone(204),
            body=lambda world, actor: {"page": "home", "language": "en", "metrics": [{"name": "LCP", "value": 1800}]},
        )
    },
    "api/reports/vitals": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    "api/schema/": {"GET": Rule(PUBLIC)},
    "api/docs/": {"GET": Rule(PUBLIC)},
    # catalog: reads are public, writes are the admin's
    "api/products": {"GET": Rule(PUBLIC), "POST": Rule((401, 403, 403, 201), NO_STAFF)},
    "api/products/categories": {"GET": Rule(PUBLIC)},
    "api/products/categories/<str:category>/products": {"GET": Rule(PUBLIC)},
    "api/products/featured": {"GET": Rule(PUBLIC)},
    "api/products/suggestions": {"GET": Rule(PUBLIC, query={"keyword": "oil"})},
    "api/products/top": {"GET": Rule(PUBLIC)},
    "api/products/financials/batch": {
        "POST": Rule(PUBLIC, body=lambda world, actor: {"items": [_line(world)]}),
    },
    "api/products/<str:ref>": {
        "GET": Rule(PUBLIC),
        "PUT": Rule(ADMIN_ONLY, NO_STAFF, body=_product_fields),
        "DELETE": Rule(ADMIN_ONLY, NO_STAFF),
    },
    "api/products/<str:ref>/reviews": {
        # Verified purchases only: the product was delivered to the customer, not to the others.
        "POST": Rule(
            (401, 201, 403, 403),
            body=lambda world, actor: {"rating": 4, "comment": "Fresh and clean."},
            prepare=lambda world: deliver_product(world.customer, world.product),
        ),
    },
    "api/products/<str:ref>/details": {"POST": Rule((401, 403, 403, 201), NO_STAFF)},
    "api/products/<str:ref>/details/<int:detail_id>": {
        "PUT": Rule(ADMIN_ONLY, NO_STAFF, body=lambda world, actor: {"brand": "Gold Drop"}),
        "DELETE": Rule(ADMIN_ONLY, NO_STAFF),
    },
    "api/products/<str:ref>/details/<int:detail_id>/financials": {"POST": Rule((401, 403, 403, 201), NO_STAFF)},
    # Cashiers look products and packs up (the counter); they never change them.
    "api/products/<str:ref>/details/<int:detail_id>/financials/<int:financial_id>": {
        "GET": Rule(ADMIN_ONLY, staff(200, 403, 403))
    },
    "api/admin/products": {"GET": Rule(ADMIN_ONLY, staff(200, 403, 403))},
    # One product as staff read it, hidden ones too (issue 45): the edit screen; cashiers look up.
    "api/admin/products/<str:ref>": {"GET": Rule(ADMIN_ONLY, staff(200, 403, 403))},
    # Pack barcodes (issue 41): the counter's scan and the label sheet for who bills; a brand's codes
    # for the owner's edit screen.
    "api/products/barcode/<str:code>": {"GET": Rule(ADMIN_ONLY, staff(200, 403, 403))},
    "api/products/barcodes/labels": {"GET": Rule(ADMIN_ONLY, staff(200, 403, 403))},
    "api/products/<str:ref>/details/<int:detail_id>/barcodes": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    # The order board's low-stock banner (issue 27).
    "api/products/low-stock": {"GET": Rule(ADMIN_ONLY, staff(403, 200, 403))},
    "api/upload": {"POST": Rule((401, 403, 403, 400), NO_STAFF, format="multipart")},
    # accounts
    "api/users": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF),
        # Registration is open to anyone; without an OTP verification token it is refused.
        "POST": Rule(
            everyone(400),
            body=lambda world, actor: {"name": "New Shopper", "phoneNo": "9876512345", "password": "Gr0cery-Pass!"},
        ),
    },
    "api/users/auth": {
        "POST": Rule(PUBLIC, body=lambda world, actor: {"phoneNo": world.customer.phone_no, "password": PASSWORD}),
    },
    "api/users/logout": {"POST": Rule(SIGNED_IN)},
    "api/users/otp/send": {
        "POST": Rule(PUBLIC, body=lambda world, actor: {"phoneNo": "9876512345", "purpose": "register"}),
    },
    "api/users/otp/verify": {
        "POST": Rule(
            everyone(400), body=lambda world, actor: {"phoneNo": "9876512345", "purpose": "register", "otp": "000000"}
        ),
    },
    "api/users/forgot-password": {
        "POST": Rule(everyone(400), body=lambda world, actor: {"phoneNo": world.customer.phone_no}),
    },
    "api/users/profile": {"GET": Rule(SIGNED_IN), "PUT": Rule(SIGNED_IN, body=lambda world, actor: {"name": "Me"})},
    "api/users/address": {"GET": Rule(SIGNED_IN)},
    # DPDP (accounts/privacy.py): the notice for everyone; the rest is each caller's own, self only
    # (an admin reads others' data in Django admin).
    "api/users/privacy-notice": {"GET": Rule(PUBLIC)},
    "api/users/me/privacy": {
        "GET": Rule(SIGNED_IN),
        "PUT": Rule(SIGNED_IN, body=lambda world, actor: {"offerSms": False}),
    },
    "api/users/me/data": {"GET": Rule(SIGNED_IN)},
    # The customer's own placed order keeps the account (409); the other customer, with none, deletes
    # theirs; a staff member's account is not deleted here (400).
    "api/users/me/delete": {
        "POST": Rule((401, 409, 200, 400), staff(400, 400, 400), body=lambda world, actor: {"password": PASSWORD})
    },
    "api/users/credit": {"GET": Rule(SIGNED_IN)},  # each caller's own store credit
    # A shopper's store credit for staff, and goodwill credit (issue 48): the owner any amount, a
    # cashier up to GOODWILL_CASHIER_LIMIT (payments/tests/test_goodwill.py: over it is 403).
    "api/users/<str:ref>/credit": {
        "GET": Rule(ADMIN_ONLY, staff(200, 403, 403)),
        "POST": Rule(
            (401, 403, 403, 201), staff(201, 403, 403), body=lambda world, actor: {"amount": 10, "reason": "Kind"}
        ),
    },
    # A cashier taking a phone order keeps the shopper's address; packers and riders are not told.
    "api/users/<str:ref>/address": {
        "POST": Rule(
            (401, 201, 404, 201),
            staff(201, 404, 404),
            body=lambda world, actor: {"street": "4-12 Gandhi Road", "city": "Amalapuram", "postalCode": "533201"},
        ),
        "PUT": Rule(OWNER_OR_ADMIN, staff(200, 404, 404), body=lambda world, actor: {"city": "Kakinada"}),
        "DELETE": Rule(OWNER_OR_ADMIN, staff(200, 404, 404)),
    },
    "api/users/<str:ref>": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF),
        "PUT": Rule(ADMIN_ONLY, NO_STAFF, body=lambda world, actor: {"name": "Changed", "role": "cashier"}),
        # The admin gets past the gate; the customer has orders, so their account stays (409).
        "DELETE": Rule((401, 403, 403, 409), NO_STAFF),
    },
    "api/delivery/check": {"GET": Rule(PUBLIC, query={"pincode": "533201"})},
    "api/delivery/places": {"GET": Rule(PUBLIC, query={"q": "Amalapuram"})},
    # The counter (issue 41): the owner and cashiers; every counter's day closes the owner's alone.
    # Past the gate, the service's own answer: a bill without its Idempotency-Key is 400, the
    # world's online order is no counter bill (404).
    "api/counter/counters": {"GET": Rule(ADMIN_ONLY, roles=staff(200, 403, 403))},
    "api/counter/quote": {
        "POST": Rule(
            ADMIN_ONLY,
            roles=staff(200, 403, 403),
            body=lambda world, actor: {"lines": [{"financialId": str(world.pack.pk), "qty": 1}]},
        )
    },
    "api/counter/bills": {
        "GET": Rule((401, 403, 403, 404), roles=staff(404, 403, 403), query={"number": "CTR1/2026-27/000001"}),
        "POST": Rule(
            (401, 403, 403, 400),
            roles=staff(400, 403, 403),
            body=lambda world, actor: {
                "counter": "CTR1",
                "lines": [{"financialId": str(world.pack.pk), "qty": 1}],
                "tenders": [{"method": "cash", "amount": f"{world.pack.dprice:.2f}"}],
            },
        ),
    },
    "api/counter/bills/<str:public_id>": {"GET": Rule((401, 403, 403, 404), roles=staff(404, 403, 403))},
    "api/counter/bills/<str:public_id>/returns": {
        "POST": Rule(
            (401, 403, 403, 404),
            roles=staff(404, 403, 403),
            body=lambda world, actor: {"counter": "CTR1", "lines": [{"line": "1", "qty": 1}], "refund": "cash"},
        )
    },
    "api/counter/upi": {"GET": Rule(ADMIN_ONLY, roles=staff(200, 403, 403), query={"amount": "145.50"})},
    "api/counter/day": {"GET": Rule(ADMIN_ONLY, roles=staff(200, 403, 403), query={"counter": "CTR1"})},
    "api/counter/day/close": {
        "POST": Rule(
            (401, 403, 403, 201),
            roles=staff(201, 403, 403),
            body=lambda world, actor: {"counter": "CTR1", "counted": "0"},
        )
    },
    "api/counter/closes": {"GET": Rule(ADMIN_ONLY, roles=NO_STAFF)},  # every counter's: the owner's
    "api/counter/blocks": {
        "POST": Rule(
            (401, 403, 403, 201), roles=staff(201, 403, 403), body=lambda world, actor: {"counter": "CTR1", "count": 5}
        )
    },
    "api/counter/sync": {
        "POST": Rule((401, 403, 403, 400), roles=staff(400, 403, 403), body=lambda world, actor: {"bills": []})
    },
    # What a till keeps to bill offline: the owner's and the cashier's.
    "api/counter/catalog": {"GET": Rule(ADMIN_ONLY, roles=staff(200, 403, 403))},
    # Phone and WhatsApp orders (issue 48): the owner and cashiers. Past the gate: an unknown number
    # has no account (404), an empty order is 400, the world's website order is no phone order (404).
    "api/counter/customers": {
        "GET": Rule((401, 403, 403, 404), roles=staff(404, 403, 403), query={"phone": "9440099999"})
    },
    "api/counter/phone-orders/quote": {
        "POST": Rule(
            ADMIN_ONLY,
            roles=staff(200, 403, 403),
            body=lambda world, actor: {"lines": [{"financialId": str(world.pack.pk), "qty": 1}]},
        )
    },
    "api/counter/phone-orders": {"POST": Rule((401, 403, 403, 400), roles=staff(400, 403, 403), body=lambda w, a: {})},
    "api/counter/phone-orders/<str:public_id>": {"GET": Rule((401, 403, 403, 404), roles=staff(404, 403, 403))},
    "api/counter/phone-orders/<str:public_id>/payment-link": {
        "POST": Rule((401, 403, 403, 404), roles=staff(404, 403, 403))
    },
    # The rider's round (issue 48): riders and the owner; the world's order is placed, not on the
    # road (409); a handover with nothing collected is 400; a cashier names the rider (403 without).
    "api/rider/round": {"GET": Rule(ADMIN_ONLY, staff(403, 403, 200))},
    "api/rider/orders/<str:public_id>/deliver": {
        "POST": Rule((401, 403, 403, 409), staff(403, 403, 409), body=lambda world, actor: {})
    },
    "api/rider/handover": {
        "POST": Rule((401, 403, 403, 400), staff(403, 403, 400), body=lambda world, actor: {"handedOver": "0"})
    },
    # orders
    # Cashiers look orders up; packers work through them; riders have their delivery sheet.
    "api/orders": {"GET": Rule(ADMIN_ONLY, staff(200, 200, 403)), "POST": Rule((401, 201, 201, 201), body=_order_body)},
    "api/orders/mine": {"GET": Rule(SIGNED_IN)},
    # The staff's live board and its bulk moves (issue 27).
    "api/orders/board": {"GET": Rule(ADMIN_ONLY, staff(403, 200, 403))},
    "api/orders/bulk-move": {
        "POST": Rule(
            ADMIN_ONLY, staff(403, 200, 403), body=lambda world, actor: {"ids": [world.order.public_id], "to": "packed"}
        )
    },
    # Checkout's store credit: each signed-in shopper's own balance.
    "api/orders/store-credit": {"GET": Rule(SIGNED_IN, query={"total": "100"})},
    # Any staff member reads an order (accounts.roles.is_staff_member).
    "api/orders/<str:public_id>": {"GET": Rule(OWNER_OR_ADMIN, staff(200, 200, 200))},
    # A delivery window's sheets (issue 27): the admin gets past the gate to the query's check (no
    # window named: 400); orders/tests/test_picking.py reads them with a window.
    "api/orders/picklist": {"GET": Rule((401, 403, 403, 400), staff(403, 400, 403))},
    "api/orders/packing-slips": {"GET": Rule((401, 403, 403, 400), staff(403, 400, 403))},
    "api/orders/delivery-sheet": {"GET": Rule((401, 403, 403, 400), staff(403, 400, 400))},
    "api/orders/<str:public_id>/buy-again": {"POST": Rule(OWNER_OR_ADMIN, staff(200, 200, 200))},
    "api/orders/usual": {"GET": Rule(SIGNED_IN)},
    # The rider delivers; a packer packs (a rider passes the gate to dispatch, and is refused packing).
    "api/orders/<str:public_id>/deliver": {
        "PUT": Rule(ADMIN_ONLY, staff(403, 403, 200), prepare=_advance("packed", "dispatched"))
    },
    # The manager undoes a mistaken dispatched or delivered move (issue 48); the world's order is
    # placed, so there is nothing to undo (409) once past the gate.
    "api/orders/<str:public_id>/undo": {
        "POST": Rule((401, 403, 403, 409), NO_STAFF, body=lambda world, actor: {"reason": "Marked by mistake"}),
    },
    "api/orders/<str:public_id>/status": {
        "PUT": Rule(ADMIN_ONLY, staff(403, 200, 403), body=lambda world, actor: {"status": "packed"})
    },
    # The shopper cancels their own order until it is packed; staff while placed or packed.
    # A cashier cancels for a shopper on the phone; packers and riders do not (orders.pipeline.MOVE_ROLES).
    "api/orders/<str:public_id>/cancel": {
        "PUT": Rule(
            OWNER_OR_ADMIN, staff(200, 403, 403), body=lambda world, actor: {"reason": "The shopper asked by phone."}
        )
    },
    # Naming the business buyer on an existing invoice (issue 43): the owner or manager and the
    # cashier (who names one at the counter anyway); a packer or rider does not, nor the shopper.
    "api/orders/<str:public_id>/buyer": {
        "PUT": Rule(
            ADMIN_ONLY,
            staff(200, 403, 403),
            body=lambda world, actor: {"buyerGstin": "37AAPFU0939F1ZU", "buyerName": "Sri Lakshmi Caterers"},
        )
    },
    # A manual refund outside a ticket (issue 48): the owner, a cashier up to the limit; the world's
    # order is unpaid, so past the gate nothing can be given back (409; aftersale/tests for the rest).
    "api/orders/<str:public_id>/refund": {
        "POST": Rule(
            (401, 403, 403, 409), staff(409, 403, 403), body=lambda world, actor: {"amount": 10, "reason": "Kind"}
        )
    },
    # A customer's browser never marks an order paid: only staff record cash.
    # The cashier at the counter and the rider at the door take cash; a packer handles no money.
    "api/orders/<str:public_id>/pay": {"PUT": Rule((401, 403, 404, 200), staff(200, 403, 200))},
    # Packing changes are staff's; the admin's request names the line's own count and pack (no change).
    "api/orders/<str:public_id>/items/<str:item_id>": {
        "PUT": Rule(ADMIN_ONLY, staff(403, 200, 403), body=lambda world, actor: {"qty": 1})
    },
    "api/orders/<str:public_id>/items/<str:item_id>/replace": {
        "POST": Rule(
            ADMIN_ONLY, staff(403, 200, 403), body=lambda world, actor: {"financialId": str(world.pack.pk), "qty": 1}
        )
    },
    # payments: the order's owner starts paying it; so may a guest naming the order's own phone
    # number (`customerId`, as the shop's existing client sends both starts without a token). A
    # signed-in caller goes by the token: another customer's or an admin's is not told the order
    # exists. (Without `customerId` a guest is refused 401: payments/tests/test_api.py.)
    "api/payments/initiateJuspayPayment": {
        "POST": Rule(
            (200, 200, 404, 404),
            body=lambda world, actor: {
                "order_id": world.online_order.public_id,
                "customerId": world.online_order.user.phone_no,
            },
        ),
    },
    # The Pay button of any unpaid order, the same way.
    "api/payments/initiateJuspayPaymentAtDelivery": {
        "POST": Rule(
            (200, 200, 404, 404),
            body=lambda world, actor: {"order_id": world.order.public_id, "customerId": world.customer.phone_no},
        ),
    },
    # The gateway's webhook has its own Basic-auth credentials; a shop login is no use there.
    "api/payments/webhook": {"POST": Rule(everyone(401))},
    # promotions
    "api/promotions": {"GET": Rule(PUBLIC)},
    # alerts: each shopper's own "Notify me" list
    "api/alerts": {
        "GET": Rule(SIGNED_IN),
        "POST": Rule(
            (401, 201, 201, 201), body=lambda world, actor: {"financialId": str(world.pack.pk)}, prepare=_sold_out
        ),
    },
    "api/alerts/<str:alert_id>": {"DELETE": Rule((401, 200, 404, 404))},
    "api/promotions/mine": {"GET": Rule(SIGNED_IN)},
    "api/promotions/rewards": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    "api/promotions/draws": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    "api/promotions/orders/<str:public_id>": {"GET": Rule(OWNER_OR_ADMIN, staff(200, 200, 200))},
    # reports: the staff dashboard's figures and exports are the admin's
    "api/reports/dashboard": {"GET": Rule(ADMIN_ONLY, NO_STAFF, query={"period": "7d"})},
    "api/reports/orders.csv": {"GET": Rule(ADMIN_ONLY, NO_STAFF, query={"from": "2026-11-01", "to": "2026-11-30"})},
    "api/reports/sales-by-pack.csv": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF, query={"from": "2026-11-01", "to": "2026-11-30"})
    },
    # books: the GST returns and registers are the owner's (money)
    "api/books/gstr1": {"GET": Rule(ADMIN_ONLY, NO_STAFF, query={"period": "102026"})},
    "api/books/gstr3b": {"GET": Rule(ADMIN_ONLY, NO_STAFF, query={"period": "102026"})},
    "api/books/registers/sales.csv": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF, query={"from": "2026-11-01", "to": "2026-11-30"})
    },
    "api/books/registers/credit-notes.csv": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF, query={"from": "2026-11-01", "to": "2026-11-30"})
    },
    "api/books/registers/day-book.csv": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF, query={"from": "2026-11-01", "to": "2026-11-30"})
    },
    "api/books/registers/hsn.csv": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF, query={"from": "2026-11-01", "to": "2026-11-30"})
    },
    **{
        f"api/books/registers/{name}": {
            "GET": Rule(ADMIN_ONLY, NO_STAFF, query={"from": "2026-11-01", "to": "2026-11-30"})
        }
        for name in (
            "purchases.csv",
            "debit-notes.csv",
            *(
                f"{register}.xlsx"
                for register in ("sales", "credit-notes", "purchases", "debit-notes", "day-book", "hsn")
            ),
        )
    },
    "api/books/gstr1.xlsx": {"GET": Rule(ADMIN_ONLY, NO_STAFF, query={"period": "102026"})},
    # marking a return filed is the owner's or manager's (a filing keeps what the return reported)
    "api/books/gstr1/filing": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF, query={"period": "102026"}),
        "POST": Rule((401, 403, 403, 201), NO_STAFF, body=lambda world, actor: {"period": "102026"}),
    },
    "api/books/tally.xml": {"GET": Rule(ADMIN_ONLY, NO_STAFF, query={"from": "2026-11-01", "to": "2026-11-30"})},
    # slots: checkout's offer is public; the weekly plan is the admin's
    "api/slots": {"GET": Rule(PUBLIC)},
    # Packers and riders read the plan to choose a window's sheets; only the owner changes it.
    "api/slots/windows": {
        "GET": Rule(ADMIN_ONLY, staff(403, 200, 200)),
        "POST": Rule(
            (401, 403, 403, 201),
            NO_STAFF,
            body=lambda world, actor: {
                "weekday": 1,
                "start": "16:00",
                "end": "19:00",
                "capacity": 20,
                "cutoffHours": 2,
            },
        ),
    },
    "api/slots/windows/<str:window_id>": {
        "PUT": Rule(ADMIN_ONLY, NO_STAFF, body=lambda world, actor: {"capacity": 25}),
        "DELETE": Rule(ADMIN_ONLY, NO_STAFF),
    },
    "api/slots/holidays": {
        "POST": Rule((401, 403, 403, 201), NO_STAFF, body=lambda world, actor: {"date": "2099-08-15"})
    },
    "api/slots/holidays/<str:holiday_id>": {"DELETE": Rule(ADMIN_ONLY, NO_STAFF)},
    # The coming days' load: every staff member reads it (the cashier books phone orders into
    # slots); only the owner sets a date's own capacity.
    "api/slots/days": {"GET": Rule(ADMIN_ONLY, staff(200, 200, 200))},
    "api/slots/days/<str:slot_id>": {"PUT": Rule(ADMIN_ONLY, NO_STAFF, body=lambda world, actor: {"capacity": 3})},
    # Moving a closed day's or an over-booked slot's orders to another slot (issue 45): the owner's
    # or manager's. The world has no delivery windows, so past the gate the slot is unknown (400).
    "api/slots/moves": {
        "POST": Rule(
            (401, 403, 403, 400),
            NO_STAFF,
            body=lambda world, actor: {"orders": [world.order.invoice_number], "to": "2099-01-01.1"},
        )
    },
    # support: shoppers report about their own delivered orders; staff decide
    # Tickets decide refunds: the owner's.
    "api/support/tickets": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF),
        # The customer's order is not delivered yet (409): past the gate; anyone else's is not found.
        "POST": Rule((401, 409, 404, 404), body=lambda world, actor: _report_body(world)),
    },
    "api/support/tickets/mine": {"GET": Rule(SIGNED_IN)},
    "api/support/tickets/<str:number>": {"GET": Rule(OWNER_OR_ADMIN, staff(404, 404, 404))},
    # The admin gets past the gate: an amount of 0 is refused (400).
    "api/support/tickets/<str:number>/approve": {
        "POST": Rule((401, 403, 403, 400), NO_STAFF, body=lambda world, actor: {"amount": 0})
    },
    "api/support/tickets/<str:number>/reject": {
        "POST": Rule(ADMIN_ONLY, NO_STAFF, body=lambda world, actor: {"reason": "Delivered in full."})
    },
    "api/support/tickets/<str:number>/acknowledge": {"POST": Rule(ADMIN_ONLY, NO_STAFF)},
    # The world's ticket is a problem report: the admin gets past the gate to a 409 (resolve is for grievances).
    "api/support/tickets/<str:number>/resolve": {
        "POST": Rule((401, 403, 403, 409), NO_STAFF, body=lambda world, actor: {"answer": "Refunded in full."})
    },
    # Only the shopper reports about an order, so staff are not shown the report page's state.
    "api/support/orders/<str:public_id>": {"GET": Rule((401, 200, 404, 404))},
    # Past the gate, a request without a photo is refused (400).
    "api/support/photos": {"POST": Rule((401, 400, 400, 400), format="multipart")},
    # Any other /api/ path: a JSON 404, whoever asks.
    # Inventory (issue 42): suppliers, purchases, stock takes, reorder and margins are costs and
    # stock value, the owner's or manager's alone. Past the gate, the service's own answer: an
    # empty body is 400, a purchase or stock take that is not there 404.
    "api/inventory/suppliers": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF),
        "POST": Rule(
            (401, 403, 403, 400), NO_STAFF, body=lambda world, actor: {"name": "X", "gstin": "27AAPFU0939F1ZW"}
        ),
    },
    "api/inventory/purchases": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF),
        "POST": Rule(
            (401, 403, 403, 404),
            NO_STAFF,
            body=lambda world, actor: {
                "supplierId": 999999,
                "invoiceNumber": "INV-1",
                "invoiceDate": "2026-04-01",
                "lines": [],
            },
        ),
    },
    "api/inventory/purchases/import": {"POST": Rule((401, 403, 403, 400), NO_STAFF, format="multipart")},
    "api/inventory/purchases/<int:purchase_id>": {"GET": Rule((401, 403, 403, 404), NO_STAFF)},
    "api/inventory/reorder": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    "api/inventory/reorder/sms": {
        "POST": Rule((401, 403, 403, 404), NO_STAFF, body=lambda world, actor: {"supplierId": "999999"})
    },
    "api/inventory/categories": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    "api/inventory/purchases/<int:purchase_id>/post": {"POST": Rule((401, 403, 403, 404), NO_STAFF)},
    "api/inventory/purchases/<int:purchase_id>/returns": {
        "POST": Rule((401, 403, 403, 400), NO_STAFF, body=lambda world, actor: {"reason": "", "lines": "x"})
    },
    "api/inventory/stock-takes": {
        "GET": Rule(ADMIN_ONLY, NO_STAFF),
        "POST": Rule((401, 403, 403, 404), NO_STAFF, body=lambda world, actor: {"categoryId": 999999}),
    },
    "api/inventory/stock-takes/<int:take_id>": {
        "GET": Rule((401, 403, 403, 404), NO_STAFF),
        "PUT": Rule((401, 403, 403, 404), NO_STAFF, body=lambda world, actor: {"counts": []}),
    },
    "api/inventory/stock-takes/<int:take_id>/post": {"POST": Rule((401, 403, 403, 404), NO_STAFF)},
    "api/inventory/margins": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    "api/inventory/near-expiry": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    "api/inventory/packs/<int:financial_id>/history": {"GET": Rule(ADMIN_ONLY, NO_STAFF)},
    "api/inventory/packs/<int:financial_id>/price-check": {"GET": Rule(ADMIN_ONLY, NO_STAFF, query={"price": "100"})},
    r"api/^[\s\S]*$": {method: Rule(everyone(404)) for method in ("GET", "POST", "PUT", "DELETE")},
}

PUBLIC_PAGE, SIGNED_IN_PAGE, ADMIN_PAGE = "public", "signed-in", "admin"

# Every page route and the gate it declares.
PAGES: dict[str, str] = {
    "": PUBLIC_PAGE,
    "page/<int:pageNumber>": PUBLIC_PAGE,
    "search": PUBLIC_PAGE,
    "search/<str:keyword>": PUBLIC_PAGE,
    "search/<str:keyword>/page/<int:pageNumber>": PUBLIC_PAGE,
    "category/<str:categoryName>": PUBLIC_PAGE,
    "product/<str:slug>": PUBLIC_PAGE,
    "cart": PUBLIC_PAGE,
    "login": PUBLIC_PAGE,
    "register": PUBLIC_PAGE,
    "terms.html": PUBLIC_PAGE,
    "privacy.html": PUBLIC_PAGE,
    "refund-policy.html": PUBLIC_PAGE,
    "shipping-policy.html": PUBLIC_PAGE,
    "payment-terms.html": PUBLIC_PAGE,
    # Its forms (POST) are for everyone too: support/tests/test_grievances.py, per role.
    "grievance.html": PUBLIC_PAGE,
    "shipping": SIGNED_IN_PAGE,
    "payment": SIGNED_IN_PAGE,
    "placeorder": SIGNED_IN_PAGE,
    "order/<str:id>": SIGNED_IN_PAGE,
    "order/<str:id>/report": SIGNED_IN_PAGE,
    "profile": SIGNED_IN_PAGE,
    "payment/success": SIGNED_IN_PAGE,
    "payment/failure": SIGNED_IN_PAGE,
    "admin/orderlist": ADMIN_PAGE,
    "admin/productlist": ADMIN_PAGE,
    "admin/productlist/<int:pageNumber>": ADMIN_PAGE,
    "admin/product/<str:productRef>/edit/<str:detailId>": ADMIN_PAGE,
    "admin/userlist": ADMIN_PAGE,
    "admin/user/<str:id>/edit": ADMIN_PAGE,
    "admin/tickets": ADMIN_PAGE,
    "admin/slots": ADMIN_PAGE,
    "admin/counter": ADMIN_PAGE,
    "admin/phone-order": ADMIN_PAGE,
    "admin/rider": ADMIN_PAGE,
    "admin/picking": ADMIN_PAGE,
    "admin/picklist": ADMIN_PAGE,
    "admin/packingslips": ADMIN_PAGE,
    "admin/deliverysheet": ADMIN_PAGE,
    "admin/dashboard": ADMIN_PAGE,
    "admin/books": ADMIN_PAGE,
    "admin/stock": ADMIN_PAGE,
    # Any other path shows the home list (spec §2).
    r"^(?!api/|static/|media/|staff/|ws/).*$": PUBLIC_PAGE,
}

# Which staff roles each admin page lets in (`data-roles`, base.html's gate; the chrome's menu
# from the same table, shop/pages.py `staff_screens`). The owner opens them all.
OWNER = "owner"
PAGE_ROLES: dict[str, tuple[str, ...]] = {
    "admin/orderlist": (OWNER, PACKER),  # the live board
    "admin/productlist": (OWNER, CASHIER),  # looking products up; changing them is the owner's (API)
    "admin/productlist/<int:pageNumber>": (OWNER, CASHIER),
    "admin/product/<str:productRef>/edit/<str:detailId>": (OWNER,),  # prices
    "admin/userlist": (OWNER,),
    "admin/user/<str:id>/edit": (OWNER, CASHIER),  # a cashier: the store credit panel only (issue 48)
    "admin/tickets": (OWNER,),  # refunds
    "admin/slots": (OWNER,),
    "admin/picking": (OWNER, PACKER, RIDER),
    "admin/picklist": (OWNER, PACKER),
    "admin/packingslips": (OWNER, PACKER),
    "admin/deliverysheet": (OWNER, PACKER, RIDER),
    "admin/dashboard": (OWNER,),  # reports
    "admin/books": (OWNER,),  # GST returns (money)
    "admin/stock": (OWNER,),  # costs, suppliers, stock value (money)
    "admin/counter": (OWNER, CASHIER),
    "admin/phone-order": (OWNER, CASHIER),
    "admin/rider": (OWNER, RIDER),
}

# Everything else outside /api/ and /staff/: (method, path or None for the route filled in) -> statuses.
OTHER_ROUTES: dict[str, dict[str, tuple]] = {
    "healthz": {"GET": PUBLIC},
    "readyz": {"GET": PUBLIC},
    # Prometheus only: the token or the internal network (shop/tests/test_metrics.py); no role.
    "metrics": {"GET": everyone(404)},
    "service-worker.js": {"GET": PUBLIC},
    "manifest.webmanifest": {"GET": PUBLIC},
    "robots.txt": {"GET": PUBLIC},
    "sitemap.xml": {"GET": PUBLIC},
    r"^socket\.io(?:/.*)?$": {"GET": everyone(404)},
    r"^media/(?P<path>.+)$": {"GET": everyone(404)},  # a file that is not there; real files are public
    # The gateway's return: its signature, not a login, decides; an unsigned one goes to failure.
    "payments/return": {"GET": everyone(302), "POST": everyone(302)},
    # The sandbox's hosted page is reached by its unguessable payment id, as a gateway's page is.
    "payments/sandbox/<str:gateway_order_id>": {"GET": PUBLIC},
    # The ONDC network's door: off by default (404); when on, the caller's signature decides, not a
    # login: every role unsigned gets 401 (ondc/tests/test_door.py::test_a_login_is_no_signature).
    **{f"ondc/{action}": {"POST": everyone(404)} for action in ONDC_ACTIONS},
    # Onboarding (off by default: 404): the registry's encrypted challenge decides, not a login
    # (ondc/tests/test_onboarding.py); the verification page is public once ONDC is on.
    "ondc/on_subscribe": {"POST": everyone(404)},
    "ondc-site-verification.html": {"GET": everyone(404)},
}

WEBSOCKETS = {
    "ws/cart/": "public: the cart's prices and stock, for guests too",
    # Not a Channels route: python-socketio in front of Channels (realtime/socketio.py); its four
    # roles are tried in realtime/tests/test_socketio.py.
    "socket.io/": "public: the cart's prices and stock for the existing client, for guests too",
    # Checked per role in realtime/tests/test_order_socket.py::test_who_may_follow_an_order.
    "ws/orders/<str:public_id>/": "the order's owner and staff: anonymous 4401, another customer 4404",
    # Checked per role in realtime/tests/test_staff_socket.py.
    "ws/staff/orders/": "the board's roles, owner and packer: anonymous 4401, a customer, a cashier or a rider 4403",
}

# How the matrix fills a route's parameters (or the whole path, for regular-expression routes).
EXAMPLE_PATHS = {
    r"api/^[\s\S]*$": "/api/no-such-endpoint",
    r"^(?!api/|static/|media/|staff/|ws/).*$": "/no-such-page",
    r"^socket\.io(?:/.*)?$": "/socket.io/?EIO=4&transport=polling",
    r"^media/(?P<path>.+)$": "/media/no/such/file.webp",
    # A search with nothing to search for goes home (issue 45: blank does nothing); one with words is the page.
    "search": "/search?query=rice",
}
PARAMETERS: dict[str, Callable[[World], object]] = {
    "ref": lambda world: world.product.slug,
    "slug": lambda world: world.product.slug,
    "productRef": lambda world: world.product.slug,
    "category": lambda world: world.category.name,
    "categoryName": lambda world: world.category.name,
    "detail_id": lambda world: world.detail.pk,
    "detailId": lambda world: world.detail.pk,
    "financial_id": lambda world: world.pack.pk,
    "public_id": lambda world: world.order.public_id,
    "item_id": lambda world: world.order.items.get().pk,
    "id": lambda world: world.order.public_id,
    "gateway_order_id": lambda world: world.payment.gateway_order_id,
    "keyword": lambda world: "oil",
    "pageNumber": lambda world: 1,
    "number": _ticket_number,
    "alert_id": _alert_id,
    "window_id": _window_id,
    "holiday_id": _holiday_id,
    "slot_id": _slot_id,
    "code": _barcode,
    "purchase_id": lambda world: 999999,  # none: past the gate, 404 (inventory/tests, per action)
    "take_id": lambda world: 999999,  # none: past the gate, 404 (inventory/tests, per action)
}
# The account routes act on the customer's account.
ACCOUNT_ROUTES = {"api/users/<str:ref>/address", "api/users/<str:ref>", "api/users/<str:ref>/credit"}


def _routes(patterns, prefix: str = ""):
    """(route, view) for every URL pattern under `patterns`, as the resolver joins them."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern.callback


def _view_methods(view) -> set[str] | None:
    """The HTTP methods a class-based view handles; None for a function view (the table says)."""
    view_class = getattr(view, "cls", None) or getattr(view, "view_class", None)
    if view_class is None:
        return None
    return {method.upper() for method in ("get", "post", "put", "patch", "delete") if hasattr(view_class, method)}


def _undecided() -> list[str]:
    problems = []
    served = {}
    for route, view in _routes(get_resolver().url_patterns):
        if route.startswith("staff/"):
            continue  # Django admin: one decision for all its routes (test_staff_admin_* below)
        served[route] = view
        if route in PAGES:
            if PAGES[route] == ADMIN_PAGE and route not in PAGE_ROLES:
                problems.append(f"admin page {route!r} has no roles: add it to PAGE_ROLES")
            continue
        decided = API.get(route) or OTHER_ROUTES.get(route)
        if decided is None:
            problems.append(
                f"{route!r} has no permission decision: add it to API, PAGES or OTHER_ROUTES in "
                f"{__name__.replace('.', '/')}.py with the status for {', '.join(ROLES)}"
            )
            continue
        for method, rule in (API.get(route) or {}).items():
            if rule.is_staff_route and rule.roles is None:
                problems.append(
                    f"{route!r} {method} is a staff route without a decision for {', '.join(STAFF)}: "
                    "give its Rule the roles' statuses (staff(...) or NO_STAFF)"
                )
        handled = _view_methods(view)
        if handled is not None and handled != set(decided) and route in API and not route.startswith("api/^"):
            missing, extra = sorted(handled - set(decided)), sorted(set(decided) - handled)
            problems.append(f"{route!r}: methods without a decision {missing}, decisions for no handler {extra}")
    for route in [*API, *PAGES, *OTHER_ROUTES]:
        if route not in served:
            problems.append(f"{route!r} is decided but no longer served: remove its decision")
    from realtime.routing import websocket_urlpatterns

    for route, _ in _routes(websocket_urlpatterns):
        if route not in WEBSOCKETS:
            problems.append(f"websocket {route!r} has no decision: add it to WEBSOCKETS")
    return problems


def test_every_route_has_a_permission_decision():
    assert _undecided() == []


def test_an_undecided_route_fails_with_a_message_saying_where_to_decide(monkeypatch):
    monkeypatch.delitem(API, "api/orders/mine")
    monkeypatch.setitem(API["api/products"], "PATCH", Rule(ADMIN_ONLY))

    assert sorted(_undecided()) == [
        f"'api/orders/mine' has no permission decision: add it to API, PAGES or OTHER_ROUTES in "
        f"{__name__.replace('.', '/')}.py with the status for anonymous, customer, other customer, admin, "
        "cashier, packer, rider",
        "'api/products' PATCH is a staff route without a decision for cashier, packer, rider: "
        "give its Rule the roles' statuses (staff(...) or NO_STAFF)",
        "'api/products': methods without a decision [], decisions for no handler ['PATCH']",
    ]


def test_a_staff_route_without_the_roles_decision_fails(monkeypatch):
    monkeypatch.setitem(API, "api/orders/board", {"GET": Rule(ADMIN_ONLY)})

    assert _undecided() == [
        "'api/orders/board' GET is a staff route without a decision for cashier, packer, rider: "
        "give its Rule the roles' statuses (staff(...) or NO_STAFF)"
    ]


@pytest.fixture
def world(make_user, sms_outbox) -> World:
    from accounts.services import user_role_set
    from checkout.placement import Address, LineRequest, Totals, order_place
    from payments.services import payment_initiate

    users = {
        ANON: None,
        CUSTOMER: make_user("9876500001", PASSWORD, name="Asha Customer", **ADDRESS),
        OTHER: make_user("9876500002", PASSWORD, name="Ravi Other", **ADDRESS),
        ADMIN: make_user("9876500099", PASSWORD, name="Lakshmi Admin", is_staff=True, **ADDRESS),
    }
    for number, role in enumerate(STAFF, start=1):
        member = make_user(f"98765001{number:02d}", PASSWORD, name=f"Staff {role}", **ADDRESS)
        users[role] = user_role_set(actor=users[ADMIN], user=member, role=role)
    category = make_category("OILS")
    product = make_product("Sunflower Oil", category=category, brands={"Fortune": [("1", "L", "160.00", "145.50", 40)]})
    detail = product.details.get()
    pack = detail.financials.get()

    def place(method: str):
        return order_place(
            user=users[CUSTOMER],
            items=[LineRequest(product_id=product.pk, brand_id=detail.pk, financial_id=pack.pk, qty=1)],
            shipping_address=Address(**ADDRESS),
            payment_method=method,
            client_totals=Totals(items_price=pack.dprice, shipping_price=Decimal("0.00"), total_price=pack.dprice),
        )

    order, online_order = place("Cash Or UPI"), place("Online")
    payment, _ = payment_initiate(user=users[CUSTOMER], public_id=online_order.public_id, online_checkout=True)
    return World(users, category, product, detail, pack, order, online_order, payment)


def _path(route: str, world: World) -> str:
    if route in EXAMPLE_PATHS:
        return EXAMPLE_PATHS[route]
    path = "/" + route
    for name, value in PARAMETERS.items():
        if route in ACCOUNT_ROUTES and name == "ref":
            value = lambda world: world.customer.pk  # noqa: E731
        for converter in ("str", "int", "path"):
            if f"<{converter}:{name}>" in path:  # a value is made only for a route that names it
                path = path.replace(f"<{converter}:{name}>", str(value(world)))
    assert "<" not in path, f"{route}: a parameter the matrix cannot fill; add it to PARAMETERS"
    return path


def _call_api(world: World, route: str, method: str, role: str):
    rule = API[route][method]
    actor = world.actor(role)
    client = client_for(actor)
    path = _path(route, world)
    if method == "GET":
        response = client.get(path, rule.query)
    else:
        body = rule.body(world, actor) if rule.body else {}
        response = getattr(client, method.lower())(path, body, format=rule.format)
    assert response.status_code == rule.status_for(role), f"{method} {path} as {role}: {response.content[:300]!r}"
    if response.status_code >= 400:
        assert "message" in response.json()


READS = [route for route, methods in API.items() if "GET" in methods]
WRITES = [
    (route, method, role) for route, methods in API.items() for method in methods if method != "GET" for role in ROLES
]


@pytest.mark.parametrize("route", READS)
def test_api_read(world, route):
    """A read changes nothing, so the four callers take turns on one world."""
    for role in ROLES:
        _call_api(world, route, "GET", role)


@pytest.mark.parametrize(("route", "method", "role"), WRITES, ids=[" ".join(case) for case in WRITES])
def test_api_write(world, route, method, role):
    """Each caller's write runs on a world of its own."""
    rule = API[route][method]
    if rule.prepare:
        rule.prepare(world)
    _call_api(world, route, method, role)


@pytest.mark.parametrize("route", PAGES)
def test_page(world, route):
    """Each page renders its shell for everyone, declaring the gate that base.html enforces."""
    for role in ROLES:
        client = Client()
        if world.actor(role) is not None:
            client.force_login(world.actor(role))

        response = client.get(_path(route, world))

        assert response.status_code == 200, (route, role)
        html = response.content.decode()
        assert f'data-gate="{PAGES[route]}"' in html, (route, role)
        if route in PAGE_ROLES:
            assert f'data-roles="{" ".join(PAGE_ROLES[route])}"' in html, (route, role)
        else:
            assert "data-roles=" not in html, (route, role)


OTHER_CASES = [(route, method) for route, methods in OTHER_ROUTES.items() for method in methods]


@pytest.mark.parametrize(("route", "method"), OTHER_CASES, ids=[" ".join(case) for case in OTHER_CASES])
def test_other_route(world, route, method):
    for role in ROLES:
        client = Client()
        if world.actor(role) is not None:
            client.force_login(world.actor(role))

        response = getattr(client, method.lower())(_path(route, world))

        decided = OTHER_ROUTES[route][method]  # staff get another customer's answer: no route here is theirs
        assert response.status_code == decided[ROLES.index(OTHER if role in STAFF else role)], (route, method, role)


# --- Django admin (/staff/) ----------------------------------------------------------------------


def _staff_paths(rows: dict) -> list[tuple[str, str, object]]:
    """(route, path, model admin or None) for every Django admin route a GET can open."""
    paths = []
    for route, _ in _routes(admin.site.urls[0]):
        model = next((m for m in rows if route.startswith(f"{m._meta.app_label}/{m._meta.model_name}/")), None)
        path = route
        if route in STAFF_POST_ONLY or "<int:content_type_id>" in route:
            continue  # "view on site" only redirects to the shop's own page
        if "<" in path:  # <path:object_id>, <id>: one row of the model
            if model is None or rows[model] is None:
                continue  # no such row in this world; the model's list and add pages still run
            path = re.sub(r"<[^>]+>", str(rows[model].pk), path)
        if path.startswith("^"):  # an app's index, or the catch-all
            path = "orders/" if "app_label" in path else "no/such/page/"
        paths.append((route, "/staff/" + path, admin.site._registry.get(model)))
    return paths


STAFF_OPEN = {"login/"}  # the login page itself is for everyone
STAFF_POST_ONLY = {"logout/"}
# Staff get past the gate; the autocomplete asks for parameters a bare request does not give.
STAFF_PAST_THE_GATE = {"autocomplete/": 403}


def _staff_refuses(model_admin, route: str, request) -> bool:
    """The model's admin itself refuses staff this action (SMS texts are never added by hand...)."""
    if model_admin is None:
        return False
    if route.endswith("/add/"):
        return not model_admin.has_add_permission(request)
    if route.endswith("/delete/"):
        return not model_admin.has_delete_permission(request)
    return False


def test_staff_admin_is_for_staff_only_on_every_route(world, rf):
    rows = {model: model.objects.order_by("pk").first() for model in admin.site._registry}
    staff_request = rf.get("/staff/")
    staff_request.user = world.actor(ADMIN)
    paths = _staff_paths(rows)
    clients = {role: Client() for role in ROLES}  # each signed in once; no GET here signs anyone out
    for role, client in clients.items():
        if world.actor(role) is not None:
            client.force_login(world.actor(role))
    for route, path, model_admin in paths:
        for role in ROLES:
            if role in STAFF:
                continue  # test_each_staff_role_sees_only_its_models_in_django_admin
            response = clients[role].get(path)
            where = (path, role, response.status_code)
            if route in STAFF_OPEN:
                assert response.status_code in ({200, 302} if role == ADMIN else {200}), where
            elif role != ADMIN:
                assert response.status_code == 302, where
                assert response["Location"].startswith("/staff/login/"), where
            elif route in STAFF_PAST_THE_GATE:
                assert response.status_code == STAFF_PAST_THE_GATE[route], where
            elif _staff_refuses(model_admin, route, staff_request):
                assert response.status_code == 403, where
            else:
                assert response.status_code in (200, 302), where
                assert "/staff/login/" not in response.get("Location", ""), where
    assert len(paths) > 50  # every model's pages, not a handful


# What each role opens in Django admin: the models of its group's permissions (accounts/roles.py
# ROLE_PERMISSIONS), view only unless it says change. Every other model answers 403.
ROLE_ADMIN_MODELS = {
    CASHIER: {"catalog.category", "catalog.product", "catalog.detail", "catalog.financial", "orders.order"}
    | {"delivery.slot", "promotions.promotion", "catalog.barcode"},
    PACKER: {"catalog.product", "catalog.detail", "catalog.financial", "orders.order", "delivery.deliverywindow"}
    | {"delivery.slot", "orders.slotbooking", "catalog.barcode"},
    RIDER: {"orders.order"},
}


@pytest.mark.parametrize("role", STAFF)
def test_each_staff_role_sees_only_its_models_in_django_admin(world, role):
    client = Client()
    client.force_login(world.actor(role))
    assert client.get("/staff/").status_code == 200  # in through the door, not sent to its login
    opened = set()
    for model in admin.site._registry:
        label = model._meta.label_lower
        changelist = client.get(f"/staff/{model._meta.app_label}/{model._meta.model_name}/")
        assert changelist.status_code in (200, 403), (label, changelist.status_code)
        if changelist.status_code == 200:
            opened.add(label)
        # Nobody but the owner adds or deletes anything.
        assert client.get(f"/staff/{model._meta.app_label}/{model._meta.model_name}/add/").status_code == 403, label
    assert opened == ROLE_ADMIN_MODELS[role]
    order = world.order
    change_page = client.get(f"/staff/orders/order/{order.pk}/change/")
    assert change_page.status_code == 200
    assert ('name="_save"' in change_page.content.decode()) is (role == PACKER)  # packers change orders
    assert client.get("/staff/payments/").status_code == 404  # an app of none of its models: not there
