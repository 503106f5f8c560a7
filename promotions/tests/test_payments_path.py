"""Real placement and a real online payment (the sandbox gateway) reach promotions through
`order_changed`: placed → pending, delivered unpaid → still pending, paid online → confirmed."""

from decimal import Decimal

import pytest

from orders.pipeline import order_advance
from orders.tests.conftest import packs, place_order, shopper  # noqa: F401 - shared fixtures
from payments.services import payment_initiate
from promotions.models import Reward

pytestmark = pytest.mark.django_db


def test_an_online_order_earns_on_placement_and_confirms_when_paid_after_delivery(
    request, client, admin_user, silver, django_capture_on_commit_callbacks
):
    buyer, catalog, place = (request.getfixturevalue(name) for name in ("shopper", "packs", "place_order"))
    silver.earphones_threshold = Decimal("100.00")  # the test order is ₹291
    silver.save()
    with django_capture_on_commit_callbacks(execute=True):
        order = place(buyer, (catalog.oil_1l, 2), method="Online")
    assert list(Reward.objects.filter(order=order).values_list("prize", "status")) == [("earphones", "pending")]

    with django_capture_on_commit_callbacks(execute=True):
        for step in ("packed", "dispatched", "delivered"):
            order_advance(order=order, to_status=step, by=admin_user)
    assert Reward.objects.get(order=order).status == "pending", "delivered, not paid yet"

    payment, _status = payment_initiate(user=buyer, public_id=order.public_id)
    with django_capture_on_commit_callbacks(execute=True):
        back = client.post(payment.payment_link, {"action": "pay"})
        client.get(back["Location"])
    assert Reward.objects.get(order=order).status == "confirmed"
