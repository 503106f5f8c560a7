"""Staff reject a ticket with a reason the shopper reads; a decided ticket stays decided."""

import pytest

from conftest import client_for
from support.models import Ticket
from support.services import ReportedLine, ticket_open_problem_report
from support.tests.conftest import lines_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def ticket(shopper, delivered):
    oil, _ = lines_of(delivered)
    return ticket_open_problem_report(
        user=shopper, public_id=delivered.public_id, lines=[ReportedLine(oil.pk, "damaged", 2)]
    )


def test_a_rejection_records_who_when_and_why_and_texts_the_shopper(
    ticket, admin_user, shopper, sms_outbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(admin_user).post(
            f"/api/support/tickets/{ticket.number}/reject",
            {"reason": "The seal is intact in the photo."},
            format="json",
        )

    assert response.status_code == 200, response.content
    data = response.json()
    assert data["status"] == "rejected"
    assert data["decisionReason"] == "The seal is intact in the photo."
    assert data["resolvedAt"] and data["acknowledgedAt"]
    ticket.refresh_from_db()
    assert ticket.decided_by == admin_user
    assert any(ticket.number in t and "The seal is intact in the photo." in t for t in sms_outbox(shopper.phone_no))
    mine = client_for(shopper).get(f"/api/support/tickets/{ticket.number}").json()
    assert mine["decisionReason"] == "The seal is intact in the photo."


def test_a_rejection_needs_a_reason(ticket, admin_user):
    for reason in ("", "   ", "x" * 501):
        response = client_for(admin_user).post(
            f"/api/support/tickets/{ticket.number}/reject", {"reason": reason}, format="json"
        )
        assert response.status_code == 400, reason
    assert Ticket.objects.get().status == "open"


def test_a_decided_ticket_cannot_be_decided_again(ticket, admin_user):
    client = client_for(admin_user)
    client.post(f"/api/support/tickets/{ticket.number}/reject", {"reason": "No."}, format="json")

    again = client.post(f"/api/support/tickets/{ticket.number}/reject", {"reason": "No again."}, format="json")

    assert again.status_code == 409
    assert again.json()["code"] == "ticket_decided"
    assert Ticket.objects.get().decision_reason == "No."


def test_customers_cannot_decide_and_unknown_tickets_are_not_found(ticket, shopper, admin_user):
    path = f"/api/support/tickets/{ticket.number}/reject"
    assert client_for(shopper).post(path, {"reason": "Mine"}, format="json").status_code == 403
    missing = client_for(admin_user).post("/api/support/tickets/T-1999-000001/reject", {"reason": "x"}, format="json")
    assert missing.status_code == 404
    assert client_for(admin_user).get("/api/support/tickets/" + "T" * 300).status_code == 404


def test_the_staff_queue_is_oldest_first_with_age_and_a_status_filter(
    shopper, delivered, admin_user, django_assert_max_num_queries
):
    from datetime import timedelta

    from django.utils import timezone

    oil, rice = lines_of(delivered)
    first = ticket_open_problem_report(
        user=shopper, public_id=delivered.public_id, lines=[ReportedLine(oil.pk, "damaged", 1)]
    )
    second = ticket_open_problem_report(
        user=shopper, public_id=delivered.public_id, lines=[ReportedLine(rice.pk, "missing", 1)]
    )
    Ticket.objects.filter(pk=first.pk).update(opened_at=timezone.now() - timedelta(hours=5))
    client = client_for(admin_user)
    client.post(f"/api/support/tickets/{second.number}/reject", {"reason": "Delivered in full."}, format="json")

    everything = client.get("/api/support/tickets")
    open_only = client.get("/api/support/tickets", {"status": "open"})

    assert [t["number"] for t in everything.json()] == [first.number, second.number]
    assert everything["X-Total-Count"] == "2"
    assert [t["number"] for t in open_only.json()] == [first.number]
    assert 5 * 3600 <= open_only.json()[0]["ageSeconds"] < 5 * 3600 + 60
    assert client.get("/api/support/tickets", {"status": "nonsense"}).status_code == 400


def test_the_queue_costs_the_same_queries_for_many_tickets(
    make_user, packs, place_order, deliver, admin_user, django_assert_max_num_queries
):
    from orders.tests.conftest import give_address

    def open_some(count):
        for _ in range(count):
            user = give_address(make_user())
            order = deliver(place_order(user, (packs.oil_1l, 1), (packs.rice_5kg, 1)))
            ticket_open_problem_report(
                user=user,
                public_id=order.public_id,
                lines=[ReportedLine(item.pk, "damaged", 1) for item in order.items.all()],
            )

    client = client_for(admin_user)
    open_some(1)
    with django_assert_max_num_queries(8) as few:
        client.get("/api/support/tickets")
    open_some(6)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(client.get("/api/support/tickets").json()) == 7
