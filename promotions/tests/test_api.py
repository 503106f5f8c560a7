"""The promotions API: who may call what, the answers' shape, bad input, constant query counts."""

from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from promotions.models import Reward
from promotions.services import rewards_sync_order
from promotions.tests.conftest import india, make_order, shoppers

pytestmark = pytest.mark.django_db


def settle(order):
    rewards_sync_order(order_id=order.pk)
    return order


@pytest.fixture
def users(customer, other_customer, admin_user):
    return {"anonymous": None, "customer": customer, "other": other_customer, "admin": admin_user}


@pytest.mark.parametrize(
    ("who", "expected"),
    [("anonymous", 200), ("customer", 200), ("other", 200), ("admin", 200)],
)
def test_active_promotions_are_public_and_cacheable(as_user, users, gold, silver, who, expected):
    response = as_user(users[who]).get("/api/promotions")
    assert response.status_code == expected
    assert "public" in response["Cache-Control"] and "max-age=60" in response["Cache-Control"]
    gold_offer, silver_offer = response.json()
    assert gold_offer["kind"] == "gold_coupon" and gold_offer["title"] == "Dairy Gold Coin Offer"
    assert (gold_offer["monthlyThreshold"], gold_offer["monthlyCap"], gold_offer["winners"]) == (3000, 50, 4)
    assert gold_offer["couponsLeft"] == 50
    assert (silver_offer["coinStep"], silver_offer["earphonesThreshold"], silver_offer["couponsLeft"]) == (
        5000,
        2000,
        None,
    )


def test_the_banners_follow_the_data(api_client, customer, gold, silver):
    settle(make_order(customer, "3500", status="delivered", paid=True))
    silver.is_active = False
    silver.save()
    offers = api_client.get("/api/promotions", HTTP_AUTHORIZATION="Bearer undefined").json()
    assert [offer["kind"] for offer in offers] == ["gold_coupon"]
    assert offers[0]["couponsLeft"] == 49
    gold.ends_on = timezone.localdate() - timezone.timedelta(days=1)
    gold.starts_on = gold.ends_on
    gold.save()
    assert api_client.get("/api/promotions").json() == []


def test_the_banners_keep_staff_order_after_an_edit(api_client, gold, silver):
    # PostgreSQL hands an updated row back last when nothing orders the GROUP BY query.
    gold.monthly_cap = 20
    gold.save()
    assert [offer["kind"] for offer in api_client.get("/api/promotions").json()] == ["gold_coupon", "silver_coin"]
    silver.sequence, gold.sequence = 1, 2
    silver.save()
    gold.save()
    assert [offer["kind"] for offer in api_client.get("/api/promotions").json()] == ["silver_coin", "gold_coupon"]


def test_the_public_list_takes_one_query_however_many_promotions(api_client, gold, silver, django_assert_num_queries):
    with django_assert_num_queries(1):
        api_client.get("/api/promotions")


@pytest.mark.parametrize(("who", "expected"), [("anonymous", 401), ("customer", 200), ("other", 200), ("admin", 200)])
def test_my_rewards_need_a_sign_in(as_user, users, gold, silver, who, expected):
    response = as_user(users[who]).get("/api/promotions/mine")
    assert response.status_code == expected
    if expected == 401:
        assert response.json()["message"]


def test_my_rewards_show_progress_coins_coupons_and_draws(as_user, customer, other_customer, gold, silver):
    now = timezone.now()
    settle(make_order(customer, "1200.50", status="delivered", paid=True, at=now))
    settle(make_order(customer, "5000", status="dispatched", at=now))
    settle(make_order(customer, "999", status="cancelled", at=now))
    settle(make_order(other_customer, "10000", status="delivered", paid=True, at=now))
    settle(make_order(customer, "3100", status="delivered", paid=True, at=india(2026, 10, 9)))
    call_command("lucky_draw", "--month", "2026-10", "--seed", "5", stdout=StringIO())

    mine = as_user(customer).get("/api/promotions/mine").json()
    assert mine["month"] == f"{timezone.localdate():%Y-%m}"
    (gold_progress,) = mine["gold"]
    assert gold_progress["spent"] == 1200.5
    assert gold_progress["onTheWay"] == 5000
    assert gold_progress["moreForCoupon"] == 1799.51
    assert gold_progress["coupon"] is None and gold_progress["couponsLeft"] == 49
    assert mine["coins"] == {"earned": 0, "pending": 1}
    assert mine["earphones"] == {"earned": 1, "pending": 1}  # October's ₹3100 order and the one on the way
    assert [(d["month"], d["youWon"], d["eligible"], d["winners"]) for d in mine["draws"]] == [("2026-10", True, 1, 1)]
    assert {(r["prize"], r["status"]) for r in mine["rewards"]} == {
        ("coupon", "won"),
        ("earphones", "confirmed"),
        ("earphones", "pending"),
        ("silver_coin", "pending"),
    }
    assert Reward.objects.filter(customer=other_customer).count() == 3  # coin ×2, earphones, coupon
    assert sum(r["quantity"] for r in mine["rewards"] if r["prize"] == "silver_coin") == 1


def test_my_rewards_take_a_fixed_number_of_queries(as_user, customer, gold, silver):
    client = as_user(customer)
    settle(make_order(customer, "5000", status="delivered", paid=True))
    with CaptureQueriesContext(connection) as few:
        client.get("/api/promotions/mine")
    for _ in range(5):
        settle(make_order(customer, "6000", status="delivered", paid=True))
    with CaptureQueriesContext(connection) as many:
        client.get("/api/promotions/mine")
    assert len(many) == len(few)


@pytest.mark.parametrize(("who", "expected"), [("anonymous", 401), ("customer", 200), ("other", 404), ("admin", 200)])
def test_an_orders_rewards_are_for_its_owner_and_admins(as_user, users, customer, silver, gold, who, expected):
    order = settle(make_order(customer, "5000", status="packed"))
    response = as_user(users[who]).get(f"/api/promotions/orders/{order.public_id}")
    assert response.status_code == expected
    if expected == 200:
        body = response.json()
        assert body["orderId"] == order.public_id and body["status"] == "packed"
        assert {(r["prize"], r["quantity"], r["status"]) for r in body["rewards"]} == {
            ("silver_coin", 1, "pending"),
            ("earphones", 1, "pending"),
        }
    else:
        assert response.json()["message"]


def test_an_unknown_order_is_a_json_404(as_user, customer):
    response = as_user(customer).get("/api/promotions/orders/nope")
    assert response.status_code == 404 and response.json()["message"]


@pytest.mark.parametrize("path", ["/api/promotions/rewards", "/api/promotions/draws"])
@pytest.mark.parametrize(("who", "expected"), [("anonymous", 401), ("customer", 403), ("other", 403), ("admin", 200)])
def test_the_staff_lists_are_for_admins_only(as_user, users, path, who, expected):
    response = as_user(users[who]).get(path)
    assert response.status_code == expected
    if expected != 200:
        assert response.json()["message"]


def test_the_staff_reward_list_pages_filters_and_counts_queries(as_user, admin_user, gold, silver):
    client = as_user(admin_user)
    for customer in shoppers(3):
        settle(make_order(customer, "5000", status="delivered", paid=True))
    with CaptureQueriesContext(connection) as few:
        first = client.get("/api/promotions/rewards?pageSize=2&status=confirmed")
    assert first.status_code == 200 and first["X-Total-Count"] == "9" and 'rel="next"' in first["Link"]
    assert len(first.json()) == 2 and first.json()[0]["customer"]["phoneNo"].startswith("97")
    with CaptureQueriesContext(connection) as many:
        client.get("/api/promotions/rewards?pageSize=9")
    assert len(many) == len(few)
    assert client.get("/api/promotions/rewards?status=lost").status_code == 400
    assert client.get("/api/promotions/rewards?pageNumber=0").json()["message"]


def test_the_staff_draw_list_shows_seed_coupons_and_winners(as_user, admin_user, gold):
    customers = shoppers(5)
    for customer in customers:
        settle(make_order(customer, Decimal("3001"), status="delivered", paid=True, at=india(2026, 10, 2)))
    call_command("lucky_draw", "--month", "2026-10", "--seed", "123456789012345678", stdout=StringIO())
    (draw,) = as_user(admin_user).get("/api/promotions/draws").json()
    assert draw["month"] == "2026-10" and draw["seed"] == "123456789012345678"
    assert len(draw["eligible"]) == 5 and len(draw["winners"]) == 4
    assert {w["status"] for w in draw["winners"]} == {"won"}


def test_every_answer_matches_the_published_schema(as_user, customer, admin_user, gold, silver):
    from shop.tests.openapi import assert_documented

    order = settle(make_order(customer, "5000", status="delivered", paid=True, at=india(2026, 10, 4)))
    call_command("lucky_draw", "--month", "2026-10", "--seed", "9", stdout=StringIO())
    client, staff = as_user(customer), as_user(admin_user)
    assert_documented(client.get("/api/promotions"), "GET", "/api/promotions")
    assert_documented(client.get("/api/promotions/mine"), "GET", "/api/promotions/mine")
    assert_documented(
        client.get(f"/api/promotions/orders/{order.public_id}"), "GET", "/api/promotions/orders/{public_id}"
    )
    assert_documented(staff.get("/api/promotions/rewards"), "GET", "/api/promotions/rewards")
    assert_documented(staff.get("/api/promotions/draws"), "GET", "/api/promotions/draws")
