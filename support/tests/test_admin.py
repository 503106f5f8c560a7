"""Django admin (/staff/): the ticket list's filters, a ticket's page, approve and reject actions
through the same services as the shop's admin screen."""

import pytest
from django.test import Client

from payments.credit import credit_balance
from support.models import Ticket
from support.services import ReportedLine, ticket_open_problem_report
from support.tests.conftest import lines_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(admin_user):
    client = Client()
    client.force_login(admin_user)
    return client


@pytest.fixture
def tickets(delivered):
    oil, rice = lines_of(delivered)
    return [
        ticket_open_problem_report(
            user=delivered.user, public_id=delivered.public_id, lines=[ReportedLine(oil.pk, "damaged", 1)]
        ),
        ticket_open_problem_report(
            user=delivered.user, public_id=delivered.public_id, lines=[ReportedLine(rice.pk, "missing", 1)]
        ),
    ]


def test_the_list_page_and_a_tickets_page_open_with_its_lines(staff_client, tickets):
    listing = staff_client.get("/staff/support/ticket/?status__exact=open")
    page = staff_client.get(f"/staff/support/ticket/{tickets[0].pk}/change/")
    assert listing.status_code == 200 and tickets[0].number in listing.content.decode()
    assert page.status_code == 200 and "Fortune" in page.content.decode()


def test_the_approve_action_gives_money_back_and_reject_needs_a_reason(staff_client, tickets, shopper):
    first, second = tickets
    staff_client.post(
        "/staff/support/ticket/", {"action": "approve_tickets", "_selected_action": [first.pk], "amount": ""}
    )
    no_reason = staff_client.post(
        "/staff/support/ticket/",
        {"action": "reject_tickets", "_selected_action": [second.pk], "reason": ""},
        follow=True,
    )
    staff_client.post(
        "/staff/support/ticket/",
        {"action": "reject_tickets", "_selected_action": [second.pk], "reason": "Delivered in full."},
    )

    assert "The reason is required." in no_reason.content.decode()
    assert Ticket.objects.get(pk=first.pk).status == "approved"
    assert credit_balance(user=shopper) == first.lines.get().order_item.price
    rejected = Ticket.objects.get(pk=second.pk)
    assert (rejected.status, rejected.decision_reason) == ("rejected", "Delivered in full.")
