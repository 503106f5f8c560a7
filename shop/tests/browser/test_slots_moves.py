"""Moving orders off a closed day or an over-booked slot (issue 45), in a real browser, in English
and Telugu, on a phone (390 x 844) and a desktop (1280 x 800): the manager lowers a date's
capacity below what is booked on /admin/slots and moves the order over it to the slot suggested;
then closes a booked day and moves its orders, one of them packed and left where it is. Each
moved shopper gets one SMS.

Screenshots are kept in test-results/slots45/. Needs the built bundles: `npm run build` first.
"""

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from accounts.models import User
from delivery.models import Slot
from delivery.slots import slot_id
from orders.models import Order, OrderEvent
from orders.pipeline import order_advance
from shop.tests.browser.signin import sign_in_as
from shop.tests.browser.test_slots_coming_days import place_order
from shop.tests.browser.test_telugu import choose, settle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "slots45"
ADMIN = ("9000000001", "admin12345")
SIZES = (("phone", "390x844"), ("desktop", "1280x800"))
TEXTS = {
    "en": {"save": "Save", "close": "Close this day", "moved": "moved to"},
    "te": {"save": "సేవ్ చేయండి", "close": "ఈ రోజు మూసివేయండి", "moved": "మార్చబడ"},
}


@pytest.fixture(scope="module", autouse=True)
def shots_folder():
    SHOTS.mkdir(parents=True, exist_ok=True)


def shot(page: Page, name: str, part) -> None:
    """The screen as the manager sees it with `part` (the offer, or its result) in the middle."""
    settle(page)
    part.evaluate("element => element.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def booking_of(order: Order):
    return Order.objects.select_related("slot_booking__slot").get(pk=order.pk).slot_booking


def moved_texts(outbox, orders) -> int:
    """The texts naming these orders but their placement's (which links to the order's page)."""
    return sum(any(order.invoice_number in text for order in orders) and "/order/" not in text for text in outbox())


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_manager_moves_the_orders_over_a_lowered_capacity_and_off_a_closed_day(
    phone: Page, desktop: Page, demo_catalog, sms_outbox, language
):
    texts = TEXTS[language]
    admin = User.objects.get(phone_no=ADMIN[0])
    tabs = {"phone": phone, "desktop": desktop}
    for name, size in SIZES:
        page = tabs[name]
        # A date's capacity lowered below its two orders: the later one is offered for the next slot.
        orders = [place_order(), place_order()]
        source = Slot.objects.select_related("window").get(pk=booking_of(orders[0]).slot_id)
        assert booking_of(orders[1]).slot_id == source.pk
        wire_id = slot_id(source.date, source.window_id)
        sign_in_as(page, *ADMIN)
        page.goto("/admin/slots")
        if language == "te":
            choose(page, "te")
        days = page.locator("section.admin-slots__coming")
        row = days.locator("tr", has=page.locator(f"[id='day-capacity-{wire_id}']"))
        row.locator("input").fill(str(source.booked - 1))
        row.get_by_role("button", name=texts["save"], exact=True).click()
        offer = days.locator(".admin-slots__move")
        expect(offer.locator(".alert--warning")).to_contain_text(orders[1].invoice_number)
        boxes = offer.get_by_role("checkbox")
        expect(offer.get_by_role("checkbox", name=orders[1].invoice_number)).to_be_checked()
        assert boxes.count() == source.booked  # every order booked there can still move
        target = offer.locator("select").input_value()
        assert target and target != wire_id
        shot(page, f"move-offer-capacity-{language}-{size}", offer)

        offer.locator("button[type=submit]").click()
        done = days.locator(".admin-slots__moved .alert--success")
        expect(done).to_contain_text(texts["moved"])
        shot(page, f"moved-capacity-{language}-{size}", done)
        moved = booking_of(orders[1])
        assert slot_id(moved.date, moved.slot.window_id) == target
        assert booking_of(orders[0]).slot_id == source.pk
        assert OrderEvent.objects.filter(order=orders[1], reason__startswith="Delivery moved").count() == 1
        assert moved_texts(sms_outbox, orders) == 1

        # A booked day closed: its two orders are offered, the packed one stays.
        day_orders = [place_order(), place_order(), place_order()]
        day = booking_of(day_orders[0]).date
        order_advance(order=day_orders[0], to_status="packed", by=admin)
        page.reload()
        holidays = page.locator("section.admin-slots__holidays")
        holidays.locator("#holiday-date").fill(f"{day:%Y-%m-%d}")
        holidays.get_by_role("button", name=texts["close"]).click()
        offer = page.locator(".admin-slots > .admin-slots__move")
        expect(offer.locator(".alert--warning")).to_contain_text(day_orders[0].invoice_number)
        expect(offer.get_by_role("checkbox", name=day_orders[1].invoice_number)).to_be_checked()
        expect(offer.get_by_role("checkbox", name=day_orders[2].invoice_number)).to_be_checked()
        expect(offer.get_by_role("checkbox", name=day_orders[0].invoice_number)).to_have_count(0)
        expect(offer).to_contain_text(day_orders[0].invoice_number)
        shot(page, f"move-offer-closed-day-{language}-{size}", offer)

        offer.locator("button[type=submit]").click()
        done = page.locator(".admin-slots > .admin-slots__moved .alert--success")
        expect(done).to_contain_text(texts["moved"])
        shot(page, f"moved-closed-day-{language}-{size}", done)
        assert {booking_of(order).date for order in day_orders[1:]} != {day}
        assert booking_of(day_orders[0]).date == day
        assert moved_texts(sms_outbox, day_orders) == 2
