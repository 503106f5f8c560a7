"""Goodwill store credit in a real browser (issue 48), phone (390 x 844) and desktop (1280 x 800),
English and Telugu: the owner gives credit with a reason on the user edit page's Store credit panel
and the balance and ledger follow the server's answer; a cashier, who gets the panel alone, is
refused over the cashier's limit in the server's words and nothing is written. Screenshots go to
test-results/credit48/.

Needs the built bundles: `npx webpack --mode production` first.
"""

from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from accounts.services import user_role_set
from books.tests.test_books_browser import DESKTOP, PHONE, sign_in, tab
from payments.credit import credit_balance
from payments.models import StoreCreditEntry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "credit48"


def give(panel, amount: str, reason: str) -> None:
    panel.locator("input[inputmode=decimal]").fill(amount)
    panel.locator("input[type=text]").nth(1).fill(reason)
    panel.locator("form button[type=submit]").click()


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_owner_gives_credit_and_a_cashier_is_refused_over_the_limit(
    browser, live_server, admin_user, make_user, customer, settings, language
):
    settings.GOODWILL_CASHIER_LIMIT = 200
    cashier = user_role_set(actor=admin_user, user=make_user(name="Ravi Cashier"), role="cashier")
    SHOTS.mkdir(parents=True, exist_ok=True)
    edit = f"/admin/user/{customer.pk}/edit"
    for round_, (name, viewport) in enumerate((("phone", PHONE), ("desktop", DESKTOP)), start=1):
        page = tab(browser, live_server, viewport, language)
        errors = []
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
        sign_in(page, admin_user.phone_no, then=edit)
        panel = page.locator(".admin-user-credit")
        expect(page.locator("#user-name")).to_have_value(customer.name)
        give(panel, "150", "Late delivery")
        expect(panel.locator(".store-credit__balance strong")).to_contain_text(f"{150 * round_:,}")
        expect(panel.locator(".store-credit__entry").first).to_contain_text("Late delivery")
        expect(panel.locator(".store-credit__entry").first).to_contain_text("Lakshmi Admin")
        page.screenshot(path=str(SHOTS / f"owner-gives-{name}-{language}.png"), full_page=True)
        page.context.close()

        page = tab(browser, live_server, viewport, language)
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
        sign_in(page, cashier.phone_no, then="/admin/counter")
        page.goto(edit)
        panel = page.locator(".admin-user-credit")
        expect(panel.locator(".store-credit__balance strong")).to_contain_text(f"{150 * round_:,}")
        expect(page.locator("#user-name")).to_have_count(0)  # the user's details are the owner's
        give(panel, "250", "Bruised mangoes")
        alert = panel.locator("[role=alert]")
        expect(alert).to_contain_text("200")
        if language == "en":
            expect(alert).to_have_text("A cashier may give at most ₹200.00 at once; ask the manager for more.")
        else:
            expect(alert).to_contain_text("క్యాషియర్")
        page.screenshot(path=str(SHOTS / f"cashier-refused-{name}-{language}.png"), full_page=True)
        page.context.close()
        assert credit_balance(user=customer) == Decimal(150 * round_)
    assert errors == []
    assert StoreCreditEntry.objects.filter(by=cashier).count() == 0


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_owner_refunds_part_of_a_paid_cash_order_from_its_page(
    browser, live_server, admin_user, cash_order, language
):
    from orders.services import order_record_cash_payment

    order_record_cash_payment(order=cash_order, by=admin_user)  # 1 × rice 1 kg, ₹90.00
    SHOTS.mkdir(parents=True, exist_ok=True)
    for round_, (name, viewport) in enumerate((("phone", PHONE), ("desktop", DESKTOP)), start=1):
        page = tab(browser, live_server, viewport, language)
        errors = []
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
        sign_in(page, admin_user.phone_no, then=f"/order/{cash_order.public_id}")
        part = page.locator(".order-refund")
        expect(part.locator("h2")).to_be_visible()
        part.locator("input[inputmode=decimal]").fill("40")
        part.locator("input[type=text]").nth(1).fill("Torn bag")
        part.locator("button[type=submit]").click()
        expect(part.locator("input[inputmode=decimal]")).to_have_value("")
        assert credit_balance(user=cash_order.user) == Decimal(40 * round_)
        part.locator("input[inputmode=decimal]").fill("60")
        part.locator("input[type=text]").nth(1).fill("Too much")
        part.locator("button[type=submit]").click()
        expect(part.locator("[role=alert]")).to_contain_text(f"{90 - 40 * round_}.00")
        page.screenshot(path=str(SHOTS / f"order-refund-{name}-{language}.png"), full_page=True)
        assert errors == []
        page.context.close()
