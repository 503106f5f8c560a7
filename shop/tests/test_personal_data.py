"""A person's data assembled from every app (issue 40, "privacy assembled on top"): each app that
holds something about a person says so in its own `privacy.py`; shop/privacy.py puts them together.
The shopper-facing answers are accounts/tests/test_privacy.py's."""

from datetime import date
from decimal import Decimal

import pytest
from django.apps import apps
from django.conf import settings
from django.utils import timezone

from accounts import privacy as account_privacy
from accounts.models import PhoneOtp, User
from accounts.tests.test_privacy import order_of, ticket_of
from catalog.models import Review
from catalog.tests.factories import make_product
from common.errors import Conflict
from counter.models import Counter, CounterBill
from notifications.models import SmsMessage, StockAlert
from orders.rules import OPEN_STATUSES
from payments.models import Payment, Refund, StoreCreditAccount, StoreCreditEntry
from shop import privacy

pytestmark = pytest.mark.django_db


def _holder_apps() -> set[str]:
    return {holder.__name__.split(".")[0] for holder in privacy.HOLDERS}


def _person_fields(model) -> list[str]:
    """Where a model keeps a person: a relation to the user named for the person's side (a staff
    actor's `by` relations are `related_name="+"`), or a phone number."""
    found = []
    for field in model._meta.get_fields(include_hidden=False):
        if getattr(field, "auto_created", False) and not field.concrete:
            continue
        related = getattr(field, "related_model", None)
        if related is not None and related._meta.label == settings.AUTH_USER_MODEL and field.concrete:
            if not (field.remote_field.related_name or "").endswith("+"):
                found.append(field.name)
        elif field.name == "phone" or field.name.startswith("phone_") or field.name.endswith("_phone"):
            found.append(field.name)
    return found


def test_every_app_that_keeps_a_person_says_what_it_holds():
    keeping: dict[str, list[str]] = {}
    for model in apps.get_models():
        if model._meta.app_label not in {"auth", "admin", "contenttypes", "sessions", "token_blacklist"}:
            if _person_fields(model):
                keeping.setdefault(model._meta.app_label, []).append(model.__name__)
    missing = {app: models for app, models in keeping.items() if app not in _holder_apps()}
    assert missing == {}
    for holder in privacy.HOLDERS:
        assert callable(holder.personal_data_export) and callable(holder.personal_data_erase)


def test_the_account_is_erased_last():
    assert privacy.ERASE_ORDER[-1] is account_privacy
    assert set(privacy.ERASE_ORDER) == set(privacy.HOLDERS)


def test_registration_erases_with_the_assembled_erasure():
    assert account_privacy.whole_erasure.erase is privacy.personal_data_erase


def _bill(order, phone: str, cashier) -> CounterBill:
    till, _ = Counter.objects.get_or_create(code="CTR1", defaults={"name": "Front"})
    return CounterBill.objects.create(
        order=order,
        counter=till,
        key=f"k-{order.pk}",
        fingerprint="f",
        cashier=cashier,
        customer_phone=phone,
        day=date.today(),
        billed_at=timezone.now(),
    )


def _paid_online(order) -> Payment:
    payment = Payment.objects.create(
        order=order, gateway="juspay", amount=order.total_price, status="charged", captured_paise=12000
    )
    Refund.objects.create(order=order, payment=payment, amount_paise=2000, reason="Two eggs broken")
    return payment


def _credit(user, paise: int) -> None:
    account, _ = StoreCreditAccount.objects.get_or_create(user=user)
    account.balance_paise += paise
    account.save()
    StoreCreditEntry.objects.create(
        account=account, kind="grant", amount_paise=paise, balance_after_paise=account.balance_paise, reason="Sorry"
    )


def _a_shoppers_year(user, cashier, number: int) -> None:
    order = order_of(user, lines=2)
    ticket_of(user, order, f"T-PD-{user.pk}-{number}")
    _paid_online(order)
    _credit(user, 500)
    _bill(order_of(user), user.phone_no, cashier)
    product = make_product()
    StockAlert.objects.create(user=user, financial=product.details.first().financials.first())
    Review.objects.create(product=product, user=user, rating=4, comment="Fresh")


def test_the_export_holds_every_apps_part(customer, admin_user):
    _a_shoppers_year(customer, admin_user, 1)
    data = privacy.personal_data_export(user=customer)
    assert list(data) == [
        "exportedAt",
        "profile",
        "addresses",
        "consents",
        "orders",
        "payments",
        "storeCredit",
        "tickets",
        "rewards",
        "counterBills",
        "phoneOrders",
        "doorCollections",
        "supplierContacts",
        "stockAlerts",
        "reviews",
        "networkOrders",
    ]
    assert data["payments"][0]["amount"] == Decimal("120.00")
    assert data["payments"][0]["refunds"][0]["amount"] == Decimal("20.00")
    assert data["storeCredit"]["balance"] == Decimal("5.00")
    assert data["counterBills"][0]["phoneNo"] == customer.phone_no
    assert data["stockAlerts"][0]["pack"] == "1 kg"
    assert data["reviews"][0]["comment"] == "Fresh"


def test_the_export_takes_a_fixed_number_of_queries_whatever_its_size(
    customer, admin_user, django_assert_max_num_queries
):
    _a_shoppers_year(customer, admin_user, 1)
    with django_assert_max_num_queries(EXPORT_QUERIES):
        privacy.personal_data_json(user=customer)
    for number in range(2, 6):
        _a_shoppers_year(customer, admin_user, number)
    with django_assert_max_num_queries(EXPORT_QUERIES):
        data = privacy.personal_data_export(user=customer)
    assert len(data["orders"]) == 10 and len(data["reviews"]) == 5


# The role, then one query a section, the lines of orders and of tickets (with their items) and the
# payments' refunds one more each: eighteen whatever the shopper's history (the phone orders and
# the rider's door collections, issue 48, are a section each; so are the ONDC network's orders).
EXPORT_QUERIES = 18


@pytest.mark.parametrize("status", OPEN_STATUSES)
def test_deletion_waits_for_every_order_on_its_way(customer, status):
    order_of(customer, status=status)
    with pytest.raises(Conflict):
        privacy.account_delete(user=customer, password="secret-pass-1")
    customer.refresh_from_db()
    assert customer.is_active and customer.deletion_requested_at is None


@pytest.mark.parametrize("status", ["delivered", "cancelled"])
def test_deletion_goes_ahead_once_the_orders_are_done(customer, status):
    order_of(customer, status=status)
    privacy.account_delete(user=customer, password="secret-pass-1")
    customer.refresh_from_db()
    assert not customer.is_active and customer.deletion_requested_at is not None


def test_erasure_reaches_every_app_and_keeps_the_bills(customer, admin_user):
    _a_shoppers_year(customer, admin_user, 1)
    phone = customer.phone_no
    SmsMessage.objects.create(phone_no=phone, text="Your order is delivered")
    PhoneOtp.objects.create(phone_no=phone, purpose="reset", code_hash="x", expires_at=timezone.now())
    User.objects.filter(pk=customer.pk).update(deletion_requested_at=timezone.now(), is_active=False)
    assert privacy.personal_data_erase(user_id=customer.pk) is True
    assert privacy.personal_data_erase(user_id=customer.pk) is False  # once
    bill = CounterBill.objects.get()
    assert bill.customer_phone == "" and bill.order.invoice_number.startswith("DPDP-")
    assert not StockAlert.objects.filter(user=customer).exists()
    assert not SmsMessage.objects.filter(phone_no=phone).exists()
    assert not PhoneOtp.objects.filter(phone_no=phone).exists()
    assert Payment.objects.get().captured_paise == 12000 and Refund.objects.get().amount_paise == 2000
    assert StoreCreditEntry.objects.get().amount_paise == 500
    assert Review.objects.get().user.name == "Deleted user"


def test_a_supplier_listing_the_shoppers_number_is_theirs_and_erased_to_a_blank(customer):
    from inventory.models import Supplier

    theirs = Supplier.objects.create(name="Sri Lakshmi Traders", gstin="37AAPFU0939F1ZV", phone=customer.phone_no)
    other = Supplier.objects.create(name="Godavari Wholesale", gstin="37AABCU9603R1ZM", phone="9876500099")
    assert privacy.personal_data_export(user=customer)["supplierContacts"] == [
        {"supplier": "Sri Lakshmi Traders", "phone": customer.phone_no}
    ]
    import inventory.privacy

    assert inventory.privacy.personal_data_erase(customer) == {"supplier_phones": 1}
    theirs.refresh_from_db()
    other.refresh_from_db()
    assert (theirs.phone, theirs.name, other.phone) == ("", "Sri Lakshmi Traders", "9876500099")


def _juspay_answer(user, order, payment) -> dict:
    """A kept order-status answer as Juspay gives it (customer_id is the shopper's phone number)."""
    return {
        "status": {
            "order_id": payment.gateway_order_id,
            "id": "ordeh_5d1b1f6e",
            "status": "CHARGED",
            "amount": 120.0,
            "customer_id": user.phone_no,
            "customer_email": "asha.c@example.com",
            "customer_phone": f"+91{user.phone_no}",
            "card": {"name_on_card": "ASHA CUSTOMER", "last_four_digits": "1111", "card_brand": "VISA"},
            "upi": {"payer_vpa": "asha@okaxis"},
            "billing_address": {"line1": "12 Main Road", "city": "Amalapuram", "zipcode": "533201"},
            "payment_gateway_response": {
                "txn_id": "smlr-P1-1",
                "resp_message": f"Paid by Asha Customer, {user.phone_no}",
            },
            "refunds": [{"unique_request_id": "R1", "amount": 20.0, "status": "SUCCESS"}],
        }
    }


def test_erasure_takes_the_person_out_of_gateway_answers_and_ticket_texts(customer, other_customer, admin_user):
    """Issue 46: the person's phone, name, email and addresses leave the kept gateway answers and the
    tickets' texts; amounts, statuses and references stay, and another shopper's rows are untouched."""
    from payments.models import PaymentEvent, RefundEvent, SandboxCharge
    from support.models import Ticket

    order = order_of(customer)
    payment = _paid_online(order)
    refund = Refund.objects.get(payment=payment)
    answer = _juspay_answer(customer, order, payment)
    PaymentEvent.objects.create(payment=payment, source="reconcile", from_status="new", to_status="charged", raw=answer)
    RefundEvent.objects.create(refund=refund, source="webhook", to_state="succeeded", raw=answer)
    SandboxCharge.objects.create(gateway_order_id=payment.gateway_order_id, amount=120, customer_id=customer.phone_no)
    ticket = ticket_of(customer, order, "T-PD-SCRUB")
    Ticket.objects.filter(pk=ticket.pk).update(
        text=f"Asha here, call +91 {customer.phone_no[:5]} {customer.phone_no[5:]} or my husband on 9123456789; "
        "leave it at 12 Main Road, Amalapuram 533201. Two eggs broken (order 2 of 3).",
    )
    refund.reason = f"Asha Customer's eggs broken, told on {customer.phone_no}"
    refund.save(update_fields=["reason"])
    theirs = order_of(other_customer)
    their_payment = _paid_online(theirs)
    their_answer = _juspay_answer(other_customer, theirs, their_payment)
    PaymentEvent.objects.create(
        payment=their_payment, source="reconcile", from_status="new", to_status="charged", raw=their_answer
    )
    User.objects.filter(pk=customer.pk).update(deletion_requested_at=timezone.now(), is_active=False)

    assert privacy.personal_data_erase(user_id=customer.pk) is True

    for kept in (PaymentEvent.objects.get(payment=payment).raw, RefundEvent.objects.get(refund=refund).raw):
        text = str(kept)
        for personal in (customer.phone_no, "asha", "Asha", "ASHA", "12 Main Road", "Amalapuram", "533201", "okaxis"):
            assert personal not in text
        status = kept["status"]
        assert (status["order_id"], status["id"], status["status"], status["amount"]) == (
            payment.gateway_order_id,
            "ordeh_5d1b1f6e",
            "CHARGED",
            120.0,
        )
        assert status["card"]["last_four_digits"] == "1111" and status["card"]["card_brand"] == "VISA"
        assert status["payment_gateway_response"]["txn_id"] == "smlr-P1-1"
        assert status["refunds"] == [{"unique_request_id": "R1", "amount": 20.0, "status": "SUCCESS"}]
        assert status["customer_id"] == "[erased]"
    assert SandboxCharge.objects.get(gateway_order_id=payment.gateway_order_id).customer_id == "[erased]"
    ticket.refresh_from_db()
    assert ticket.text == (
        "[erased] here, call [erased] or my husband on [erased]; leave it at [erased], [erased] [erased]. "
        "Two eggs broken (order 2 of 3)."
    )
    assert (ticket.contact_name, ticket.contact_phone, ticket.contact_email) == ("", "", "")
    assert PaymentEvent.objects.get(payment=their_payment).raw == their_answer
    assert Refund.objects.get(pk=refund.pk).reason == "[erased]'s eggs broken, told on [erased]"
    assert Refund.objects.get(payment=their_payment).reason == "Two eggs broken"
