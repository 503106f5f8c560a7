"""A slot's capacity for one date, and Undo on the order's own page (issue 48), in a real browser,
in English and Telugu, on a phone (390 x 844) and a desktop (1280 x 800): the manager sees the
coming days' booked against capacity on /admin/slots, lowers one date below what is booked and is
told the orders booked (their invoice numbers), then gives the date back its weekly number; and
undoes a mistaken delivered move from the order's page, asked why.

Screenshots are kept in test-results/slots48/. Needs the built bundles: `npm run build` first.
"""

from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from accounts.models import User
from catalog.models import Financial
from checkout.placement import Address, LineRequest, Totals, order_place
from delivery.models import Slot
from delivery.slots import slot_id
from orders.models import Order, OrderEvent
from orders.pipeline import order_advance
from shop.tests.browser.signin import sign_in_as
from shop.tests.browser.test_telugu import choose, settle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "slots48"
CUSTOMER = "9000000002"
ADMIN = ("9000000001", "admin12345")
SIZES = (("phone", "390x844"), ("desktop", "1280x800"))


@pytest.fixture(scope="module", autouse=True)
def shots_folder():
    SHOTS.mkdir(parents=True, exist_ok=True)


def shot(page: Page, name: str) -> None:
    settle(page)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def place_order() -> Order:
    """The customer's cash order, booked into the next free slot as placement books one."""
    customer = User.objects.get(phone_no=CUSTOMER)
    pack = Financial.objects.filter(count_in_stock__gt=5).select_related("detail").order_by("pk").first()
    return order_place(
        user=customer,
        items=[LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=1)],
        shipping_address=Address(street=customer.street, city=customer.city, postal_code=customer.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=pack.dprice, shipping_price=Decimal("0.00"), total_price=pack.dprice),
    )


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_manager_lowers_one_dates_capacity_below_the_booked_and_is_told_the_orders(
    phone: Page, desktop: Page, demo_catalog, language
):
    texts = {
        "en": {"title": "Coming days", "weekly": "Weekly again", "save": "Save"},
        "te": {"title": "రాబోయే రోజులు", "weekly": "మళ్ళీ వారపు సంఖ్య", "save": "సేవ్ చేయండి"},
    }[language]
    tabs = {"phone": phone, "desktop": desktop}
    for name, size in SIZES:
        page = tabs[name]
        orders = [place_order(), place_order()]
        booking = orders[0].slot_booking
        assert orders[1].slot_booking.slot_id == booking.slot_id
        slot = Slot.objects.select_related("window").get(pk=booking.slot_id)
        wire_id = slot_id(slot.date, slot.window_id)
        sign_in_as(page, *ADMIN)
        page.goto("/admin/slots")
        if language == "te":
            choose(page, "te")
        days = page.locator("section.admin-slots__coming")
        expect(days.get_by_role("heading", name=texts["title"])).to_be_visible()
        row = days.locator("tr", has=page.locator(f"[id='day-capacity-{wire_id}']"))
        expect(row).to_contain_text(str(slot.booked))
        shot(page, f"coming-days-{language}-{size}")

        row.locator("input").fill("1")
        row.get_by_role("button", name=texts["save"], exact=True).click()
        warning = days.locator(".alert--warning")
        expect(warning).to_be_visible()
        for order in orders:
            expect(warning).to_contain_text(order.invoice_number)
        slot.refresh_from_db()
        assert slot.capacity == 1
        shot(page, f"coming-days-warning-{language}-{size}")

        row.get_by_role("button", name=texts["weekly"]).click()
        expect(days.locator(".alert--success")).to_be_visible()
        slot.refresh_from_db()
        assert slot.capacity is None


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_manager_undoes_a_mistaken_delivered_move_from_the_orders_page(
    phone: Page, desktop: Page, demo_catalog, language
):
    reason = {"en": "Marked delivered by mistake", "te": "పొరపాటున డెలివరీ అయినట్లు గుర్తించాం"}[language]
    admin = User.objects.get(phone_no=ADMIN[0])
    tabs = {"phone": phone, "desktop": desktop}
    for name, size in SIZES:
        page = tabs[name]
        order = place_order()
        for step in ("packed", "dispatched", "delivered"):
            order_advance(order=order, to_status=step, by=admin)
        sign_in_as(page, *ADMIN)
        page.goto(f"/order/{order.public_id}")
        if language == "te":
            choose(page, "te")
        undo = page.get_by_role("button", name={"en": "Undo", "te": "వెనక్కి"}[language])
        expect(undo).to_be_visible()
        shot(page, f"order-undo-{language}-{size}")
        questions = []

        def answer(dialog, questions=questions):
            questions.append(dialog.message)
            dialog.accept(reason)

        page.once("dialog", answer)
        undo.click()
        done = {
            "en": f"Order {order.invoice_number} is now dispatched.",
            "te": f"ఆర్డర్ {order.invoice_number} ఇప్పుడు పంపబడింది.",
        }
        expect(page.get_by_text(done[language])).to_be_visible()
        shot(page, f"order-undone-{language}-{size}")
        assert order.invoice_number in questions[0]
        order.refresh_from_db()
        assert (order.status, order.delivered_at) == ("dispatched", None)
        last = OrderEvent.objects.filter(order=order).last()
        assert (last.from_status, last.to_status, last.reason) == ("delivered", "dispatched", reason)
