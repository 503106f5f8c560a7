"""Network orders: `confirm` placed through the website's placement, and the order told back as ONDC names it.

`confirm` goes through `checkout.placement.order_place` exactly as a website order does (the same
locks, stock taken through the catalog, prices checked against the quote the buyer app confirms,
the same refusals), with `channel=ondc` and the delivery address the buyer app sends. It is
idempotent by the network's order id: a `NetworkOrder` row, unique per buyer app, is written in
the placement's transaction, so a `confirm` sent twice or two racing ones place one order, and the
second is answered with the first's order.

The buyer is the shop's customer with the billing phone number, or a new account for that number
(inactive, no password: signing in later with an OTP claims it and its orders).
"""

import logging
import re
from decimal import Decimal, InvalidOperation

from django.db import IntegrityError, transaction

from accounts.models import PHONE_PATTERN, User
from aftersale.cancellation import order_cancel
from checkout.placement import Address, LineRequest, Totals, order_place
from common.errors import DomainError
from common.money import to_paise
from ondc import errors
from ondc.errors import Refused
from ondc.listing import FULFILLMENT_ID, LOCATION_ID, TIME_TO_SHIP, provider_id, rupees
from ondc.models import NetworkMessage, NetworkOrder
from ondc.quotes import wanted_lines
from ondc.settlement import tcs_paise, terms_of
from orders.models import Order
from orders.services import order_mark_paid

logger = logging.getLogger(__name__)

# The shop's pipeline in the network's words: (the order's state, its fulfillment's state).
STATES = {
    Order.Status.PLACED: ("Accepted", "Pending"),
    Order.Status.PACKED: ("In-progress", "Packed"),
    Order.Status.DISPATCHED: ("In-progress", "Out-for-delivery"),
    Order.Status.DELIVERED: ("Completed", "Order-delivered"),
    Order.Status.CANCELLED: ("Cancelled", "Cancelled"),
}
# The confirm's context kept for the messages the shop sends about the order unasked.
UNSOLICITED_CONTEXT = ("domain", "country", "city", "core_version", "bap_id", "bap_uri", "transaction_id")
PAYMENT_METHODS = {
    NetworkOrder.Payment.PREPAID: Order.PaymentMethod.ONLINE,
    NetworkOrder.Payment.ON_DELIVERY: Order.PaymentMethod.CASH_OR_UPI,
}
# ONDC's cancellation reason codes a buyer may give (retail 1.2); the code and its words are kept.
BUYER_CANCEL_REASONS = {
    "001": "Price of one or more items have changed due to which buyer was asked to make additional payment",
    "003": "Product available at lower than order price",
    "006": "Order not received as per buyer app TAT SLA",
    "009": "Wrong delivery address",
    "010": "Buyer wants to modify address / other order details",
    "012": "Buyer does not want product any more",
}


def _phone(value) -> str:
    digits = re.sub(r"\D", "", str(value or ""))[-10:]
    if not PHONE_PATTERN.fullmatch(digits):
        raise Refused(errors.INVALID_REQUEST, "billing.phone must be an Indian mobile number")
    return digits


def buyer_account(*, phone: str, name: str) -> User:
    user = User.objects.filter(phone_no=phone).first()
    if user is not None:
        return user
    user = User(phone_no=phone, name=str(name or "")[:120], is_active=False)
    user.set_unusable_password()
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:
        user = User.objects.get(phone_no=phone)
    return user


def _address(end: dict) -> Address:
    address = (end.get("location") or {}).get("address") or {}
    street = ", ".join(
        str(address[part]).strip() for part in ("name", "building", "street", "locality") if address.get(part)
    )
    return Address(
        street=street[:255], city=str(address.get("city") or "")[:120], postal_code=str(address.get("area_code") or "")
    )


def _confirmed_totals(order: dict) -> Totals:
    """The quote the buyer app confirms, as totals the placement compares with its own prices."""
    try:
        quote = order["quote"]
        total = Decimal(str(quote["price"]["value"]))
        shipping = sum(
            (
                Decimal(str(entry["price"]["value"]))
                for entry in quote["breakup"]
                if entry.get("@ondc/org/title_type") == "delivery"
            ),
            Decimal("0.00"),
        )
    except (KeyError, TypeError, InvalidOperation):
        raise Refused(errors.INVALID_REQUEST, "order.quote needs its price and breakup") from None
    return Totals(items_price=total - shipping, shipping_price=shipping, total_price=total)


def _taxable_paise(order: Order) -> int:
    lines = sum(to_paise(item.taxable_value or item.line_total) for item in order.items.all())
    return lines + to_paise(order.shipping_taxable_value or 0)


def _refusal(error: DomainError) -> Refused:
    code = error.extra.get("code")
    if code == "out_of_stock":
        return Refused(errors.QUOTE_UNAVAILABLE, error.message)
    if code == "price_changed":
        return Refused(errors.PRICE_CHANGED, "the quote is no longer valid: prices have changed")
    return Refused(errors.ORDER_REFUSED, error.message)


def order_confirm(*, request: NetworkMessage) -> NetworkOrder:
    context, order = request.body["context"], request.body["message"].get("order") or {}
    network_id = str(order.get("id") or "").strip()
    if not network_id or len(network_id) > 100:
        raise Refused(errors.INVALID_REQUEST, "order.id is needed (at most 100 characters)")
    existing = NetworkOrder.objects.filter(bap_id=request.bap_id, network_order_id=network_id).first()
    if existing is not None:
        return existing
    payment = order.get("payment") or {}
    payment_type = payment.get("type")
    if payment_type not in PAYMENT_METHODS:
        raise Refused(errors.INVALID_REQUEST, "payment.type must be ON-ORDER or ON-FULFILLMENT")
    billing = order.get("billing") or {}
    end = ((order.get("fulfillments") or [{}])[0] or {}).get("end") or {}
    lines = wanted_lines(order)
    confirmed = _confirmed_totals(order)
    terms = terms_of(payment, order_total_paise=to_paise(confirmed.total_price))
    buyer = buyer_account(
        phone=_phone(billing.get("phone") or (end.get("contact") or {}).get("phone")), name=billing.get("name")
    )
    try:
        with transaction.atomic():
            placed = order_place(
                user=buyer,
                items=[
                    LineRequest(
                        product_id=line.pack.detail.product_id,
                        brand_id=line.pack.detail_id,
                        financial_id=line.pack.pk,
                        qty=line.wanted,
                    )
                    for line in lines
                ],
                shipping_address=_address(end),
                payment_method=PAYMENT_METHODS[payment_type],
                client_totals=confirmed,
                substitution_preference=Order.SubstitutionPreference.REMOVE,
                channel=Order.Channel.ONDC,
                address_from_profile=False,
            )
            network_order = NetworkOrder.objects.create(
                bap_id=request.bap_id,
                bap_uri=request.bap_uri,
                network_order_id=network_id,
                transaction_id=context["transaction_id"],
                order=placed,
                payment_type=payment_type,
                details={
                    "billing": billing,
                    "end": end,
                    "payment": payment,
                    "context": {key: context.get(key) for key in UNSOLICITED_CONTEXT},
                },
                collector=terms.collector,
                finder_fee_type=terms.finder_fee_type,
                finder_fee_paise=terms.finder_fee_paise,
                settlement_basis=terms.settlement_basis,
                settlement_window=terms.settlement_window,
                withholding_paise=terms.withholding_paise,
                tcs_paise=tcs_paise(taxable_value_paise=_taxable_paise(placed), collector=terms.collector),
            )
            if payment_type == NetworkOrder.Payment.PREPAID:
                locked = Order.objects.select_for_update().get(pk=placed.pk)
                order_mark_paid(order=locked, reference=f"ONDC-{placed.invoice_number}", by=None)
    except IntegrityError:
        # A twin `confirm` placed it first (and this placement was rolled back): answer with theirs.
        existing = NetworkOrder.objects.filter(bap_id=request.bap_id, network_order_id=network_id).first()
        if existing is None:
            raise
        return existing
    except DomainError as error:
        raise _refusal(error) from None
    logger.info("ONDC order %s from %s placed as %s", network_id, request.bap_id, placed.public_id)
    network_order.order.refresh_from_db()  # as marked paid
    return network_order


def network_order_get(*, request: NetworkMessage, order_id) -> NetworkOrder:
    found = (
        NetworkOrder.objects.select_related("order")
        .filter(bap_id=request.bap_id, network_order_id=str(order_id or ""))
        .first()
    )
    if found is None:
        raise Refused(errors.ORDER_NOT_FOUND, "no such order")
    return found


def order_view(network_order: NetworkOrder) -> dict:
    """The order as the network reads it, from the shop's order (its lines as placed and as packed)."""
    order = network_order.order
    state, fulfillment_state = STATES[order.status]
    items = list(order.items.all())
    breakup = [
        {
            "@ondc/org/item_id": str(item.financial_id),
            "@ondc/org/item_quantity": {"count": item.qty},
            "title": item.name,
            "@ondc/org/title_type": "item",
            "price": {"currency": "INR", "value": rupees(item.price * item.qty)},
            "item": {"price": {"currency": "INR", "value": rupees(item.price)}},
        }
        for item in items
    ]
    breakup.append(
        {
            "@ondc/org/item_id": FULFILLMENT_ID,
            "title": "Delivery charges",
            "@ondc/org/title_type": "delivery",
            "price": {"currency": "INR", "value": rupees(order.shipping_price)},
        }
    )
    details = network_order.details
    return {
        "id": network_order.network_order_id,
        "state": state,
        "provider": {"id": provider_id(), "locations": [{"id": LOCATION_ID}]},
        "items": [
            {"id": str(item.financial_id), "fulfillment_id": FULFILLMENT_ID, "quantity": {"count": item.qty}}
            for item in items
        ],
        "billing": details.get("billing", {}),
        "fulfillments": [
            {
                "id": FULFILLMENT_ID,
                "type": "Delivery",
                "@ondc/org/TAT": TIME_TO_SHIP,
                "tracking": False,
                "state": {"descriptor": {"code": fulfillment_state}},
                "end": details.get("end", {}),
            }
        ],
        "quote": {"price": {"currency": "INR", "value": rupees(order.total_price)}, "breakup": breakup},
        "payment": {**details.get("payment", {}), "status": "PAID" if order.is_paid else "NOT-PAID"},
        "created_at": order.created_at.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "updated_at": (
            order.cancelled_at or order.delivered_at or order.dispatched_at or order.packed_at or order.created_at
        )
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z"),
    }


def order_cancel_by_buyer(*, request: NetworkMessage) -> NetworkOrder:
    """The buyer app cancels for its buyer: the website's customer cancel (while placed), money back."""
    message = request.body["message"]
    network_order = network_order_get(request=request, order_id=message.get("order_id"))
    reason_code = str(message.get("cancellation_reason_id") or "")
    if reason_code not in BUYER_CANCEL_REASONS:
        raise Refused(errors.INVALID_REQUEST, "cancellation_reason_id is not a buyer's reason code")
    order = network_order.order
    if order.status == Order.Status.CANCELLED:
        return network_order
    try:
        order_cancel(order=order, reason=f"ONDC {reason_code}: {BUYER_CANCEL_REASONS[reason_code]}", by=order.user)
    except DomainError as error:
        raise Refused(errors.CANCEL_REFUSED, error.message) from None
    network_order.order.refresh_from_db()
    return network_order
