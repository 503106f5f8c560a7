"""The rider's round on their phone (`backoffice.rider`, `counter.rounds`): the dispatched orders in
route order, delivered with what was collected, and the cash handed over against the cash collected."""

from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.services import user_role_set
from conftest import client_for
from counter.models import DoorCollection, RiderHandover
from orders.models import Order, OrderEvent

pytestmark = pytest.mark.django_db


def deliver(user, order, **body):
    return client_for(user).post(f"/api/rider/orders/{order.public_id}/deliver", body, format="json")


def test_the_round_lists_dispatched_orders_in_route_order_with_call_and_map_links(rider, on_the_road):
    answer = client_for(rider).get("/api/rider/round")
    assert answer.status_code == 200
    data = answer.json()
    # Amalapuram (533201) comes before Kakinada (533001) on the route, as DELIVERY_PINCODES says.
    assert [stop["_id"] for stop in data["stops"]] == [order.public_id for order in on_the_road]
    stop = data["stops"][0]
    assert stop["toCollect"] == 291 and stop["phoneNo"] and stop["mapUrl"].startswith("https://www.google.com/maps/")
    assert "533201" in stop["mapUrl"]
    assert data["toCollect"] == 690
    assert data["figures"] == {"rider": str(rider.pk), "riderName": "Ravi Rider", "deliveries": 0, "cash": 0, "upi": 0}


def test_delivering_with_cash_pays_the_order_and_counts_in_the_round(rider, on_the_road):
    first, second = on_the_road
    answer = deliver(rider, first, method="cash", amount="291")
    assert answer.status_code == 200, answer.content
    first.refresh_from_db()
    assert (first.status, first.is_paid, first.payment_reference) == (
        "delivered",
        True,
        f"DOOR-CASH-{first.invoice_number}",
    )
    assert deliver(rider, second, method="upi", amount="399", reference="UPI123").status_code == 200
    figures = client_for(rider).get("/api/rider/round").json()
    assert figures["stops"] == []
    assert figures["figures"]["deliveries"] == 2
    assert (figures["figures"]["cash"], figures["figures"]["upi"]) == (291, 399)
    assert [row["method"] for row in figures["delivered"]] == ["cash", "upi"]


def test_a_wrong_amount_or_no_method_is_refused_and_nothing_moves(rider, on_the_road):
    first, _ = on_the_road
    for body in ({"method": "cash", "amount": "290"}, {"amount": "291"}, {"method": "cheque", "amount": "291"}):
        answer = deliver(rider, first, **body)
        assert answer.status_code == 400, body
        assert answer.json()["message"]
    first.refresh_from_db()
    assert (first.status, first.is_paid) == ("dispatched", False)
    assert not DoorCollection.objects.exists()


def test_a_wrong_amount_is_refused_in_the_riders_language(rider, on_the_road):
    first, _ = on_the_road
    answer = client_for(rider).post(
        f"/api/rider/orders/{first.public_id}/deliver",
        {"method": "cash", "amount": "1"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="te",
    )
    assert answer.status_code == 400 and not answer.json()["message"].isascii()


def test_a_paid_order_collects_nothing(rider, on_the_road):
    first, _ = on_the_road
    Order.objects.filter(pk=first.pk).update(is_paid=True, paid_at=timezone.now(), amount_paid=Decimal("291"))
    assert deliver(rider, first, method="cash", amount="291").status_code == 400
    assert deliver(rider, first).status_code == 200
    assert not DoorCollection.objects.exists()


def test_two_riders_marking_one_order_give_one_move(rider, other_rider, on_the_road):
    first, _ = on_the_road
    assert deliver(rider, first, method="cash", amount="291").status_code == 200
    again = deliver(other_rider, first, method="cash", amount="291")
    assert again.status_code == 409
    assert OrderEvent.objects.filter(order=first, to_status="delivered").count() == 1
    assert DoorCollection.objects.filter(order=first).count() == 1


def test_the_handover_equal_to_the_cash_closes_the_round(rider, on_the_road):
    first, second = on_the_road
    deliver(rider, first, method="cash", amount="291")
    deliver(rider, second, method="upi", amount="399")
    answer = client_for(rider).post("/api/rider/handover", {"handedOver": "291"}, format="json")
    assert answer.status_code == 201, answer.content
    data = answer.json()
    assert (data["collectedCash"], data["collectedUpi"], data["handedOver"], data["difference"]) == (291, 399, 291, 0)
    assert client_for(rider).get("/api/rider/round").json()["figures"]["deliveries"] == 0
    # Nothing left to hand over.
    assert client_for(rider).post("/api/rider/handover", {"handedOver": "0"}, format="json").status_code == 400


def test_a_difference_needs_a_reason_and_is_recorded_with_who(rider, admin_user, make_user, on_the_road):
    first, _ = on_the_road
    deliver(rider, first, method="cash", amount="291")
    cashier = user_role_set(actor=admin_user, user=make_user(name="Lakshmi"), role="cashier")
    short = client_for(cashier).post(
        "/api/rider/handover", {"rider": str(rider.pk), "handedOver": "280"}, format="json"
    )
    assert short.status_code == 400 and "say why" in short.json()["message"]
    assert not RiderHandover.objects.exists()
    recorded = client_for(cashier).post(
        "/api/rider/handover",
        {"rider": str(rider.pk), "handedOver": "280", "reason": "Shopper short of change"},
        format="json",
    )
    assert recorded.status_code == 201
    assert (recorded.json()["difference"], recorded.json()["by"]) == (-11, "Lakshmi")
    handover = RiderHandover.objects.get()
    assert (handover.rider, handover.by, handover.reason) == (rider, cashier, "Shopper short of change")


def test_a_rider_hands_over_only_their_own_round(rider, other_rider, on_the_road):
    first, _ = on_the_road
    deliver(rider, first, method="cash", amount="291")
    answer = client_for(other_rider).post(
        "/api/rider/handover", {"rider": str(rider.pk), "handedOver": "291"}, format="json"
    )
    assert answer.status_code == 403
    assert not RiderHandover.objects.exists()


@pytest.mark.parametrize("role", ["cashier", "packer"])
def test_other_staff_do_not_deliver(role, admin_user, make_user, on_the_road):
    staff = user_role_set(actor=admin_user, user=make_user(), role=role)
    assert deliver(staff, on_the_road[0], method="cash", amount="291").status_code == 403
    assert client_for(staff).get("/api/rider/round").status_code == 403


def test_the_round_reads_in_a_constant_number_of_queries(rider, on_the_road, django_assert_max_num_queries):
    deliver(rider, on_the_road[0], method="cash", amount="291")
    with django_assert_max_num_queries(8):
        assert client_for(rider).get("/api/rider/round").status_code == 200
