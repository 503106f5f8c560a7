"""Goodwill store credit (issue 48): who may give how much (`payments.credit.goodwill_check`), with a
reason, the entry recording who gave it; and staff's view of a shopper's credit over the API."""

from decimal import Decimal

import pytest

from accounts.services import user_role_set
from common.errors import DomainError, Forbidden
from conftest import client_for
from payments.credit import credit_balance, credit_goodwill
from payments.models import StoreCreditEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_of(admin_user, make_user):
    def make(role: str):
        return user_role_set(actor=admin_user, user=make_user(name=f"Staff {role}"), role=role)

    return make


@pytest.fixture(autouse=True)
def _limit(settings):
    settings.GOODWILL_CASHIER_LIMIT = 200


def test_the_owner_gives_any_amount_with_a_reason_and_the_entry_says_who(admin_user, customer):
    entry = credit_goodwill(actor=admin_user, user=customer, amount="1500.50", reason="  Late   delivery ")
    assert (entry.kind, entry.amount_paise, entry.balance_after_paise) == ("grant", 150050, 150050)
    assert (entry.by, entry.reason, entry.order) == (admin_user, "Late delivery", None)
    assert credit_balance(user=customer) == Decimal("1500.50")


def test_a_cashier_gives_up_to_the_limit_and_not_a_paisa_more(staff_of, customer):
    cashier = staff_of("cashier")
    credit_goodwill(actor=cashier, user=customer, amount=200, reason="Bruised mangoes")
    with pytest.raises(Forbidden) as refused:
        credit_goodwill(actor=cashier, user=customer, amount="200.01", reason="Bruised mangoes")
    assert refused.value.extra == {"code": "goodwill_over_limit", "limit": 200.0}
    assert str(refused.value) == "A cashier may give at most ₹200.00 at once; ask the manager for more."
    assert credit_balance(user=customer) == Decimal("200.00")


@pytest.mark.parametrize("role", ["packer", "rider"])
def test_packers_riders_and_customers_give_nothing(staff_of, customer, other_customer, role):
    for actor in (staff_of(role), other_customer):
        with pytest.raises(Forbidden) as refused:
            credit_goodwill(actor=actor, user=customer, amount=1, reason="Kind")
        assert refused.value.extra["code"] == "goodwill_not_allowed"
    assert not StoreCreditEntry.objects.exists()


@pytest.mark.parametrize(
    ("amount", "reason", "code"),
    [
        ("0", "Kind", "invalid_amount"),
        ("-5", "Kind", "invalid_amount"),
        ("1.005", "Kind", "invalid_amount"),
        ("abc", "Kind", "invalid_amount"),
        (True, "Kind", "invalid_amount"),
        ("1000000", "Kind", "invalid_amount"),
        ("10", "   ", "reason_required"),
        ("10", "x" * 301, "reason_too_long"),
    ],
)
def test_a_bad_amount_or_reason_is_a_clear_400_and_nothing_is_written(admin_user, customer, amount, reason, code):
    with pytest.raises(DomainError) as refused:
        credit_goodwill(actor=admin_user, user=customer, amount=amount, reason=reason)
    assert refused.value.status == 400 and refused.value.extra["code"] == code
    assert not StoreCreditEntry.objects.exists()


def test_nobody_credits_their_own_account(staff_of):
    cashier = staff_of("cashier")
    with pytest.raises(Forbidden) as refused:
        credit_goodwill(actor=cashier, user=cashier, amount=10, reason="Me")
    assert refused.value.extra["code"] == "goodwill_to_self"


def test_the_limit_comes_from_the_setting(staff_of, customer, settings):
    settings.GOODWILL_CASHIER_LIMIT = 50
    with pytest.raises(Forbidden):
        credit_goodwill(actor=staff_of("cashier"), user=customer, amount=51, reason="Kind")


# --- the API ----------------------------------------------------------------------------------


def test_staff_post_goodwill_and_read_the_ledger_with_who(staff_of, customer):
    cashier = staff_of("cashier")
    answer = client_for(cashier).post(
        f"/api/users/{customer.pk}/credit", {"amount": "150", "reason": "Late delivery"}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    data = answer.json()
    assert data["balance"] == 150 and data["limit"] == 200
    assert data["entry"]["amount"] == 150 and data["entry"]["kind"] == "credit"
    assert (data["entry"]["reason"], data["entry"]["by"]) == ("Late delivery", "Staff cashier")
    assert [entry["_id"] for entry in data["entries"]] == [data["entry"]["_id"]]

    read = client_for(cashier).get(f"/api/users/{customer.phone_no}/credit")
    assert read.status_code == 200 and read.json()["balance"] == 150
    assert read["Cache-Control"].count("no-store") == 1


def test_over_the_limit_is_403_with_the_limit_in_the_staff_members_language(staff_of, customer):
    answer = client_for(staff_of("cashier")).post(
        f"/api/users/{customer.pk}/credit",
        {"amount": 250, "reason": "Kind"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="te",
    )
    assert answer.status_code == 403
    body = answer.json()
    assert body["code"] == "goodwill_over_limit" and body["limit"] == 200
    assert "200" in body["message"] and "A cashier" not in body["message"]


@pytest.mark.parametrize(
    "body", [{}, {"amount": None, "reason": "x"}, {"amount": [1], "reason": "x"}, {"amount": 5, "reason": 7}, []]
)
def test_bad_bodies_are_400_never_500(admin_user, customer, body):
    answer = client_for(admin_user).post(f"/api/users/{customer.pk}/credit", body, format="json")
    assert answer.status_code == 400, answer.content


def test_an_unknown_user_is_404(admin_user):
    assert client_for(admin_user).post("/api/users/999999/credit", {"amount": 5, "reason": "x"}).status_code == 404


def test_a_retry_with_the_same_key_gives_once(admin_user, customer):
    client = client_for(admin_user)
    first, again = (
        client.post(
            f"/api/users/{customer.pk}/credit",
            {"amount": 40, "reason": "Kind"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="g-1",
        )
        for _ in range(2)
    )
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert credit_balance(user=customer) == Decimal("40.00")


def test_the_ledger_is_read_in_a_constant_number_of_queries(admin_user, customer, django_assert_max_num_queries):
    for number in range(12):
        credit_goodwill(actor=admin_user, user=customer, amount=1 + number, reason=f"Kind {number}")
    with django_assert_max_num_queries(6):
        answer = client_for(admin_user).get(f"/api/users/{customer.pk}/credit")
    assert len(answer.json()["entries"]) == 12
