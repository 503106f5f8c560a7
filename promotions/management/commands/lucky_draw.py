"""`manage.py lucky_draw --month YYYY-MM [--seed N] [--dry-run]`: a month's gold-coin lucky draw."""

import re
from datetime import date

from django.core.management.base import BaseCommand, CommandError

from common.errors import Conflict
from promotions.models import Reward
from promotions.services import draw_promotions_for, draw_run, month_label

MONTH = re.compile(r"(\d{4})-(\d{2})")


def parse_month(text: str) -> date:
    match = MONTH.fullmatch(text or "")
    if not match or not 1 <= int(match[2]) <= 12:
        raise CommandError(f"--month must be YYYY-MM, e.g. 2026-11 (got {text!r}).")
    return date(int(match[1]), int(match[2]), 1)


def masked(phone_no: str) -> str:
    return f"{phone_no[:2]}******{phone_no[-2:]}"


class Command(BaseCommand):
    help = (
        "Draw the winners of a month's gold-coin coupons (after the month has ended, India time). "
        "The seed and every eligible coupon are stored, so the draw can be checked and reproduced."
    )

    def add_arguments(self, parser):
        parser.add_argument("--month", required=True, help="The month to draw, YYYY-MM")
        parser.add_argument("--seed", type=int, help="Seed for the draw (default: a random one, printed and stored)")
        parser.add_argument("--dry-run", action="store_true", help="Show who would win; store and send nothing")

    def handle(self, *args, month: str, seed: int | None, dry_run: bool, **options):
        month = parse_month(month)
        promotions = draw_promotions_for(month)
        if not promotions:
            raise CommandError(f"No gold-coin promotion ran in {month_label(month)}.")
        for promotion in promotions:
            try:
                outcome = draw_run(promotion=promotion, month=month, seed=seed, dry_run=dry_run)
            except Conflict as refusal:
                raise CommandError(refusal.message) from refusal
            self._report(outcome, dry_run=dry_run)

    def _report(self, outcome, *, dry_run: bool) -> None:
        write = self.stdout.write
        heading = "DRY RUN (nothing stored, no SMS): " if dry_run else ""
        write(f"{heading}{outcome.promotion} — {month_label(outcome.month)}")
        write(f"Seed: {outcome.seed}")
        write(f"Eligible coupons: {len(outcome.eligible)}")
        if not outcome.eligible:
            write("No coupons this month: nobody wins.")
        elif outcome.everyone_wins:
            write(f"Only {len(outcome.eligible)} coupon(s) for {outcome.promotion.winners} prizes: every coupon wins.")
        # A dry run's recount was rolled back: a coupon it found for an order not counted yet is
        # made (with its own number) by the real run.
        kept = set(Reward.objects.filter(pk__in=[r.pk for r in outcome.winners]).values_list("pk", flat=True))
        for reward in outcome.winners:
            customer = reward.customer
            coupon = f"coupon {reward.pk}" if reward.pk in kept else "a coupon the run will make"
            write(f"  Winner: {coupon} — {customer.name or 'customer'} ({masked(customer.phone_no)})")
        if outcome.draw is not None:
            write(self.style.SUCCESS(f"Stored as draw {outcome.draw.pk}; winners are told by SMS."))
