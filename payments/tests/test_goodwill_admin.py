"""Goodwill store credit in Django admin (issue 48): the store credit page's own screen gives it
through `payments.credit.credit_goodwill`, with the same roles and limit as the shop's screens."""

from decimal import Decimal

import pytest
from django.test import Client

from accounts.services import user_role_set
from payments.credit import credit_balance
from payments.models import StoreCreditAccount, StoreCreditEntry

pytestmark = pytest.mark.django_db

GOODWILL = "/staff/payments/storecreditaccount/goodwill/"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_owner_gives_goodwill_credit_and_the_ledger_shows_who(admin_user, customer):
    client = signed_in(admin_user)
    form = client.get(GOODWILL, {"phone_no": customer.phone_no})
    assert form.status_code == 200 and customer.phone_no in form.content.decode()
    answer = client.post(GOODWILL, {"phone_no": customer.phone_no, "amount": "75.50", "reason": "Late delivery"})
    account = StoreCreditAccount.objects.get(user=customer)
    assert answer.status_code == 302 and answer["Location"].endswith(f"/storecreditaccount/{account.pk}/change/")
    entry = StoreCreditEntry.objects.get()
    assert (entry.kind, entry.amount_paise, entry.by, entry.reason) == ("grant", 7550, admin_user, "Late delivery")
    page = client.get(answer["Location"]).content.decode()
    assert "₹75.50 store credit given" in page and "Late delivery" in page and "Give goodwill credit" in page
    assert "Give goodwill credit" in client.get("/staff/payments/storecreditaccount/").content.decode()


def test_a_cashier_over_the_limit_is_refused_with_the_services_words(admin_user, make_user, customer, settings):
    settings.GOODWILL_CASHIER_LIMIT = 200
    cashier = user_role_set(actor=admin_user, user=make_user(name="Cashier"), role="cashier")
    client = signed_in(cashier)
    refused = client.post(GOODWILL, {"phone_no": customer.phone_no, "amount": "250", "reason": "Kind"}, follow=True)
    assert "A cashier may give at most ₹200.00 at once" in refused.content.decode()
    assert not StoreCreditEntry.objects.exists()
    client.post(GOODWILL, {"phone_no": customer.phone_no, "amount": "200", "reason": "Kind"})
    assert credit_balance(user=customer) == Decimal("200.00")


def test_a_packer_is_refused_and_an_unknown_number_or_bad_amount_writes_nothing(admin_user, make_user, customer):
    packer = user_role_set(actor=admin_user, user=make_user(name="Packer"), role="packer")
    refused = signed_in(packer).post(
        GOODWILL, {"phone_no": customer.phone_no, "amount": "5", "reason": "Kind"}, follow=True
    )
    assert "Only the owner, a manager or a cashier" in refused.content.decode()
    client = signed_in(admin_user)
    unknown = client.post(GOODWILL, {"phone_no": "9999999999", "amount": "5", "reason": "Kind"})
    assert unknown.status_code == 200 and "No account has this phone number." in unknown.content.decode()
    bad = client.post(GOODWILL, {"phone_no": customer.phone_no, "amount": "-5", "reason": "Kind"})
    assert bad.status_code == 200 and "The amount must be more than ₹0" in bad.content.decode()
    assert not StoreCreditEntry.objects.exists()


def test_a_customer_goes_to_the_staff_login(customer):
    answer = signed_in(customer).get(GOODWILL)
    assert answer.status_code == 302 and "/staff/login/" in answer["Location"]
