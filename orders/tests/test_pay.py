"""`PUT /api/orders/{id}/pay`: an admin records cash; a customer's browser never marks an order paid."""

import pytest

from common.errors import Conflict, Forbidden
from orders.models import Order
from orders.services import order_record_cash_payment

pytestmark = pytest.mark.django_db


def test_an_admin_records_a_cash_payment(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)

    response = as_user(admin_user).put(f"/api/orders/{order.public_id}/pay")

    assert response.status_code == 200
    body = response.json()
    assert body["isPaid"] is True and body["paidAt"]
    assert body["orderId"] == f"CASH-{order.invoice_number}"
    order.refresh_from_db()
    assert order.is_paid and order.payment_reference == f"CASH-{order.invoice_number}"


def test_the_owner_cannot_mark_their_order_paid(as_user, shopper, place_order):
    order = place_order(shopper, method="Online")

    claim = {"id": "x", "status": "COMPLETED"}  # what a browser-side gateway callback might say
    response = as_user(shopper).put(f"/api/orders/{order.public_id}/pay", claim, format="json")

    assert response.status_code == 403
    assert response.json()["message"] == "Payments are confirmed by the payment gateway."
    assert Order.objects.get(pk=order.pk).is_paid is False


def test_paying_twice_is_a_conflict(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)
    as_user(admin_user).put(f"/api/orders/{order.public_id}/pay")
    paid_at = Order.objects.get(pk=order.pk).paid_at

    again = as_user(admin_user).put(f"/api/orders/{order.public_id}/pay")

    assert again.status_code == 409
    assert again.json()["message"] == f"Order {order.invoice_number} is already paid."
    assert Order.objects.get(pk=order.pk).paid_at == paid_at


def test_the_service_checks_who_records_the_payment(shopper, admin_user, place_order):
    order = place_order(shopper)
    with pytest.raises(Forbidden):
        order_record_cash_payment(order=order, by=shopper)
    order_record_cash_payment(order=order, by=admin_user)
    with pytest.raises(Conflict):
        order_record_cash_payment(order=order, by=admin_user)
