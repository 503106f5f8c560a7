"""Refunds: a cancelled paid order's money back end to end, and reconciliation of 1,000 pending refunds.

    .venv/bin/python bench/refunds.py [--sqlite] [--refunds 1000] [--orders 20] [--latency-ms 50]

What it does, in order, in this process (services called as the API and the Celery tasks call
them; Celery runs tasks inline, as with no broker; SMS to the log):
1. creates its own database (PostgreSQL `bench_refunds`, dropped first if left over; with
   `--sqlite` a new SQLite file under bench/out/) and migrates it;
2. end to end in the sandbox, `--orders` times: place an Online order (stock taken), start the
   payment, press Pay on the sandbox page, come back through the signed return URL (the order is
   paid after the server-to-server status check), cancel it as the shopper's cancel will (stock
   back, `refund_order_in_full` in the same transaction), and after commit the refund task submits
   the refund to the sandbox, which answers SUCCESS: prints the median and p95 of the cancel-to-
   refunded time and of the whole place-to-refunded time;
3. reconciliation of `--refunds` pending refunds (one per paid order, each already settled at the
   gateway, submitted an hour ago): once against the sandbox (its books answer every payment in one
   query), once against a local fake of Juspay's API answering each order-status call after
   `--latency-ms` (Juspay has no status call for several orders: reconciliation makes one call per
   payment, JUSPAY_STATUS_CALLS_AT_ONCE of them side by side, and applies the answers). Prints the
   seconds each took (target: under 60 s), the calls made, and checks that every refund is final.

Exits non-zero when a refund is not settled or a reconciliation takes 60 s or more.
"""

import argparse
import os
import statistics
import sys
import time
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

from harness import OUT, create_database, drop_database, environment, percentile, setup_django

TARGET_SECONDS = 60


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sqlite", action="store_true", help="run on a new SQLite file instead of PostgreSQL")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_REFUNDS_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_refunds"),
        help="the benchmark's own PostgreSQL database; it is dropped and created again",
    )
    parser.add_argument("--refunds", type=int, default=1000, help="pending refunds to reconcile (default 1000)")
    parser.add_argument("--orders", type=int, default=20, help="cancelled paid orders refunded end to end (default 20)")
    parser.add_argument("--latency-ms", type=float, default=50, help="the fake Juspay's answer time (default 50 ms)")
    parser.add_argument("--keep-database", action="store_true", help="leave the database for inspection")
    return parser.parse_args()


def seed_shop():
    from accounts.models import User
    from catalog.models import Category, Detail, Financial, Product

    category = Category.objects.create(key="bench", name="BENCH STAPLES", sequence=1)
    product = Product.objects.create(name="Bench Oil", slug="bench-oil", category=category, hsn_code="1512", gst_rate=5)
    detail = Detail.objects.create(product=product, brand="Bench")
    pack = Financial.objects.create(
        detail=detail,
        quantity=Decimal("1"),
        units="L",
        price=Decimal("160"),
        dprice=Decimal("145.50"),
        discount=9,
        count_in_stock=100_000,
    )
    shopper = User.objects.create_user(
        phone_no="9876500001",
        password="bench-pass-1",
        name="Bench Shopper",
        street="12 Main Road",
        city="Amalapuram",
        postal_code="533201",
    )
    return pack, shopper


def end_to_end(pack, shopper, count: int) -> tuple[list[float], list[float]]:
    """Place, pay in the sandbox, cancel, refund: (cancel → refunded, place → refunded) seconds."""
    from django.db import transaction

    from aftersale.cancellation import order_cancel
    from checkout.placement import Address, LineRequest, Totals, order_place
    from orders.models import Order
    from payments.gateways.sandbox import SandboxGateway
    from payments.models import Refund
    from payments.refunds import refund_order_in_full
    from payments.services import payment_initiate, payment_return

    cancel_times, whole_times = [], []
    for _ in range(count):
        began = time.perf_counter()
        order = order_place(
            user=shopper,
            items=[
                LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=2)
            ],
            shipping_address=Address(street="12 Main Road", city="Amalapuram", postal_code="533201"),
            payment_method="Online",
            client_totals=Totals(
                items_price=Decimal("291.00"),
                shipping_price=order_shipping(),
                total_price=Decimal("291.00") + order_shipping(),
            ),
        )
        payment, _ = payment_initiate(user=shopper, public_id=order.public_id, online_checkout=True)
        params = SandboxGateway.settle(gateway_order_id=payment.gateway_order_id, pay=True)
        assert payment_return(params=params).location().startswith("/payment/success"), (
            "the sandbox payment did not pay"
        )
        cancelled = time.perf_counter()
        with transaction.atomic():
            locked = Order.objects.select_for_update().get(pk=order.pk)
            order_cancel(order=locked, reason="Changed my mind", by=shopper)
            refund_order_in_full(order=locked, reason="Cancelled by the shopper", by=shopper)
        refund = Refund.objects.get(order=order)
        assert refund.state == "succeeded", f"refund {refund.unique_request_id} is {refund.state}"
        done = time.perf_counter()
        cancel_times.append(done - cancelled)
        whole_times.append(done - began)
    return cancel_times, whole_times


def order_shipping() -> Decimal:
    from orders.rules import SHIPPING_PRICE

    return SHIPPING_PRICE


def seed_pending_refunds(shopper, count: int, gateway: str) -> list[tuple[str, str, Decimal]]:
    """`count` paid Online orders of ₹100, each with one refund pending here and settled at the
    gateway; returns (gateway order id, unique request id, amount) for the gateway's books."""
    from django.utils import timezone

    from orders.models import Order
    from payments.models import Payment, Refund

    now = timezone.now()
    stamp = f"{gateway[:1].upper()}{int(time.time()) % 100000:05d}"
    orders = Order.objects.bulk_create(
        [
            Order(
                user=shopper,
                invoice_number=f"BENCH-{stamp}-{n:06d}",
                shipping_street="12 Main Road",
                shipping_city="Amalapuram",
                shipping_postal_code="533201",
                payment_method="Online",
                items_price=Decimal("100.00"),
                shipping_price=Decimal("0.00"),
                total_price=Decimal("100.00"),
                status="cancelled",
                cancelled_at=now,
                is_paid=True,
                paid_at=now,
                amount_paid=Decimal("100.00"),
            )
            for n in range(count)
        ],
        batch_size=500,
    )
    orders = list(Order.objects.filter(invoice_number__startswith=f"BENCH-{stamp}-").order_by("pk"))
    payments = Payment.objects.bulk_create(
        [
            Payment(
                order=order,
                gateway=gateway,
                amount=Decimal("100.00"),
                status="charged",
                gateway_status="CHARGED",
                captured_paise=10000,
                refunded_paise=10000,
                charged_at=now,
            )
            for order in orders
        ],
        batch_size=500,
    )
    payments = list(Payment.objects.filter(order__in=orders).order_by("pk"))
    Refund.objects.bulk_create(
        [
            Refund(
                order_id=payment.order_id,
                payment=payment,
                amount_paise=10000,
                reason="Cancelled",
                submitted_at=now - timedelta(hours=1),
            )
            for payment in payments
        ],
        batch_size=500,
    )
    refunds = Refund.objects.filter(payment__in=payments).select_related("payment")
    return [(r.payment.gateway_order_id, r.unique_request_id, Decimal("100.00")) for r in refunds]


def reconcile_sandbox(shopper, count: int) -> tuple[float, int]:
    from payments.models import Refund, SandboxRefund
    from payments.refund_sync import refunds_reconcile

    books = seed_pending_refunds(shopper, count, "sandbox")
    SandboxRefund.objects.bulk_create(
        [
            SandboxRefund(unique_request_id=rid, gateway_order_id=gid, amount=amount, status="SUCCESS")
            for gid, rid, amount in books
        ],
        batch_size=500,
    )
    began = time.perf_counter()
    results = refunds_reconcile()
    seconds = time.perf_counter() - began
    pending = Refund.objects.filter(state="pending").count()
    assert len(results) == count and pending == 0, f"{pending} refunds still pending"
    return seconds, 1


def reconcile_juspay(shopper, count: int, latency_ms: float) -> tuple[float, int]:
    from django.conf import settings

    from payments.models import Refund
    from payments.refund_sync import refunds_reconcile
    from payments.tests.fake_juspay import API_KEY, CLIENT_ID, MERCHANT_ID, FakeJuspay

    books = seed_pending_refunds(shopper, count, "juspay")
    fake = FakeJuspay()
    for gid, rid, amount in books:
        fake.orders[gid] = {
            "order_id": gid,
            "id": f"ordeh_{gid.lower()}",
            "status": "CHARGED",
            "amount": float(amount),
            "refunds": [{"id": f"rfnd_{rid}", "unique_request_id": rid, "amount": float(amount), "status": "SUCCESS"}],
        }
    fake.delay = latency_ms / 1000
    settings.JUSPAY_BASE_URL, settings.JUSPAY_API_KEY = fake.url, API_KEY
    settings.JUSPAY_MERCHANT_ID, settings.JUSPAY_PAYMENT_PAGE_CLIENT_ID = MERCHANT_ID, CLIENT_ID
    settings.JUSPAY_TIMEOUT_SECONDS = 10
    try:
        began = time.perf_counter()
        results = refunds_reconcile()
        seconds = time.perf_counter() - began
    finally:
        fake.close()
    pending = Refund.objects.filter(state="pending").count()
    errors = [r.error for r in results if r.error]
    assert not errors and pending == 0, f"{pending} refunds still pending; errors: {errors[:3]}"
    return seconds, len(fake.calls("/orders/"))


def main() -> None:
    args = parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    if args.sqlite:
        path = Path(OUT) / "bench_refunds.sqlite3"
        path.unlink(missing_ok=True)
        database_url = f"sqlite:///{path}"
    else:
        database_url = args.database_url
        create_database(database_url)
    env = environment(database_url, production=False, CELERY_TASK_ALWAYS_EAGER="1", LOG_LEVEL="WARNING")
    setup_django(env)
    import logging

    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    logging.disable(logging.WARNING)  # the SMS and refund logs of thousands of refunds
    call_command("migrate", verbosity=0)
    try:
        pack, shopper = seed_shop()
        load = os.getloadavg()
        print(f"database: {connection.vendor}; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")

        cancel_times, whole_times = end_to_end(pack, shopper, args.orders)
        print(
            f"cancel → refund succeeded (sandbox), {args.orders} orders: median {statistics.median(cancel_times) * 1000:.0f} ms, "
            f"p95 {percentile(cancel_times, 0.95) * 1000:.0f} ms; place → pay → cancel → refunded: median "
            f"{statistics.median(whole_times) * 1000:.0f} ms, p95 {percentile(whole_times, 0.95) * 1000:.0f} ms"
        )

        sandbox_seconds, _ = reconcile_sandbox(shopper, args.refunds)
        print(f"reconcile {args.refunds} pending refunds, sandbox (one query for all): {sandbox_seconds:.1f} s")
        juspay_seconds, calls = reconcile_juspay(shopper, args.refunds, args.latency_ms)
        print(
            f"reconcile {args.refunds} pending refunds, fake Juspay at {args.latency_ms:.0f} ms a call, "
            f"{settings.JUSPAY_STATUS_CALLS_AT_ONCE} calls at once: {juspay_seconds:.1f} s, {calls} order-status calls "
            f"(one per payment)"
        )
        load = os.getloadavg()
        print(f"load average after: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
        slow = max(sandbox_seconds, juspay_seconds) >= TARGET_SECONDS
        print(f"target under {TARGET_SECONDS} s: {'missed' if slow else 'met'}")
        if slow:
            sys.exit(1)
    finally:
        connection.close()
        if not args.sqlite and not args.keep_database:
            drop_database(database_url)


if __name__ == "__main__":
    main()
