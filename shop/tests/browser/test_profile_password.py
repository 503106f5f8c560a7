"""The profile form asks for the current password with a new one (issue 33.5), in English and
Telugu, on a phone and a desktop; screenshots in test-results/security/. Needs `npm run build`."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[3] / "test-results" / "security"


@pytest.mark.parametrize("language", ["en", "te"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_the_current_password_field_appears_with_a_new_password(browser, live_server, make_user, language, size):
    customer = make_user("9876500031", password="old-secret-9", name="Asha")
    context = browser.new_context(base_url=live_server.url, viewport={"width": size[0], "height": size[1]})
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith(live_server.url) else route.abort()
    )
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('lang', '{language}')")
    page.goto("/login?redirect=/profile")
    form = page.locator("#island")
    form.locator("input[type=tel], input[autocomplete=username], input[name=phoneNo]").first.fill(customer.phone_no)
    form.locator("input[type=password]").first.fill("old-secret-9")
    form.locator("button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/profile$"))
    form.locator("button.profile-form__toggle").click()
    new_password = form.locator("input[autocomplete=new-password]").first
    expect(form.locator("input[autocomplete=current-password]")).to_have_count(0)
    new_password.fill("new-secret-7")
    form.locator("input[autocomplete=new-password]").nth(1).fill("new-secret-7")
    current = form.locator("input[autocomplete=current-password]")
    expect(current).to_be_visible()
    label = form.locator(f"label[for='{current.get_attribute('id')}']")
    expect(label).to_have_text("Current Password" if language == "en" else "ప్రస్తుత పాస్‌వర్డ్")
    current.fill("old-secret-9")
    current.evaluate("field => field.scrollIntoView({block: 'center'})")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"profile-current-password-{language}-{size[0]}x{size[1]}.png"))
    with page.expect_response(re.compile(r"/api/users/profile$")) as saved:
        form.locator("button[type=submit]").last.click()
    assert saved.value.ok
    customer.refresh_from_db()
    assert customer.check_password("new-secret-7")
    context.close()
