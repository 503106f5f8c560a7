"""The support screens in Chromium, at 390×844 and 1280×800, in English and Telugu: the order
page's way to the report page, a shopper reporting a damaged item with a photo and seeing the
ticket number at once, staff approving it in the queue, and the store credit in the account drawer
and on /profile. Screenshots of every screen go to test-results/support/.

Needs the built bundles: `npm run build` first. About 40 seconds.
"""

import io
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from PIL import Image
from playwright.sync_api import Page, expect

from aftersale.problem_reports import ticket_approve
from orders.pipeline import order_advance
from orders.services import order_record_cash_payment
from support.models import Ticket
from support.services import ReportedLine, ticket_open_problem_report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "support"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
PASSWORD = "secret-pass-1"


def tab(browser, live_server, size: str, language: str) -> Page:
    viewport = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(base_url=live_server.url, viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(15_000)
    host = live_server.url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "django_language", "value": language, "domain": host, "path": "/"}])
    context.add_init_script(f"localStorage.setItem('lang', {json.dumps(language)})")
    return context.new_page()


def sign_in(page: Page, phone_no: str) -> None:
    answer = page.request.post("/api/users/auth", data={"phoneNo": phone_no, "password": PASSWORD})
    assert answer.ok, answer.text()
    page.goto("/terms.html")
    page.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())


def shot(page: Page, name: str, *, full_page: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


@pytest.fixture
def world(shopper, packs, place_order, admin_user, settings, tmp_path):
    """A delivered, paid cash order of three lines; an earlier report about one line approved."""
    settings.MEDIA_ROOT = tmp_path
    order = place_order(shopper, (packs.oil_1l, 3), (packs.rice_5kg, 2), (packs.rice_1kg, 1))
    for status in ("packed", "dispatched", "delivered"):
        order_advance(order=order, to_status=status, by=admin_user)
    order_record_cash_payment(order=order, by=admin_user)
    rice = order.items.get(financial=packs.rice_5kg)
    earlier = ticket_open_problem_report(
        user=shopper, public_id=order.public_id, lines=[ReportedLine(rice.pk, "missing", 1)]
    )
    ticket_approve(number=earlier.number, by=admin_user)
    return order


def photo_file(tmp_path) -> Path:
    path = tmp_path / "leak.png"
    out = io.BytesIO()
    Image.new("RGB", (640, 480), (200, 120, 40)).save(out, format="PNG")
    path.write_bytes(out.getvalue())
    return path


def test_a_shopper_reports_staff_approve_and_the_credit_shows(
    browser, live_server, world, shopper, admin_user, tmp_path
):
    order = world

    # The shopper, on a phone in English: the order page's section, the report form, the ticket number.
    page = tab(browser, live_server, "phone", "en")
    sign_in(page, shopper.phone_no)
    page.goto(f"/order/{order.public_id}")
    link = page.get_by_role("link", name="Report a problem")
    link.scroll_into_view_if_needed()
    shot(page, "order-link-phone-en", full_page=False)
    link.click()
    page.wait_for_url(f"**/order/{order.public_id}/report")
    expect(page.get_by_role("heading", level=1, name="Report a problem")).to_be_visible()
    expect(page.get_by_text("Approved: ₹399.00 added to your store credit.")).to_be_visible()
    shot(page, "report-empty-phone-en")
    page.get_by_role("checkbox", name="Fortune Sunflower Oil 1 L").check()
    page.get_by_role("combobox", name="What is wrong?").select_option("damaged")
    page.get_by_role("combobox", name="Packs affected").select_option("2")
    page.get_by_role("textbox", name="Tell us more (optional)").fill("The cap was broken and oil leaked in the bag.")
    page.get_by_label("Photo (optional)").set_input_files(str(photo_file(tmp_path)))
    expect(page.get_by_role("img", name="Your photo of the problem")).to_be_visible()
    shot(page, "report-filled-phone-en")
    page.get_by_role("button", name="Send report").click()
    expect(page.get_by_text(re.compile(r"Your ticket number is T-\d{4}-000002\."))).to_be_visible()
    number = Ticket.objects.order_by("-id").values_list("number", flat=True).first()
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "report-sent-phone-en")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.close()

    # The report page in the other sizes and languages, a line ticked.
    for size, language in (("phone", "te"), ("desktop", "en"), ("desktop", "te")):
        page = tab(browser, live_server, size, language)
        sign_in(page, shopper.phone_no)
        page.goto(f"/order/{order.public_id}/report")
        page.locator(".report-line input[type=checkbox]").first.check()
        page.locator(".report-line select").first.select_option("expired")
        shot(page, f"report-{size}-{language}")
        page.goto(f"/order/{order.public_id}")
        page.locator(".report-link").scroll_into_view_if_needed()
        shot(page, f"order-link-{size}-{language}", full_page=False)
        if size == "phone":
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.context.close()

    # Staff: the queue in every size and language, then one approval with a lowered amount.
    for size, language in (("phone", "en"), ("phone", "te"), ("desktop", "te"), ("desktop", "en")):
        page = tab(browser, live_server, size, language)
        sign_in(page, admin_user.phone_no)
        page.goto("/admin/tickets")
        expect(page.locator(".admin-ticket").first).to_be_visible()
        shot(page, f"queue-{size}-{language}")
        page.context.close()
    page = tab(browser, live_server, "desktop", "en")
    sign_in(page, admin_user.phone_no)
    page.goto("/admin/tickets")
    card = page.locator(".admin-ticket", has_text=number)
    expect(card.get_by_text("Reported packs' value: ₹291.00")).to_be_visible()
    card.get_by_role("spinbutton").fill("250")
    page.once("dialog", lambda dialog: dialog.accept())
    card.get_by_role("button", name="Approve").click()
    expect(page.get_by_text(f"Ticket {number} approved.")).to_be_visible()
    page.goto("/admin/tickets?status=all")
    expect(page.get_by_text("Approved: ₹250.00 given as store credit.")).to_be_visible()
    shot(page, "queue-decided-desktop-en")
    page.context.close()

    # The shopper's store credit: the drawer's tab and /profile.
    for size, language in (("phone", "en"), ("phone", "te"), ("desktop", "en"), ("desktop", "te")):
        page = tab(browser, live_server, size, language)
        sign_in(page, shopper.phone_no)
        page.goto("/profile")
        expect(page.locator(".store-credit__balance strong")).to_have_text("₹649.00")
        shot(page, f"profile-{size}-{language}")
        page.goto("/")
        page.locator(".account__toggle").click()
        page.locator(".account-menu__item").nth(4).click()  # Profile, Orders, Rewards, Alerts, Store credit
        drawer = page.get_by_role("dialog")
        expect(drawer.locator(".store-credit__balance strong")).to_have_text("₹649.00")
        expect(drawer.locator(".store-credit__entry")).to_have_count(2)
        shot(page, f"drawer-credit-{size}-{language}", full_page=False)
        page.context.close()
