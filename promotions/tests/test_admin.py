"""Django admin (/staff/): promotions edited, rewards and draws listed and read, prizes handed over."""

from io import StringIO

import pytest
from django.core.management import call_command

from promotions.models import Draw, Reward
from promotions.services import rewards_sync_order
from promotions.tests.conftest import india, make_order

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client, admin_user):
    client.force_login(admin_user)
    return client


def test_every_promotions_page_opens(staff, customer, gold, silver):
    order = make_order(customer, "5100", status="delivered", paid=True, at=india(2026, 10, 3))
    rewards_sync_order(order_id=order.pk)
    call_command("lucky_draw", "--month", "2026-10", "--seed", "3", stdout=StringIO())
    draw = Draw.objects.get()  # its id is not 1 when an earlier test drew on PostgreSQL
    for url in [
        "/staff/promotions/promotion/",
        f"/staff/promotions/promotion/{gold.pk}/change/",
        "/staff/promotions/reward/?status__exact=won",
        f"/staff/promotions/reward/{Reward.objects.first().pk}/change/",
        "/staff/promotions/draw/",
        f"/staff/promotions/draw/{draw.pk}/change/",
    ]:
        response = staff.get(url)
        assert response.status_code == 200, url
    assert customer.phone_no in staff.get(f"/staff/promotions/draw/{draw.pk}/change/").content.decode()


def test_staff_change_a_threshold(staff, gold):
    data = {
        "kind": "gold_coupon",
        "title": "Dairy Gold Coin Offer",
        "description": "New text",
        "image": "",
        "is_active": "on",
        "sequence": "1",
        "starts_on": "2026-01-01",
        "ends_on": "",
        "monthly_threshold": "2500.00",
        "monthly_cap": "60",
        "winners": "5",
        "coin_step": "",
        "earphones_threshold": "",
    }
    response = staff.post(f"/staff/promotions/promotion/{gold.pk}/change/", data)
    assert response.status_code == 302
    gold.refresh_from_db()
    assert (str(gold.monthly_threshold), gold.monthly_cap, gold.winners) == ("2500.00", 60, 5)

    data["monthly_cap"] = ""
    response = staff.post(f"/staff/promotions/promotion/{gold.pk}/change/", data)
    assert response.status_code == 200 and "Needed for this kind of promotion." in response.content.decode()


def test_handing_over_only_ready_prizes(staff, customer, admin_user, silver, gold):
    delivered = make_order(customer, "5000", status="delivered", paid=True)
    on_the_way = make_order(customer, "2500", status="dispatched")
    for order in (delivered, on_the_way):
        rewards_sync_order(order_id=order.pk)
    selected = list(Reward.objects.values_list("pk", flat=True))
    response = staff.post(
        "/staff/promotions/reward/", {"action": "mark_handed_over", "_selected_action": selected}, follow=True
    )
    notes = [str(message) for message in response.context["messages"]]
    # Coin and earphones of the delivered order; the pending earphones and the (undrawn) coupon wait.
    assert notes[0] == "2 prize(s) marked handed over."
    assert notes[1].startswith("2 skipped")
    handed = Reward.objects.filter(status=Reward.Status.HANDED_OVER)
    assert {r.order_id for r in handed} == {delivered.pk}
    assert {r.handed_over_by_id for r in handed} == {admin_user.pk}
