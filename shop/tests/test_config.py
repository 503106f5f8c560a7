"""`GET /api/config` and the page's shop-config script: one answer, from `shop_config()`."""

import json
import re

import pytest

from orders.rules import MAX_QTY, MIN_QTY

pytestmark = pytest.mark.django_db

BOTH = [{"value": "Cash Or UPI", "label": "Cash/UPI"}, {"value": "Online", "label": "Online"}]


def _page_config(client) -> dict:
    html = client.get("/").content.decode()
    found = re.search(r'<script id="shop-config" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(found.group(1))


def test_the_config_lists_payment_methods_limits_shipping_and_contacts(api_client, settings):
    settings.ONLINE_PAYMENT_ENABLED = "Y"
    response = api_client.get("/api/config")
    assert response.status_code == 200
    config = response.json()
    assert config["paymentMethods"] == BOTH
    assert config["packLimits"] == {"card": {"min": 1, "max": 9}, "productPage": {"min": 1, "max": 10}}
    assert config["shippingPrice"] == 0 and isinstance(config["shippingPrice"], (int, float))
    assert config["gstRates"] == [0, 5, 12, 18, 28]
    assert config["storeName"] == settings.STORE_NAME
    assert config["supportPhone"] == settings.STORE_SUPPORT_PHONE
    # One number (issue 45): the tel: links' is the same, without its spaces.
    assert config["phoneNumber"] == settings.STORE_SUPPORT_PHONE.replace(" ", "")
    assert "onlinePayment" not in config
    assert "public" in response["Cache-Control"] and "max-age=60" in response["Cache-Control"]


def test_the_order_line_limit_is_the_product_page_limit(api_client):
    assert api_client.get("/api/config").json()["packLimits"]["productPage"] == {"min": MIN_QTY, "max": MAX_QTY}


def test_online_is_not_offered_when_switched_off(api_client, client, settings):
    settings.ONLINE_PAYMENT_ENABLED = "N"
    assert api_client.get("/api/config").json()["paymentMethods"] == BOTH[:1]
    assert _page_config(client)["paymentMethods"] == BOTH[:1]


@pytest.mark.parametrize("enabled", ["Y", "N"])
def test_the_page_embeds_the_same_answer(api_client, client, settings, enabled):
    settings.ONLINE_PAYMENT_ENABLED = enabled
    assert _page_config(client) == api_client.get("/api/config").json()


@pytest.mark.parametrize("who", ["anonymous", "customer", "other_customer", "admin_user"])
def test_everyone_gets_the_same_public_answer(request, as_user, api_client, who):
    user = None if who == "anonymous" else request.getfixturevalue(who)
    assert as_user(user).get("/api/config").json() == api_client.get("/api/config").json()


@pytest.mark.parametrize("header", ["Bearer undefined", "Bearer garbage.token.here", "Basic Zm9vOmJhcg=="])
def test_a_bad_token_does_not_stop_the_config(api_client, header):
    response = api_client.get("/api/config", HTTP_AUTHORIZATION=header)
    assert response.status_code == 200
    assert response.json()["paymentMethods"]


def test_the_config_is_read_only(api_client):
    assert api_client.post("/api/config", {}, format="json").status_code == 405


def test_the_config_is_in_the_api_schema(api_client):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    answer = schema["paths"]["/api/config"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {"$ref": "#/components/schemas/ShopConfig"}
    assert {"paymentMethods", "packLimits", "shippingPrice"} <= set(
        schema["components"]["schemas"]["ShopConfig"]["properties"]
    )
    assert "/api/orders/{public_id}/cancel" in schema["paths"]
    order = schema["components"]["schemas"]["Order"]["properties"]
    assert {"status", "isCancelled", "cancelledAt", "cancelReason", "allowedMoves"} <= set(order)


@pytest.mark.django_db
def test_every_number_to_call_is_the_shops_one(client, settings):
    """Issue 45: Order by phone and Say Hi called one number, the footer and the invoice another.
    The home page's footer links and the config the islands read (Order by phone, Say Hi, invoice)."""
    settings.STORE_SUPPORT_PHONE = "+91 90000 45045"
    html = client.get("/").content.decode()
    config = client.get("/api/config").json()

    assert set(re.findall(r'href="tel:([^"]*)"', html)) == {"+919000045045"}
    assert config["phoneNumber"] == "+919000045045" and config["supportPhone"] == "+91 90000 45045"
