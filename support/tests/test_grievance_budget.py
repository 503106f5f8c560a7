"""Issue 46.3: the grievance form was an unbudgeted SMS sender. 40 posts from 40 addresses to 40
numbers got 40 texts in 2.2 s (the OTP budget would have stopped at 20), and each opened a ticket
on a 48-hour clock. Texts to numbers nobody proved go through the shop-wide SMS budget, and
complaints from the form are limited for the whole shop, not only per address."""

import pytest
from django.test import Client

from support.models import Ticket

pytestmark = pytest.mark.django_db


def complaint(n: int, phone: str | None = None) -> dict:
    return {"action": "file", "name": "Sita", "phone": phone or f"9{n:09d}", "text": f"Complaint {n}."}


def test_texts_to_unproven_numbers_stop_at_the_shops_sms_budget(
    settings, sms_outbox, make_user, django_capture_on_commit_callbacks
):
    settings.SMS_OTP_PER_HOUR = 10
    settings.SMS_OTP_PER_HOUR_PER_PREFIX = 1000
    with django_capture_on_commit_callbacks(execute=True):
        statuses = [
            Client(REMOTE_ADDR=f"198.51.100.{n + 1}").post("/grievance.html", complaint(n)).status_code
            for n in range(40)
        ]
    assert statuses == [201] * 40  # each complaint is filed; its number is on the page
    assert len(sms_outbox()) == 10
    # A number an account proved still gets its text past the budget.
    owner = make_user("9111122222")
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            Client(REMOTE_ADDR="192.0.2.50").post("/grievance.html", complaint(99, owner.phone_no)).status_code == 201
        )
    assert sms_outbox(owner.phone_no)


def test_complaints_from_strangers_are_limited_for_the_whole_shop(settings, sms_outbox):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "grievance_shop": "20/hour"},
    }
    statuses = [
        Client(REMOTE_ADDR=f"203.0.113.{n + 1}").post("/grievance.html", complaint(n)).status_code for n in range(25)
    ]
    assert statuses == [201] * 20 + [429] * 5
    assert Ticket.objects.count() == 20
