"""What staff asked for on their first day (issue 48), in a real browser: the manager undoes a
mistaken delivered move from the board with a reason, in English and Telugu, on a phone
(390 x 844) and a desktop (1280 x 800).

Screenshots are kept in test-results/phone2/. Needs the built bundles: `npm run build` first.
"""

from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from accounts.models import User
from catalog.models import Financial
from checkout.placement import Address, LineRequest, Totals, order_place
from orders.models import Order, OrderEvent
from orders.pipeline import order_advance
from shop.tests.browser.signin import sign_in_as
from shop.tests.browser.test_telugu import choose, settle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "phone2"
CUSTOMER = "9000000002"
ADMIN = ("9000000001", "admin12345")


@pytest.fixture(scope="module", autouse=True)
def shots_folder():
    SHOTS.mkdir(parents=True, exist_ok=True)


def shot(page: Page, name: str) -> None:
    settle(page)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def delivered_order() -> Order:
    customer = User.objects.get(phone_no=CUSTOMER)
    admin = User.objects.get(phone_no=ADMIN[0])
    pack = Financial.objects.filter(count_in_stock__gt=5).select_related("detail").order_by("pk").first()
    order = order_place(
        user=customer,
        items=[LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=1)],
        shipping_address=Address(street=customer.street, city=customer.city, postal_code=customer.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=pack.dprice, shipping_price=Decimal("0.00"), total_price=pack.dprice),
    )
    for step in ("packed", "dispatched", "delivered"):
        order_advance(order=order, to_status=step, by=admin)
    return order


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_manager_undoes_a_mistaken_delivered_move_from_the_board(
    phone: Page, desktop: Page, demo_catalog, language
):
    reason = {"en": "Marked delivered by mistake", "te": "పొరపాటున డెలివరీ అయినట్లు గుర్తించాం"}[language]
    for page, size in ((phone, "390x844"), (desktop, "1280x800")):
        order = delivered_order()
        sign_in_as(page, *ADMIN)
        page.goto("/admin/orderlist?status=delivered")
        if language == "te":
            choose(page, "te")
        row = page.locator("tr", has_text=order.invoice_number)
        undo = row.get_by_role("button", name={"en": "Undo", "te": "వెనక్కి"}[language])
        expect(undo).to_be_visible()
        shot(page, f"undo-board-{language}-{size}")

        # A blank reason: the server's refusal, in the page's language; nothing moved.
        page.once("dialog", lambda dialog: dialog.accept(""))
        undo.click()
        refusal = {"en": "Say why the move is undone.", "te": "తరలింపును ఎందుకు వెనక్కి తీసుకుంటున్నారో చెప్పండి."}
        expect(page.get_by_role("alert")).to_contain_text(refusal[language])
        shot(page, f"undo-refused-{language}-{size}")
        order.refresh_from_db()
        assert order.status == "delivered"

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
        shot(page, f"undo-done-{language}-{size}")
        assert order.invoice_number in questions[0]
        order.refresh_from_db()
        assert (order.status, order.delivered_at) == ("dispatched", None)
        last = OrderEvent.objects.filter(order=order).last()
        assert (last.from_status, last.to_status, last.reason) == ("delivered", "dispatched", reason)
