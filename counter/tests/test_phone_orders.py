"""Orders a cashier takes on the phone (`counter.phone_orders`): placed through the website's
placement with `channel=phone`, for an existing account or one made for the number and claimed later
through the OTP sign-up; all or nothing; idempotent by the cashier's key."""

import itertools
from decimal import Decimal
from urllib.parse import parse_qs, urlparse

import pytest

from accounts.models import User
from accounts.services import user_role_set
from accounts.tests.conftest import REGISTER_URL, last_code
from catalog.models import Financial
from conftest import client_for
from counter.models import PhoneOrder
from orders.models import Order, OrderEvent
from orders.rules import SHIPPING_PRICE

pytestmark = pytest.mark.django_db

NEW_NUMBER = "9440012345"
ADDRESS = {"street": "4 Canal Road", "city": "Amalapuram", "postalCode": "533201"}
_keys = itertools.count(1)


def order_body(*lines, phone=NEW_NUMBER, payment="cash", **extra) -> dict:
    items = sum((pack.dprice * qty for pack, qty in lines), Decimal("0.00"))
    shipping = SHIPPING_PRICE
    return {
        "phoneNo": phone,
        "lines": [{"financialId": str(pack.pk), "qty": qty} for pack, qty in lines],
        "payment": payment,
        "itemsPrice": f"{items:.2f}",
        "shippingPrice": f"{shipping:.2f}",
        "totalPrice": f"{items + shipping:.2f}",
        **extra,
    }


def post_order(user, body, *, key=None, language="en"):
    headers = {"HTTP_IDEMPOTENCY_KEY": key or f"phone-{next(_keys)}", "HTTP_ACCEPT_LANGUAGE": language}
    return client_for(user).post("/api/counter/phone-orders", body, format="json", **headers)


def everything():
    return (
        Order.objects.count(),
        PhoneOrder.objects.count(),
        User.objects.count(),
        dict(Financial.objects.values_list("pk", "count_in_stock")),
    )


def test_a_new_number_gets_an_unclaimed_account_and_an_ordinary_phone_order(
    phone_cashier, packs, sms_outbox, django_capture_on_commit_callbacks
):
    body = order_body((packs.rice_5kg, 1), (packs.oil_1l, 2), name="Ramana", language="te", address=ADDRESS)
    with django_capture_on_commit_callbacks(execute=True):
        answer = post_order(phone_cashier, body)

    assert answer.status_code == 201, answer.content
    data = answer.json()
    assert (data["channel"], data["status"], data["via"], data["customerCreated"]) == ("phone", "placed", "phone", True)
    customer = User.objects.get(phone_no=NEW_NUMBER)
    assert (customer.name, customer.language, customer.street, customer.postal_code) == (
        "Ramana",
        "te",
        "4 Canal Road",
        "533201",
    )
    assert not customer.has_usable_password()
    order = Order.objects.get(public_id=data["_id"])
    assert (order.user, order.channel, order.payment_method) == (customer, "phone", "Cash Or UPI")
    assert order.total_price == Decimal("690.00") + order.shipping_price
    # The placement's own event, recorded as the cashier's.
    assert list(OrderEvent.objects.filter(order=order).values_list("to_status", "by")) == [("placed", phone_cashier.pk)]
    packs.rice_5kg.refresh_from_db()
    assert packs.rice_5kg.count_in_stock == 24
    # The placed SMS, in the shopper's language.
    assert len(sms_outbox(NEW_NUMBER)) == 1 and "ఆర్డర్" in sms_outbox(NEW_NUMBER)[0]
    # The WhatsApp summary, to the shopper's number, in their language.
    link = urlparse(data["whatsappUrl"])
    assert (link.netloc, link.path) == ("wa.me", f"/91{NEW_NUMBER}")
    text = parse_qs(link.query)["text"][0]
    assert order.invoice_number in text and order.public_id in text and "2 × Fortune Sunflower Oil" in text


def test_the_staff_made_account_is_claimed_with_the_otp_sign_up_and_sees_its_orders(
    phone_cashier, packs, api_client, send_otp, verify_otp, outbox
):
    placed = post_order(phone_cashier, order_body((packs.oil_1l, 1), name="Ramana", address=ADDRESS)).json()
    # Nobody signs in to it before it is claimed.
    assert api_client.post("/api/users/auth", {"phoneNo": NEW_NUMBER, "password": "x"}, format="json").status_code in (
        400,
        401,
    )
    assert send_otp(NEW_NUMBER, "register").status_code == 200
    token = verify_otp(NEW_NUMBER, last_code(NEW_NUMBER), "register").json()["verificationToken"]
    registered = api_client.post(
        REGISTER_URL,
        {"name": "Ramana Rao", "phoneNo": NEW_NUMBER, "password": "fresh-pass-9", "verificationToken": token},
        format="json",
    )
    assert registered.status_code == 201, registered.content
    assert User.objects.filter(phone_no=NEW_NUMBER).count() == 1
    claimed = User.objects.get(phone_no=NEW_NUMBER)
    assert claimed.check_password("fresh-pass-9") and claimed.name == "Ramana Rao"
    mine = client_for(claimed).get("/api/orders/mine")
    assert mine.status_code == 200
    assert [order["_id"] for order in mine.json()] == [placed["_id"]]


def test_a_claimed_account_is_not_claimed_again(
    phone_cashier, packs, api_client, send_otp, verify_otp, outbox, shopper
):
    assert send_otp(shopper.phone_no, "register").status_code == 200
    token = verify_otp(shopper.phone_no, last_code(shopper.phone_no), "register").json()["verificationToken"]
    again = api_client.post(
        REGISTER_URL,
        {"name": "Thief", "phoneNo": shopper.phone_no, "password": "fresh-pass-9", "verificationToken": token},
        format="json",
    )
    assert again.status_code == 409
    shopper.refresh_from_db()
    assert shopper.name != "Thief"


def test_an_existing_customer_keeps_their_account_and_saved_address(phone_cashier, shopper, packs):
    answer = post_order(phone_cashier, order_body((packs.rice_1kg, 2), phone=shopper.phone_no, via="whatsapp"))
    assert answer.status_code == 201, answer.content
    assert answer.json()["customerCreated"] is False and answer.json()["via"] == "whatsapp"
    order = Order.objects.get(public_id=answer.json()["_id"])
    assert (order.user, order.shipping_street) == (shopper, shopper.street)


def test_refusals_write_nothing(phone_cashier, packs, shopper):
    before = everything()
    cases = [
        (order_body((packs.oil_1l, 1)), 400, "type the customer's name"),  # new number, no name
        (order_body((packs.oil_1l, 1), name="Ramana"), 400, "type the delivery address"),
        (order_body((packs.oil_1l, 1), phone="12345"), 400, "10-digit"),
        (order_body((packs.oil_1l, 1), name="R", address={**ADDRESS, "postalCode": "110001"}), 400, ""),
        (order_body((packs.rice_1kg, 5), name="R", address=ADDRESS), 409, "stock"),
        ({**order_body((packs.oil_1l, 1), name="R", address=ADDRESS), "totalPrice": "1.00"}, 409, "Prices"),
        (order_body((packs.oil_1l, 1), name="R", address=ADDRESS, payment="cheque"), 400, ""),
    ]
    for body, status, words in cases:
        answer = post_order(phone_cashier, body)
        assert answer.status_code == status, (body, answer.content)
        assert words in answer.json()["message"]
    assert everything() == before


def test_refusals_are_in_the_cashiers_language(phone_cashier, packs):
    answer = post_order(phone_cashier, order_body((packs.oil_1l, 1), phone="12"), language="te")
    assert answer.status_code == 400
    assert not answer.json()["message"].isascii()


def test_a_retry_with_the_same_key_places_once(phone_cashier, packs):
    body = order_body((packs.oil_1l, 1), name="Ramana", address=ADDRESS)
    first = post_order(phone_cashier, body, key="call-17")
    again = post_order(phone_cashier, body, key="call-17")
    assert (first.status_code, again.status_code) == (201, 201)
    assert first.json()["_id"] == again.json()["_id"]
    assert again.headers["Idempotent-Replayed"] == "true"
    assert Order.objects.filter(channel="phone").count() == 1


def test_a_payment_link_is_texted_and_the_order_is_online(
    phone_cashier, packs, sms_outbox, django_capture_on_commit_callbacks
):
    placed = post_order(phone_cashier, order_body((packs.oil_1l, 1), name="Ramana", address=ADDRESS, payment="link"))
    assert placed.status_code == 201, placed.content
    order = Order.objects.get(public_id=placed.json()["_id"])
    assert order.payment_method == "Online" and not order.is_paid
    with django_capture_on_commit_callbacks(execute=True):
        sent = client_for(phone_cashier).post(f"/api/counter/phone-orders/{order.public_id}/payment-link")
    assert sent.status_code == 200, sent.content
    assert sent.json()["paymentLinkSentAt"]
    texts = sms_outbox(NEW_NUMBER)
    assert any("/payments/sandbox/" in text and order.invoice_number in text for text in texts)
    whatsapp = parse_qs(urlparse(sent.json()["whatsappUrl"]).query)["text"][0]
    assert "/payments/sandbox/" in whatsapp
    # Sending again texts the same live link: one payment.
    client_for(phone_cashier).post(f"/api/counter/phone-orders/{order.public_id}/payment-link")
    assert order.payments.count() == 1


def test_a_cash_order_has_no_payment_link(phone_cashier, packs):
    placed = post_order(phone_cashier, order_body((packs.oil_1l, 1), name="Ramana", address=ADDRESS)).json()
    answer = client_for(phone_cashier).post(f"/api/counter/phone-orders/{placed['_id']}/payment-link")
    assert answer.status_code == 409


def test_the_customer_look_up_and_the_quote(phone_cashier, shopper, packs):
    found = client_for(phone_cashier).get("/api/counter/customers", {"phone": shopper.phone_no})
    assert found.status_code == 200 and found.json()["hasAddress"] is True
    assert client_for(phone_cashier).get("/api/counter/customers", {"phone": NEW_NUMBER}).status_code == 404
    quote = client_for(phone_cashier).post(
        "/api/counter/phone-orders/quote", {"lines": [{"financialId": str(packs.oil_1l.pk), "qty": 2}]}, format="json"
    )
    assert quote.status_code == 200
    assert quote.json()["itemsPrice"] == 291


@pytest.mark.parametrize("role", ["packer", "rider"])
def test_only_the_owner_and_cashiers_take_phone_orders(role, admin_user, make_user, packs):
    staff = user_role_set(actor=admin_user, user=make_user(), role=role)
    answer = post_order(staff, order_body((packs.oil_1l, 1), name="R", address=ADDRESS))
    assert answer.status_code == 403
    assert not Order.objects.exists()


def test_privacy_the_shoppers_copy_of_their_data_names_their_phone_orders(phone_cashier, packs):
    """A phone order's record (how it was taken, whether the account was made for it) is the
    shopper's personal data: their copy of it (counter.privacy) lists it."""
    from counter.privacy import personal_data_export

    body = order_body((packs.oil_1l, 1), name="Ramana", language="te", address=ADDRESS, via="whatsapp")
    assert post_order(phone_cashier, body).status_code == 201
    customer = User.objects.get(phone_no=NEW_NUMBER)
    data = personal_data_export(customer)
    order = Order.objects.get(user=customer)
    assert data["phoneOrders"] == [
        {
            "invoiceNumber": order.invoice_number,
            "via": "whatsapp",
            "accountMadeForIt": True,
            "takenAt": order.phone_order.created_at.isoformat(),
            "paymentLinkSentAt": None,
        }
    ]
    assert data["doorCollections"] == []


def test_a_phone_order_for_a_business_names_its_buyer_and_a_bad_gstin_writes_nothing(phone_cashier, shopper, packs):
    before = everything()
    bad = order_body((packs.oil_1l, 1), phone=shopper.phone_no, buyerGstin="37AAPFU0939F1ZX", buyerName="Sri Traders")
    answer = post_order(phone_cashier, bad)
    assert answer.status_code == 400 and "GSTIN" in answer.json()["message"]
    assert everything() == before
    good = {**bad, "buyerGstin": "37AAPFU0939F1ZU"}
    answer = post_order(phone_cashier, good)
    assert answer.status_code == 201, answer.content
    order = Order.objects.get(public_id=answer.json()["_id"])
    assert (order.invoice_buyer.gstin, order.invoice_buyer.name, order.invoice_buyer.by) == (
        "37AAPFU0939F1ZU",
        "Sri Traders",
        phone_cashier,
    )
