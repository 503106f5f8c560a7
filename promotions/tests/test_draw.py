"""The monthly lucky draw: `manage.py lucky_draw`, the beat task, and the service behind both."""

import random
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from promotions.models import Draw, Reward
from promotions.rules import pick_winners
from promotions.services import draw_run, rewards_sync_order
from promotions.tasks import draw_ended_months
from promotions.tests.conftest import india, make_order, shoppers

pytestmark = pytest.mark.django_db

OCTOBER = "2026-10"


def coupons_for(customers, *, month=10, year=2026):
    for day, customer in enumerate(customers, start=1):
        order = make_order(customer, "3100", status="delivered", paid=True, at=india(year, month, min(day, 28)))
        rewards_sync_order(order_id=order.pk)
    return list(Reward.objects.filter(prize=Reward.Prize.COUPON).order_by("id"))


def lucky_draw(*args) -> str:
    out = StringIO()
    call_command("lucky_draw", *args, stdout=out)
    return out.getvalue()


def test_the_draw_picks_four_winners_stores_its_seed_and_coupons_and_texts_the_winners(
    gold, sms_outbox, django_capture_on_commit_callbacks
):
    coupons = coupons_for(shoppers(9))
    with django_capture_on_commit_callbacks(execute=True):
        output = lucky_draw("--month", OCTOBER, "--seed", "20261130")

    draw = Draw.objects.get()
    assert (draw.month.isoformat(), draw.seed) == ("2026-10-01", 20261130)
    assert draw.eligible == [{"reward": c.pk, "customer": c.customer_id} for c in coupons]
    winners = sorted(draw.winners.values_list("pk", flat=True))
    assert len(winners) == 4
    assert winners == sorted(random.Random(20261130).sample([c.pk for c in coupons], 4)), "reproducible from the seed"
    assert set(Reward.objects.filter(status=Reward.Status.WON).values_list("pk", flat=True)) == set(winners)
    assert "Seed: 20261130" in output and "Eligible coupons: 9" in output and output.count("Winner: coupon") == 4

    texted = {reward.customer.phone_no for reward in Reward.objects.filter(pk__in=winners)}
    assert {phone for phone in texted if sms_outbox(phone)} == texted
    assert "won the Dairy Gold Coin Offer lucky draw for October 2026" in sms_outbox(texted.pop())[0]
    assert len(sms_outbox()) == 4


def test_the_same_seed_and_coupons_always_give_the_same_winners():
    ids = list(range(100, 150))
    assert pick_winners(ids, seed=7, count=4) == pick_winners(list(reversed(ids)), seed=7, count=4)
    assert pick_winners(ids, seed=7, count=4) != pick_winners(ids, seed=8, count=4)


def test_a_dry_run_stores_and_sends_nothing_and_matches_the_real_draw(gold, sms_outbox):
    coupons_for(shoppers(6))
    dry = lucky_draw("--month", OCTOBER, "--seed", "42", "--dry-run")
    assert "DRY RUN" in dry and not Draw.objects.exists() and not sms_outbox()
    real = lucky_draw("--month", OCTOBER, "--seed", "42")
    winners = lambda text: [line for line in text.splitlines() if "Winner:" in line]  # noqa: E731
    assert winners(dry) == winners(real) and len(winners(real)) == 4


def test_a_dry_run_counts_the_months_orders_as_the_real_run_does(gold, sms_outbox):
    """Orders delivered but never counted (their announcement lost): the real run counts them first,
    so the dry run must too, or it says nobody wins when the run then makes coupons and winners."""
    for day, customer in enumerate(shoppers(6), start=1):
        make_order(customer, "3100", status="delivered", paid=True, at=india(2026, 10, day))
    assert not Reward.objects.exists()

    dry = lucky_draw("--month", OCTOBER, "--seed", "42", "--dry-run")

    assert "Eligible coupons: 6" in dry and "nobody wins" not in dry
    assert not Reward.objects.exists() and not Draw.objects.exists() and not sms_outbox()
    real = lucky_draw("--month", OCTOBER, "--seed", "42")
    assert "Eligible coupons: 6" in real
    who = lambda text: [line.split(" — ")[1] for line in text.splitlines() if "Winner:" in line]  # noqa: E731
    assert who(dry) == who(real) and len(who(real)) == 4
    assert "a coupon the run will make" in dry


def test_a_second_draw_of_a_month_is_refused(gold):
    coupons_for(shoppers(5))
    lucky_draw("--month", OCTOBER, "--seed", "1")
    with pytest.raises(CommandError, match=r"October 2026 draw .* already ran .*\(seed 1\)"):
        lucky_draw("--month", OCTOBER, "--seed", "2")
    assert Draw.objects.count() == 1


def test_a_month_that_has_not_ended_is_refused(gold):
    with pytest.raises(CommandError, match="has not ended yet"):
        lucky_draw("--month", "2099-01")
    with pytest.raises(Exception, match="has not ended yet"):
        draw_run(promotion=gold, month=india(2026, 11, 1).date(), now=india(2026, 11, 30, 23, 59))
    assert not Draw.objects.exists()


def test_fewer_coupons_than_prizes_all_win_and_it_says_so(gold):
    coupons_for(shoppers(3))
    output = lucky_draw("--month", OCTOBER)
    assert "Only 3 coupon(s) for 4 prizes: every coupon wins." in output
    assert Reward.objects.filter(status=Reward.Status.WON).count() == 3


def test_a_bad_month_is_refused_plainly(gold):
    with pytest.raises(CommandError, match="YYYY-MM"):
        lucky_draw("--month", "2026-13")


def test_the_beat_task_draws_last_month_once(gold):
    today = timezone.localdate()
    last_month = (today.replace(day=1) - timedelta(days=1)).replace(day=1)
    coupons_for(shoppers(5), month=last_month.month, year=last_month.year)
    assert draw_ended_months() == 1
    assert draw_ended_months() == 0
    assert Draw.objects.get().winners.count() == 4


def test_the_check_staff_see_in_django_admin_gives_the_stored_winners(gold):
    from django.contrib import admin

    coupons_for(shoppers(7))
    lucky_draw("--month", OCTOBER, "--seed", "77")
    draw = Draw.objects.get()
    check = admin.site._registry[Draw].how_to_check(draw)
    assert check.startswith("random.Random(77).sample([")
    assert sorted(eval(check, {"random": random})) == sorted(draw.winners.values_list("pk", flat=True))  # noqa: S307


def test_an_order_whose_announcement_was_lost_is_counted_before_the_draw(gold, customer):
    """The order committed but `order_changed` never reached promotions (say the process died)."""
    make_order(customer, "3200", status="delivered", paid=True, at=india(2026, 10, 30))
    assert not Reward.objects.exists()
    lucky_draw("--month", OCTOBER, "--seed", "1")
    assert Draw.objects.get().eligible[0]["customer"] == customer.pk
    assert Reward.objects.get(prize=Reward.Prize.COUPON).status == Reward.Status.WON
