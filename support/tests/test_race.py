"""On PostgreSQL: staff approving the same ticket at once give money back once; shoppers reporting
the same line at once open one ticket."""

import threading

import pytest
from django.db import connection

from aftersale.problem_reports import ticket_approve
from common.errors import Conflict
from delivery.check import delivery_check
from orders.models import CreditNote
from payments.models import Refund
from support.models import Ticket
from support.services import ReportedLine, ticket_open_problem_report

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def race(count: int, action) -> list:
    """`action(index)` in `count` threads released at once; per thread, its result or exception."""
    delivery_check(pincode="533201")
    start = threading.Barrier(count)
    outcomes: list = [None] * count

    def run(index: int) -> None:
        try:
            start.wait(timeout=30)
            outcomes[index] = action(index)
        except Exception as error:  # noqa: BLE001 - kept and asserted on by the test
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    return outcomes


def test_five_staff_approving_one_ticket_at_once_refund_once(shopper, packs, place_order, deliver, make_user):
    from payments.tests.test_refunds import pay_in_sandbox

    order = place_order(shopper, (packs.oil_1l, 2), method="Online")
    pay_in_sandbox(order)
    order = deliver(order)
    [item] = order.items.all()
    ticket = ticket_open_problem_report(
        user=shopper, public_id=order.public_id, lines=[ReportedLine(item.pk, "damaged", 2)]
    )
    staff = [make_user(f"90000001{i:02d}", is_staff=True) for i in range(5)]

    outcomes = race(5, lambda i: ticket_approve(number=ticket.number, by=staff[i]))

    approved = [outcome for outcome in outcomes if isinstance(outcome, Ticket)]
    refused = [outcome for outcome in outcomes if isinstance(outcome, Conflict)]
    assert len(approved) == 1, outcomes
    assert len(refused) == 4 and {error.extra["code"] for error in refused} == {"ticket_decided"}
    assert Refund.objects.filter(order=order).count() == 1
    assert Refund.objects.get(order=order).amount_paise == 29100
    assert CreditNote.objects.filter(order=order).count() == 1
    assert Ticket.objects.get().decided_by == approved[0].decided_by


def test_two_reports_of_the_same_line_at_once_open_one_ticket(shopper, packs, place_order, deliver):
    order = deliver(place_order(shopper, (packs.oil_1l, 3)))
    [item] = order.items.all()

    outcomes = race(
        4,
        lambda i: ticket_open_problem_report(
            user=shopper, public_id=order.public_id, lines=[ReportedLine(item.pk, "damaged", 1)]
        ),
    )

    opened = [outcome for outcome in outcomes if isinstance(outcome, Ticket)]
    assert len(opened) == 1, outcomes
    assert all(isinstance(o, Conflict) and o.extra["code"] == "already_reported" for o in outcomes if o not in opened)
    assert Ticket.objects.count() == 1
    assert opened[0].number.endswith("-000001")
