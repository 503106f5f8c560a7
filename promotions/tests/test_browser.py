"""In the browser: the home banners show the live offer, the order page what the order will earn,
and My Rewards how far the customer is from this month's coupon."""

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from promotions.tests.conftest import make_order
from shop.tests.browser.signin import sign_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_banners_order_rewards_and_my_rewards(page: Page, make_user, gold, silver):
    from promotions.services import rewards_sync_order

    customer = make_user("9876500011", password="secret-pass-1", name="Asha")
    rewards_sync_order(order_id=make_order(customer, "1200.50", status="delivered", paid=True).pk)
    on_the_way = make_order(customer, "5150", status="dispatched", at=timezone.now())
    rewards_sync_order(order_id=on_the_way.pk)
    gold.monthly_cap = 20
    gold.save()

    page.goto("/")
    expect(page.locator(".offer").first).to_contain_text("Win a gold coin: 20 of 20 coupons left this month")
    expect(page.locator(".offer").nth(1)).to_contain_text("A free silver coin for every ₹5,000.00")

    sign_in_as(page, customer.phone_no, "secret-pass-1")
    page.goto(f"/order/{on_the_way.public_id}")
    rewards = page.get_by_role("region", name="This order will earn")
    expect(rewards).to_contain_text("1 silver coin")
    expect(rewards).to_contain_text("Free earphones")

    page.locator("button[aria-label^='Account:']").first.click()
    page.get_by_role("button", name="My Rewards").click()
    drawer = page.get_by_role("dialog", name="Account")
    expect(drawer).to_contain_text("₹1,800 more this month for a gold-coin coupon")
    expect(drawer).to_contain_text("₹5,150.00 on the way")
