"""Consumer Protection (E-Commerce) Rules 2020, rule 5(3)(c) and issue 28: the total the Place Order
step shows (the cart's items plus the configured shipping, `shop_config`) is what the order charges
and what the gateway is asked for, with no fee added after that step."""

from decimal import Decimal

import pytest

from orders.tests.conftest import line, payload
from payments.models import Payment
from shop.context_processors import shop_config

pytestmark = pytest.mark.django_db


def _shown(lines) -> Decimal:
    """The Place Order step's total: packs × selling price, plus the shipping the config shows."""
    items = sum(Decimal(item["dprice"]) * item["qty"] for item in lines)
    return items + Decimal(str(shop_config()["shippingPrice"]))


def test_the_total_shown_before_placing_is_what_the_order_and_the_gateway_charge(as_user, shopper, packs):
    lines = [line(packs.oil_1l, 3), line(packs.rice_5kg, 2)]
    shown = _shown(lines)
    client = as_user(shopper)

    placed = client.post("/api/orders", payload(lines, shopper, method="Online", total=f"{shown:.2f}"), format="json")

    assert placed.status_code == 201, placed.content
    order = placed.json()
    assert Decimal(str(order["totalPrice"])) == shown
    assert Decimal(str(order["itemsPrice"])) + Decimal(str(order["shippingPrice"])) == shown
    started = client.post(
        "/api/payments/initiateJuspayPayment",
        {"order_id": order["_id"], "amount": float(shown), "customerId": shopper.phone_no},
        format="json",
    )
    assert started.status_code == 200, started.content
    assert Payment.objects.get().amount == shown


def test_an_order_is_never_placed_for_more_than_the_total_shown(as_user, shopper, packs):
    lines = [line(packs.oil_1l, 3)]
    shown = _shown(lines) - Decimal("1.00")  # a screen that showed less than the packs cost now

    answer = as_user(shopper).post("/api/orders", payload(lines, shopper, total=f"{shown:.2f}"), format="json")

    assert answer.status_code == 409
