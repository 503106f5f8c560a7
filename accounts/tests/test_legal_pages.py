"""/terms.html and /privacy.html: real text for this shop, contacts from settings."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("url", "heading"), [("/terms.html", "Terms and Conditions"), ("/privacy.html", "Privacy Policy")]
)
def test_the_page_renders_in_the_shop_layout(client, url, heading, settings):
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert f"<h1>{heading}</h1>" in html
    assert f"<title>{heading} | SMLR Mart</title>" in html
    assert 'id="shop-config"' in html  # base.html's chrome
    assert f'href="mailto:{settings.STORE_SUPPORT_EMAIL}"' in html
    assert settings.STORE_ADDRESS in html
    assert 'id="island"' not in html  # no island: plain server-rendered text


def test_terms_cover_delivery_payment_and_returns(client):
    html = client.get("/terms.html").content.decode()
    for text in [
        "Konaseema",
        "Yanam",
        "within 24 hours",
        "Cash or UPI on delivery",
        "Online",
        "damaged",
        "six-digit code (OTP)",
        "GSTIN",
        "FSSAI",
    ]:
        assert text in html


def test_privacy_says_what_is_kept_and_why(client):
    html = client.get("/privacy.html").content.decode()
    for text in [
        "Mobile number",
        "Password",
        "Delivery address",
        "Location",
        "Orders",
        "SMS provider",
        "payment partner",
        "local storage",
        "72 months",
    ]:
        assert text in html


def test_the_support_email_comes_from_settings(client, settings):
    settings.STORE_SUPPORT_EMAIL = "help@example.in"
    assert "mailto:help@example.in" in client.get("/privacy.html").content.decode()
