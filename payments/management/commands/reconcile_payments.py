"""manage.py reconcile_payments [--since 2h|3d|2026-11-20]: ask the gateway about open payments now.

The same as the Celery beat task, on demand and without the few minutes' grace: every pending
refund is brought to a final state (one status call per payment; `--no-refunds` skips them), then
every payment still new or pending since then is checked, with a progress bar, and each change is
printed; then up to PAYMENT_RECHECK_PER_RUN payments charged in the last PAYMENT_RECHECK_CHARGED_DAYS
(`--recheck N` for another number, 0 for none), for reversals and chargebacks whose webhook was lost.
Refunds in manual review are listed for staff and never sent again.
"""

import re
from datetime import datetime, time, timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from payments.models import Refund
from payments.refund_sync import refunds_reconcile
from payments.services import payments_recheck_charged, payments_reconcile

BAR_WIDTH = 30
_DURATION = re.compile(r"^(\d+)\s*([mhd])$")
_UNITS = {"m": "minutes", "h": "hours", "d": "days"}


def parse_since(text: str) -> datetime:
    """`90m`, `6h`, `2d` (that long ago) or an ISO date / date-time."""
    text = text.strip()
    if match := _DURATION.match(text):
        return timezone.now() - timedelta(**{_UNITS[match[2]]: int(match[1])})
    moment = parse_datetime(text)
    if moment is None and (day := parse_date(text)):
        moment = datetime.combine(day, time.min)
    if moment is None:
        raise CommandError(f"--since must look like 90m, 6h, 2d or 2026-11-20[T10:00], not {text!r}")
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


class Command(BaseCommand):
    help = "Ask the payment gateway about every payment still new or pending, and apply its answers."

    def add_arguments(self, parser):
        parser.add_argument("--since", help="only payments started since then: 90m, 6h, 2d or an ISO date (default 2d)")
        parser.add_argument("--no-refunds", action="store_true", help="leave pending refunds for the next run")
        parser.add_argument(
            "--recheck",
            type=int,
            default=None,
            help="ask again about this many recently charged payments (default PAYMENT_RECHECK_PER_RUN; 0: none)",
        )

    def progress(self, done: int, total: int) -> None:
        if not self.show_progress:
            return
        filled = BAR_WIDTH * done // total
        self.stderr.write(f"\rchecking [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}", ending="")
        if done == total:
            self.stderr.write("")

    def handle(self, *args, since: str | None, recheck: int | None = None, **options):
        self.show_progress = options.get("verbosity", 1) > 0
        moment = parse_since(since or "2d")
        if not options.get("no_refunds"):
            self.reconcile_refunds()
        results = payments_reconcile(since=moment, settled_for=timedelta(0), progress=self.progress)
        results += payments_recheck_charged(limit=recheck, progress=self.progress)
        changed = [result for result in results if not result.error]
        unknown = [result for result in results if result.error]
        for result in changed:
            payment = result.payment
            flag = f" — NEEDS STAFF: {payment.get_flag_display()}" if payment.flag else ""
            self.stdout.write(
                f"{payment.gateway_order_id} (order {payment.order.public_id}): "
                f"{result.from_status} → {payment.status} [{payment.gateway_status}]{flag}"
            )
        for result in unknown:
            self.stdout.write(f"{result.payment.gateway_order_id}: gateway did not answer ({result.error})")
        self.stdout.write(f"{len(changed)} changed, {len(unknown)} could not be checked.")

    def reconcile_refunds(self) -> None:
        results = refunds_reconcile(progress=self.progress)
        settled = [result for result in results if not result.error]
        unknown = [result for result in results if result.error]
        for result in settled:
            refund = result.refund
            flag = " — NEEDS STAFF: manual review" if refund.state == Refund.State.MANUAL_REVIEW else ""
            self.stdout.write(
                f"refund {refund.unique_request_id} (order {refund.order.public_id}, ₹{refund.amount:.2f}): "
                f"{result.from_state} → {refund.state} [{refund.gateway_status}]{flag}"
            )
        for result in unknown:
            self.stdout.write(f"refund {result.refund.unique_request_id}: gateway did not answer ({result.error})")
        in_review = Refund.objects.filter(state=Refund.State.MANUAL_REVIEW).count()
        self.stdout.write(
            f"Refunds: {len(settled)} settled, {len(unknown)} could not be checked, {in_review} in manual review."
        )
