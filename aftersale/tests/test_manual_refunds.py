"""A manual refund outside a ticket (issue 48): the same who-may-give-how-much rule as goodwill
credit (`payments.credit.goodwill_check`), the money going where `payments.refunds.money_back`
sends it, at most what is left, once per Idempotency-Key."""

from decimal import Decimal

import pytest

from aftersale.manual_refunds import order_refund_manual
from common.errors import Conflict, DomainError, Forbidden
from conftest import client_for
from orders.models import Order
from orders.services import order_record_cash_payment
from payments.credit import credit_balance
from payments.models import Payment, Refund, StoreCreditEntry
from payments.tests.test_refunds import pay_in_sandbox

pytestmark = pytest.mark.django_db


@pytest.fixture
def paid_cash(cash_order, admin_user):  # 1 × rice 1 kg, 90.00
    order_record_cash_payment(order=cash_order, by=admin_user)
    return Order.objects.get(pk=cash_order.pk)


@pytest.fixture
def paid_online(online_order):  # 2 × oil, 291.00
    pay_in_sandbox(online_order)
    return Order.objects.get(pk=online_order.pk)


def test_a_paid_online_order_is_refunded_to_its_source(paid_online, admin_user):
    back = order_refund_manual(order=paid_online, actor=admin_user, amount="100.50", reason="Late delivery")
    assert (back.kind, back.amount) == ("refund", Decimal("100.50"))
    refund = Refund.objects.get()
    assert (refund.amount_paise, refund.reason, refund.requested_by) == (10050, "Late delivery", admin_user)
    assert Payment.objects.get(order=paid_online).refunded_paise == 10050


def test_a_paid_cash_order_gets_store_credit_recording_who(paid_cash, staff_of):
    cashier = staff_of("cashier")
    back = order_refund_manual(order=paid_cash, actor=cashier, amount=40, reason="Torn bag")
    assert back.kind == "credit"
    entry = StoreCreditEntry.objects.get()
    assert (entry.kind, entry.amount_paise, entry.order, entry.by) == ("refund", 4000, paid_cash, cashier)
    assert credit_balance(user=paid_cash.user) == Decimal("40.00")


def test_at_most_what_is_left(paid_cash, admin_user):
    order_refund_manual(order=paid_cash, actor=admin_user, amount=60, reason="Torn bag")
    with pytest.raises(Conflict) as refused:
        order_refund_manual(order=paid_cash, actor=admin_user, amount="30.01", reason="Again")
    assert refused.value.extra["code"] == "refund_exceeds_payment"
    order_refund_manual(order=paid_cash, actor=admin_user, amount=30, reason="The rest")
    assert credit_balance(user=paid_cash.user) == Decimal("90.00")


def test_the_cashiers_limit_is_the_goodwill_limit(paid_online, staff_of, settings):
    cashier = staff_of("cashier")
    with pytest.raises(Forbidden) as refused:
        order_refund_manual(order=paid_online, actor=cashier, amount="200.01", reason="Kind")
    assert refused.value.extra["code"] == "goodwill_over_limit"
    settings.GOODWILL_CASHIER_LIMIT = 300
    assert order_refund_manual(order=paid_online, actor=cashier, amount="200.01", reason="Kind").kind == "refund"


@pytest.mark.parametrize("role", ["packer", "rider"])
def test_packers_and_riders_refund_nothing(paid_cash, staff_of, role):
    with pytest.raises(Forbidden):
        order_refund_manual(order=paid_cash, actor=staff_of(role), amount=1, reason="Kind")
    assert not StoreCreditEntry.objects.exists()


def test_an_unpaid_order_gives_nothing_back(cash_order, admin_user):
    with pytest.raises(Conflict) as refused:
        order_refund_manual(order=cash_order, actor=admin_user, amount=1, reason="Kind")
    assert refused.value.extra["code"] == "order_unpaid"


def test_a_reason_is_required(paid_cash, admin_user):
    with pytest.raises(DomainError) as refused:
        order_refund_manual(order=paid_cash, actor=admin_user, amount=1, reason=" ")
    assert refused.value.extra["code"] == "reason_required"


# --- the API ----------------------------------------------------------------------------------


def refund_post(user, order, body, **headers):
    return client_for(user).post(f"/api/orders/{order.public_id}/refund", body, format="json", **headers)


def test_the_answer_is_the_order_with_its_refunds(paid_online, staff_of):
    answer = refund_post(staff_of("cashier"), paid_online, {"amount": 50, "reason": "Late delivery"})
    assert answer.status_code == 200, answer.json()
    assert answer.json()["_id"] == paid_online.public_id
    assert Refund.objects.get().amount_paise == 5000


def test_a_retry_with_the_same_key_refunds_once(paid_online, admin_user):
    body = {"amount": 50, "reason": "Late delivery"}
    first = refund_post(admin_user, paid_online, body, HTTP_IDEMPOTENCY_KEY="r-1")
    again = refund_post(admin_user, paid_online, body, HTTP_IDEMPOTENCY_KEY="r-1")
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert Refund.objects.count() == 1


def test_who_may_call_it(paid_cash, staff_of, customer, other_customer):
    body = {"amount": 10, "reason": "Kind"}
    assert refund_post(None, paid_cash, body).status_code == 401
    assert refund_post(customer, paid_cash, body).status_code == 403
    assert refund_post(other_customer, paid_cash, body).status_code == 403
    assert refund_post(staff_of("packer"), paid_cash, body).status_code == 403
    assert refund_post(staff_of("rider"), paid_cash, body).status_code == 403
    cashier = staff_of("cashier")
    assert refund_post(cashier, paid_cash, {"amount": 201, "reason": "Kind"}).status_code == 403
    assert refund_post(cashier, paid_cash, body).status_code == 200


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"amount": "x", "reason": "Kind"},
        {"amount": {}, "reason": "Kind"},
        {"amount": 5},
        {"amount": 5, "reason": 5},
    ],
)
def test_bad_bodies_are_400_never_500(paid_cash, admin_user, body):
    assert refund_post(admin_user, paid_cash, body).status_code == 400


def test_an_unknown_order_is_404(admin_user):
    answer = client_for(admin_user).post("/api/orders/nope/refund", {"amount": 5, "reason": "x"}, format="json")
    assert answer.status_code == 404
