"""Issue 28's screens in a real browser, at 390 x 844 and 1280 x 800, in English and Telugu: the unit
price on cards and the product page's "Product details", the grievance page (a complaint filed, its
number shown), a policy page, and the staff queue with a grievance's clocks. Screenshots go to
test-results/compliance/ for a person to look at."""

from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from playwright.sync_api import expect

from catalog.models import Product
from shop.tests.browser.conftest import DESKTOP, PHONE, offline_tab
from support import grievances
from support.models import Ticket

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "compliance"
PASSWORD = "secret-pass-1"
SIZES = {"phone": PHONE, "desktop": DESKTOP}
TEXTS = {
    "en": {"details": "Product details", "origin": "Country of origin", "file": "Submit complaint"},
    "te": {"details": "ఉత్పత్తి వివరాలు", "origin": "మూల దేశం", "file": "ఫిర్యాదు పంపండి"},
}


def _tab(browser, live_server, size: str, language: str):
    tab = offline_tab(browser, live_server, SIZES[size])
    tab.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    tab.context.add_init_script(f"localStorage.setItem('lang', '{language}')")
    return tab


def _shot(tab, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "te"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_unit_prices_and_product_details(browser, live_server, demo_catalog, size, language):
    texts = TEXTS[language]
    product = Product.objects.get(name="Toor Dal")
    tab = _tab(browser, live_server, size, language)

    tab.goto(f"/category/{product.category.name}")
    expect(tab.locator(".product-card__unit-price").first).to_contain_text(" / ")
    _shot(tab, f"category-{size}-{language}")

    tab.goto(f"/product/{product.slug}")
    details = tab.get_by_role("region", name=texts["details"])
    expect(details).to_contain_text(texts["origin"])
    expect(details).to_contain_text("India")
    expect(tab.locator(".price-table [data-testid=unit-price]")).to_contain_text(" / ")
    details.scroll_into_view_if_needed()
    _shot(tab, f"product-{size}-{language}")

    tab.locator(".product-page__add").click()
    tab.goto("/cart")
    expect(tab.locator(".cart-line__unit-price").first).to_contain_text(" / ")
    _shot(tab, f"cart-{size}-{language}")
    tab.context.close()


@pytest.mark.parametrize("language", ["en", "te"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_grievance_page_files_a_complaint_and_policies_are_linked(browser, live_server, size, language):
    tab = _tab(browser, live_server, size, language)
    tab.goto("/grievance.html")
    expect(tab.locator("body")).to_contain_text(settings.GRIEVANCE_OFFICER_NAME)
    _shot(tab, f"grievance-{size}-{language}")

    tab.locator("#g-name").fill("Sita")
    tab.locator("#g-phone").fill("9876512345")
    tab.locator("#g-text").fill("The delivery came a day late.")
    tab.get_by_role("button", name=TEXTS[language]["file"]).click()
    ticket = Ticket.objects.get()
    expect(tab.locator(".alert--success")).to_contain_text(ticket.number)
    _shot(tab, f"grievance-filed-{size}-{language}")

    tab.goto("/refund-policy.html")
    expect(tab.locator("h1")).to_be_visible()
    _shot(tab, f"refund-policy-{size}-{language}")
    tab.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_staff_queue_shows_the_clocks_overdue_first(browser, live_server, make_user, size):
    make_user("9876500099", name="Lakshmi Admin", is_staff=True)
    late = grievances.grievance_file(name="Sita", phone="9876512345", text="Rude delivery person", language="en")
    Ticket.objects.filter(pk=late.pk).update(opened_at=timezone.now() - timedelta(hours=50))
    grievances.grievance_file(name="Ravi", phone="9876512346", text="Wrong bill amount", language="en")
    tab = _tab(browser, live_server, size, "en")
    answer = tab.request.post("/api/users/auth", data={"phoneNo": "9876500099", "password": PASSWORD})
    tab.goto("/terms.html")
    tab.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())

    tab.goto("/admin/tickets")
    first = tab.locator(".admin-ticket").first
    expect(first).to_contain_text(late.number)
    expect(first).to_contain_text("Overdue")
    _shot(tab, f"admin-tickets-{size}-en")
    tab.context.close()


@pytest.mark.parametrize("language", ["en", "te"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_place_order_links_the_policies_before_the_button(browser, live_server, demo_catalog, size, language):
    product = Product.objects.get(name="Toor Dal")
    tab = _tab(browser, live_server, size, language)
    answer = tab.request.post("/api/users/auth", data={"phoneNo": "9000000002", "password": "customer12345"})
    assert answer.ok, answer.text()
    tab.goto(f"/product/{product.slug}")
    tab.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())
    tab.locator(".product-page__add").click()
    tab.evaluate(
        """() => {
            const cart = JSON.parse(localStorage.getItem('cart'));
            cart.shippingAddress = {street: '12-4 Gandhi Nagar', city: 'Amalapuram', postalCode: '533201'};
            cart.paymentMethod = 'Cash Or UPI';
            localStorage.setItem('cart', JSON.stringify(cart));
        }"""
    )

    tab.goto("/placeorder")
    policies = tab.locator(".order-summary__policies")
    expect(policies.locator("a[href='/refund-policy.html']")).to_be_visible()
    expect(policies.locator("a[href='/shipping-policy.html']")).to_be_visible()
    expect(policies.locator("a[href='/payment-terms.html']")).to_be_visible()
    _shot(tab, f"placeorder-{size}-{language}")
    tab.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_staff_edit_screen_shows_the_declarations(browser, live_server, demo_catalog, size):
    product = Product.objects.get(name="Toor Dal")
    detail = product.details.order_by("id").first()
    tab = _tab(browser, live_server, size, "en")
    answer = tab.request.post("/api/users/auth", data={"phoneNo": "9000000001", "password": "admin12345"})
    tab.goto("/terms.html")
    tab.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())

    tab.goto(f"/admin/product/{product.slug}/edit/{detail.pk}")
    expect(tab.get_by_label("Manufacturer / packer / importer")).to_have_value(detail.packer_name)
    tab.get_by_label("Country of origin").scroll_into_view_if_needed()
    _shot(tab, f"admin-product-edit-{size}-en")
    tab.context.close()
