"""Grievances (issue 28): filed by anyone on /grievance.html with a ticket number at once (and an
SMS), followed by ticket number + phone without telling which numbers exist, acknowledged and
resolved by staff within the clocks, overdue tickets first in the one queue."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from support import grievances
from support.clocks import ACKNOWLEDGE_WITHIN, RESOLVE_WITHIN, clock
from support.models import Ticket
from support.selectors import tickets_for_admin

pytestmark = pytest.mark.django_db

COMPLAINT = {"action": "file", "name": "Sita", "phone": "9876512345", "text": "The rice pack was torn."}


def _client_for(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("role", ["anonymous", "customer", "other_customer", "admin_user"])
def test_anyone_files_a_complaint_and_gets_its_number_at_once(
    request, role, sms_outbox, django_capture_on_commit_callbacks
):
    user = None if role == "anonymous" else request.getfixturevalue(role)
    with django_capture_on_commit_callbacks(execute=True):
        response = _client_for(user).post("/grievance.html", COMPLAINT)

    assert response.status_code == 201
    ticket = Ticket.objects.get()
    assert (ticket.kind, ticket.status, ticket.contact_phone, ticket.user) == ("grievance", "open", "9876512345", None)
    assert ticket.number.startswith("T-") and ticket.number in response.content.decode()
    [text] = sms_outbox("9876512345")
    assert ticket.number in text and "48 hours" in text


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"text": "  "}, "Your complaint is required."),
        ({"phone": "12345"}, "Please enter a valid 10-digit phone number."),
        ({"name": ""}, "Your name is required."),
        ({"email": "not-an-address"}, "Please enter a valid e-mail address, or leave it empty."),
    ],
)
def test_bad_complaints_are_a_400_saying_why(change, message):
    response = Client().post("/grievance.html", COMPLAINT | change)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Ticket.objects.exists()


def test_status_by_number_and_phone_without_telling_which_numbers_exist():
    ticket = grievances.grievance_file(name="Sita", phone="9876512345", text="Late delivery", language="en")
    client = Client()

    found = client.post("/grievance.html", {"action": "status", "number": ticket.number, "phone": "9876512345"})
    wrong_phone = client.post("/grievance.html", {"action": "status", "number": ticket.number, "phone": "9876500000"})
    unknown = client.post("/grievance.html", {"action": "status", "number": "T-2026-999999", "phone": "9876512345"})

    assert found.status_code == 200 and "Received" in found.content.decode()
    assert wrong_phone.status_code == unknown.status_code == 404
    assert "Ticket not found" in wrong_phone.content.decode() and "Ticket not found" in unknown.content.decode()


def test_status_look_ups_are_rate_limited(settings):
    settings.REST_FRAMEWORK = settings.REST_FRAMEWORK | {
        "DEFAULT_THROTTLE_RATES": settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] | {"grievance_status": "3/hour"}
    }
    client = Client()
    answers = [
        client.post("/grievance.html", {"action": "status", "number": f"T-2026-00000{n}", "phone": "9876512345"})
        for n in range(4)
    ]
    assert [answer.status_code for answer in answers] == [404, 404, 404, 429]


def test_the_queue_shows_tickets_past_a_clock_first():
    now = timezone.now()
    fresh = grievances.grievance_file(name="A", phone="9876500011", text="one", language="en")
    late = grievances.grievance_file(name="B", phone="9876500012", text="two", language="en")
    Ticket.objects.filter(pk=late.pk).update(opened_at=now - ACKNOWLEDGE_WITHIN - timedelta(minutes=1))
    old_fresh = grievances.grievance_file(name="C", phone="9876500013", text="three", language="en")
    Ticket.objects.filter(pk=old_fresh.pk).update(opened_at=now - timedelta(hours=1), acknowledged_at=now)
    Ticket.objects.filter(pk=fresh.pk).update(opened_at=now - timedelta(hours=2))

    queue = [ticket.number for ticket in tickets_for_admin().items]

    assert queue == [late.number, fresh.number, old_fresh.number]
    late.refresh_from_db()
    assert clock(late).acknowledge_overdue and not clock(late).resolve_overdue


def test_acknowledging_stops_the_48_hour_clock_and_resolving_answers_by_sms(
    admin_user, sms_outbox, django_capture_on_commit_callbacks
):
    ticket = grievances.grievance_file(name="Sita", phone="9876512345", text="Late delivery", language="en")
    Ticket.objects.filter(pk=ticket.pk).update(opened_at=timezone.now() - ACKNOWLEDGE_WITHIN * 2)

    grievances.ticket_acknowledge(number=ticket.number, by=admin_user)
    ticket.refresh_from_db()
    assert not clock(ticket).overdue
    with django_capture_on_commit_callbacks(execute=True):
        grievances.grievance_resolve(number=ticket.number, by=admin_user, answer="We refunded the delivery slot fee.")

    ticket.refresh_from_db()
    assert (ticket.status, ticket.decided_by) == ("resolved", admin_user)
    assert any("resolved" in text for text in sms_outbox("9876512345"))
    assert not clock(ticket, now=ticket.opened_at + RESOLVE_WITHIN * 2).overdue


def test_a_problem_report_is_not_resolved_as_a_grievance(admin_user, delivered):
    from support.services import ReportedLine, ticket_open_problem_report

    item = delivered.items.order_by("id").first()
    report = ticket_open_problem_report(
        user=delivered.user, public_id=delivered.public_id, lines=[ReportedLine(item.pk, "damaged", 1)]
    )
    with pytest.raises(grievances.Conflict):
        grievances.grievance_resolve(number=report.number, by=admin_user, answer="ok")


def test_django_admin_lists_a_grievance_with_its_clock_and_acknowledges_it(admin_user):
    ticket = grievances.grievance_file(name="Sita", phone="9876512345", text="Late delivery", language="en")
    client = Client()
    client.force_login(admin_user)

    listing = client.get("/staff/support/ticket/")
    assert listing.status_code == 200
    assert "Sita (9876512345)" in listing.content.decode() and "acknowledge by" in listing.content.decode()

    client.post(
        "/staff/support/ticket/", {"action": "acknowledge_tickets", "_selected_action": [ticket.pk], "reason": ""}
    )
    ticket.refresh_from_db()
    assert ticket.acknowledged_at is not None


def test_staff_api_acknowledges_and_resolves_with_the_clocks_on_the_wire(admin_user):
    from conftest import client_for

    ticket = grievances.grievance_file(name="Sita", phone="9876512345", text="Late delivery", language="en")
    api = client_for(admin_user)

    queue = api.get("/api/support/tickets?status=open").json()
    [row] = queue if isinstance(queue, list) else queue["tickets"]
    assert (row["contact"]["phoneNo"], row["user"], row["overdue"]) == ("9876512345", None, False)
    assert row["acknowledgeBy"] and row["resolveBy"]
    assert api.post(f"/api/support/tickets/{ticket.number}/acknowledge").status_code == 200
    assert api.post(f"/api/support/tickets/{ticket.number}/resolve", {"answer": ""}, format="json").status_code == 400
    resolved = api.post(f"/api/support/tickets/{ticket.number}/resolve", {"answer": "Sorted."}, format="json")
    assert (resolved.status_code, resolved.json()["status"]) == (200, "resolved")


@pytest.mark.parametrize("typed", ["98765 12345", "98765-12345", "+91 98765 12345", "098765-12345"])
def test_a_phone_typed_with_spaces_or_dashes_is_taken_whole(typed):
    """Issue 45: the form counted a space toward the 10 digits and cut the number."""
    response = Client().post("/grievance.html", {**COMPLAINT, "phone": typed})
    assert response.status_code == 201
    ticket = Ticket.objects.get()
    assert ticket.contact_phone == "9876512345"
    found = Client().post("/grievance.html", {"action": "status", "number": ticket.number, "phone": typed})
    assert found.status_code == 200


def test_the_form_leaves_room_for_the_spaces_a_person_types():
    page = Client().get("/grievance.html").content.decode()
    assert 'id="g-phone" name="phone" type="tel" inputmode="tel" maxlength="16"' in page
