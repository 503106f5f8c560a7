"""DPDP in Chromium, on a 360-px phone: the register page shows the server's notice with the
unticked offer-SMS box; a signed-in shopper deletes the account from /profile with the password
and is signed out. Needs the built bundles (`npm run build`). About 10 seconds."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "secret-pass-1"


def test_register_shows_the_notice_and_profile_deletes_the_account(phone_page, customer):
    phone = phone_page
    phone.goto("/register")
    expect(phone.get_by_text("What we collect")).to_be_visible()
    expect(phone.get_by_label("Send me offers by SMS")).not_to_be_checked()

    answer = phone.request.post("/api/users/auth", data={"phoneNo": customer.phone_no, "password": PASSWORD})
    assert answer.ok, answer.text()
    phone.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())
    phone.goto("/profile")
    phone.get_by_role("button", name="Delete my account", exact=True).click()
    phone.get_by_label("Your password").fill(PASSWORD)
    phone.get_by_role("button", name="Delete my account for good").click()
    expect(phone.get_by_text("Your account is deleted.")).to_be_visible()
    phone.wait_for_function("localStorage.getItem('userInfo') === null", timeout=5000)
    customer.refresh_from_db()
    assert customer.erased_at is not None and not customer.is_active
