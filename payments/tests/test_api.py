"""The payment endpoints: who may start a payment, what they send, what they get back."""

import pytest

from payments.models import Payment

pytestmark = pytest.mark.django_db

START = "/api/payments/initiateJuspayPayment"
AT_DELIVERY = "/api/payments/initiateJuspayPaymentAtDelivery"


def body(order, **overrides):
    return {"order_id": order.public_id, "amount": 291, "customerId": order.user.phone_no, **overrides}


@pytest.mark.parametrize("path", [START, AT_DELIVERY])
def test_the_owner_starts_a_payment_and_gets_the_link(as_user, online_order, path):
    answer = as_user(online_order.user).post(path, body(online_order, cartItems=[{"qty": 2}]), format="json")

    assert answer.status_code == 200
    payment = Payment.objects.get(order=online_order)
    started = {
        "status": "NEW",
        "id": f"sandbox_{payment.gateway_order_id}",
        "order_id": payment.gateway_order_id,
        "payment_links": {"web": f"http://testserver/payments/sandbox/{payment.gateway_order_id}"},
    }
    # The shop's islands read the top; the existing client reads `data` (its old `{success, data}`).
    assert answer.json() == {**started, "success": True, "data": started}
    assert payment.amount == online_order.total_price
    assert payment.return_origin == ""


@pytest.mark.parametrize("path", [START, AT_DELIVERY])
def test_permissions_anonymous_other_customer_and_admin(as_user, online_order, other_shopper, admin_user, path):
    assert as_user(None).post(path, body(online_order, customerId=None), format="json").status_code == 401
    other = as_user(other_shopper).post(path, body(online_order), format="json")
    assert other.status_code == 404 and other.json() == {"message": "Order not found"}
    # Admins pay their own orders only; staff record cash payments in the admin screens.
    assert as_user(admin_user).post(path, body(online_order), format="json").status_code == 404
    assert not Payment.objects.exists()


@pytest.mark.parametrize("amount", [1, "290.99", 291.01, "0"])
def test_an_amount_other_than_the_orders_total_is_refused(as_user, online_order, amount):
    answer = as_user(online_order.user).post(AT_DELIVERY, body(online_order, amount=amount), format="json")
    assert answer.status_code == 400
    assert answer.json()["message"] == "The amount to pay is the order's total, 291.00."
    assert not Payment.objects.exists()


@pytest.mark.parametrize("amount", ["291.001", True, "abc", "NaN", [291], {"value": 291}])
def test_an_amount_that_is_not_money_is_refused(as_user, online_order, amount):
    answer = as_user(online_order.user).post(AT_DELIVERY, body(online_order, amount=amount), format="json")
    assert answer.status_code == 400
    assert answer.json()["message"].startswith("amount: ")
    assert not Payment.objects.exists()


@pytest.mark.parametrize("amount", [291, 291.0, "291", "291.00"])
def test_the_total_as_a_number_or_numeric_string_is_accepted(as_user, online_order, amount):
    answer = as_user(online_order.user).post(AT_DELIVERY, body(online_order, amount=amount), format="json")
    assert answer.status_code == 200


def test_the_amount_may_be_left_out(as_user, online_order):
    assert (
        as_user(online_order.user).post(START, {"order_id": online_order.public_id}, format="json").status_code == 200
    )


def test_a_cash_order_is_paid_with_the_pay_button_not_the_checkout_start(as_user, cash_order):
    client = as_user(cash_order.user)
    refused = client.post(START, {"order_id": cash_order.public_id}, format="json")
    assert refused.status_code == 400
    assert client.post(AT_DELIVERY, {"order_id": cash_order.public_id}, format="json").status_code == 200


def test_a_paid_order_is_not_paid_twice(as_user, online_order, client):
    api = as_user(online_order.user)
    link = api.post(START, body(online_order), format="json").json()["payment_links"]["web"]
    client.get(client.post(link, {"action": "pay"})["Location"])
    again = api.post(AT_DELIVERY, body(online_order), format="json")
    assert again.status_code == 409 and again.json()["message"] == "This order is already paid."


@pytest.mark.parametrize("payload", [{}, {"order_id": ""}, {"order_id": None}, []])
def test_bad_bodies_are_400_json(as_user, online_order, payload):
    answer = as_user(online_order.user).post(START, payload, format="json")
    assert answer.status_code == 400 and "message" in answer.json()


def test_an_unknown_or_overlong_order_id_is_404(as_user, online_order):
    client = as_user(online_order.user)
    assert client.post(START, {"order_id": "nope"}, format="json").status_code == 404
    assert client.post(START, {"order_id": "x" * 40}, format="json").status_code == 404


def test_a_gateway_that_fails_answers_502_with_the_spec_message(as_user, online_order, fake_juspay):
    fake_juspay.fail_next(503, {"status": "error", "error_message": "maintenance"})
    answer = as_user(online_order.user).post(START, body(online_order), format="json")
    assert answer.status_code == 502
    assert answer.json()["message"] == "Failed to initiate payment. Please try again."


def test_juspay_session_links_to_the_gateway(as_user, online_order, fake_juspay, settings):
    settings.SITE_URL = "https://shop.example"
    answer = as_user(online_order.user).post(START, body(online_order), format="json").json()
    assert answer["status"] == "NEW"
    assert answer["payment_links"]["web"] == f"{fake_juspay.url}/pay/{answer['order_id']}"
    import json

    sent = json.loads(fake_juspay.calls("/session")[0]["body"])
    assert sent["return_url"] == "https://shop.example/payments/return"
    assert sent["customer_id"] == online_order.user.phone_no


def test_paypal_config_answers_the_client_id(client, settings):
    assert client.get("/api/config/paypal").json() == ""
    settings.PAYPAL_CLIENT_ID = "sb-client"
    assert client.get("/api/config/paypal").json() == "sb-client"


def test_the_sandbox_page_of_an_unknown_payment_is_404(client, db):
    assert client.get("/payments/sandbox/Pnothing").status_code == 404


# --- the existing client's Pay button: no token, the order's phone number as customerId ---------


@pytest.mark.parametrize("phone", ["{phone}", "91{phone}", "+91{phone}"])
def test_a_guest_pays_an_unpaid_order_naming_its_phone_number(as_user, cash_order, phone):
    guest = body(cash_order, customerId=phone.format(phone=cash_order.user.phone_no), amount=None)
    answer = as_user(None).post(AT_DELIVERY, guest, format="json")

    assert answer.status_code == 200, answer.content
    payment = Payment.objects.get(order=cash_order)
    assert answer.json()["payment_links"]["web"] == f"http://testserver/payments/sandbox/{payment.gateway_order_id}"
    assert payment.amount == cash_order.total_price


def test_a_guests_amount_is_the_orders_own(as_user, cash_order):
    guest = as_user(None)
    wrong = guest.post(AT_DELIVERY, body(cash_order, amount=1), format="json")
    assert wrong.status_code == 400
    assert wrong.json()["message"] == f"The amount to pay is the order's total, {cash_order.total_price:.2f}."
    assert guest.post(AT_DELIVERY, body(cash_order, amount=cash_order.total_price), format="json").status_code == 200
    assert Payment.objects.get().amount == cash_order.total_price


@pytest.mark.parametrize("customer_id", ["9999999999", "91999999999", "abc", "", None])
def test_a_guest_naming_another_number_or_none_is_refused_as_before(as_user, cash_order, customer_id):
    answer = as_user(None).post(AT_DELIVERY, body(cash_order, customerId=customer_id), format="json")
    # No number at all: the gate of a guest, as before (401); a number not the order's: not found,
    # as an order id that does not exist, so nobody learns whose order an id is.
    if customer_id:
        assert (answer.status_code, answer.json()) == (404, {"message": "Order not found"})
    else:
        assert answer.status_code == 401
    assert as_user(None).post(AT_DELIVERY, body(cash_order, order_id="nope"), format="json").status_code == 404
    assert not Payment.objects.exists()


@pytest.mark.parametrize("path", [START, AT_DELIVERY])
def test_a_guest_pays_the_online_order_just_placed_but_not_twice(as_user, online_order, client, path):
    """The existing client starts the checkout's payment without a token, as it does the Pay button."""
    guest = as_user(None)
    answer = guest.post(path, body(online_order), format="json")
    assert answer.status_code == 200
    link = answer.json()["data"]["payment_links"]["web"]
    client.get(client.post(link, {"action": "pay"})["Location"])
    again = guest.post(path, body(online_order), format="json")
    assert again.status_code == 409 and again.json()["message"] == "This order is already paid."


def test_a_guest_checkout_start_is_for_online_orders_and_their_own_number(as_user, cash_order, online_order):
    guest = as_user(None)
    assert guest.post(START, body(cash_order), format="json").status_code == 400
    stranger = guest.post(START, body(online_order, customerId="9876500000"), format="json")
    assert (stranger.status_code, stranger.json()) == (404, {"message": "Order not found"})
    assert not Payment.objects.exists()


CLIENT = "http://client.example.in"


@pytest.mark.parametrize("path", [START, AT_DELIVERY])
def test_a_payment_from_the_existing_clients_origin_returns_there(as_user, online_order, client, settings, path):
    settings.CORS_ALLOWED_ORIGINS = [CLIENT]
    api = as_user(None)
    answer = api.post(path, body(online_order), format="json", headers={"Origin": CLIENT})
    link = answer.json()["data"]["payment_links"]["web"]
    assert link.startswith("http://testserver/payments/sandbox/")  # the shop's page, not the client's
    back = client.get(client.post(link, {"action": "pay"})["Location"])
    assert back["Location"] == f"{CLIENT}/payment/success?orderId={online_order.public_id}"


def test_a_payment_from_any_other_origin_returns_to_the_shop(as_user, cash_order, client, settings):
    settings.CORS_ALLOWED_ORIGINS = [CLIENT]
    api = as_user(cash_order.user)
    link = api.post(
        AT_DELIVERY, body(cash_order, amount=None), format="json", headers={"Origin": "https://evil.example"}
    )
    payment = Payment.objects.get(order=cash_order)
    assert payment.return_origin == ""
    back = client.get(client.post(link.json()["payment_links"]["web"], {"action": "fail"})["Location"])
    assert back["Location"] == "/payment/failure"


def test_a_stored_origin_no_longer_allowed_returns_to_the_shop(as_user, online_order, client, settings):
    settings.CORS_ALLOWED_ORIGINS = [CLIENT]
    link = as_user(online_order.user).post(START, body(online_order), format="json", headers={"Origin": CLIENT})
    settings.CORS_ALLOWED_ORIGINS = []
    back = client.get(client.post(link.json()["payment_links"]["web"], {"action": "pay"})["Location"])
    assert back["Location"] == f"/payment/success?orderId={online_order.public_id}"


def test_guesses_are_throttled_per_client_and_per_order(as_user, cash_order, settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "guest_payment": "4/hour", "guest_payment_order": "2/hour"},
    }
    guesses = [body(cash_order, customerId=f"98765432{n:02d}") for n in range(3)]
    one_client = as_user(None)
    answers = [one_client.post(AT_DELIVERY, guess, format="json").status_code for guess in guesses]
    assert answers == [404, 404, 429]
    # The order is held back for every client, its owner's number too; other orders are not.
    elsewhere = as_user(None)
    elsewhere.defaults["REMOTE_ADDR"] = "203.0.113.9"
    assert elsewhere.post(AT_DELIVERY, body(cash_order), format="json").status_code == 429
    assert elsewhere.post(AT_DELIVERY, body(cash_order, order_id="other"), format="json").status_code == 404
    # The client is held back for every order once it has tried its share.
    assert one_client.post(AT_DELIVERY, body(cash_order, order_id="another"), format="json").status_code == 404
    throttled = one_client.post(AT_DELIVERY, body(cash_order, order_id="yet-another"), format="json")
    assert throttled.status_code == 429 and "message" in throttled.json()
    # A signed-in owner is not a guest: the token's path is not throttled this way.
    assert as_user(cash_order.user).post(AT_DELIVERY, body(cash_order, amount=None), format="json").status_code == 200
