"""`GET /metrics`: the processes' figures (common.metrics) and the business gauges an owner watches.

Prometheus text format. Only for Prometheus: a caller must send `Authorization: Bearer
<METRICS_TOKEN>` or come from `METRICS_ALLOWED_NETWORKS` (its address as `common.client_ip` sees
it, so a forged X-Forwarded-For counts only through trusted proxies); anyone else gets 404, as if
there were nothing here. The business gauges are counted by the database at scrape time (a few
indexed counts), so every web process answers the same.
"""

import hmac
import ipaddress
from datetime import timedelta

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily

from catalog.models import Financial
from common.client_ip import client_ip
from orders.models import Order
from payments.models import Payment, Refund

PENDING_PAYMENT_AGE = timedelta(minutes=15)


class BusinessCollector:
    """What an owner watches, read from the database when Prometheus asks."""

    def collect(self):
        now = timezone.now()
        figures = (
            (
                "shop_orders_placed_last_hour",
                "Orders placed in the last 60 minutes",
                Order.objects.filter(created_at__gte=now - timedelta(hours=1)).count(),
            ),
            (
                "shop_online_payments_pending_over_15_minutes",
                "Online payments started more than 15 minutes ago and neither charged nor failed",
                Payment.objects.filter(
                    status__in=[Payment.Status.NEW, Payment.Status.PENDING], created_at__lt=now - PENDING_PAYMENT_AGE
                ).count(),
            ),
            (
                "shop_refunds_pending",
                "Refunds the gateway has not finished, or that wait for manual review",
                Refund.objects.filter(state__in=[Refund.State.PENDING, Refund.State.MANUAL_REVIEW]).count(),
            ),
            (
                "shop_packs_out_of_stock",
                "Packs with no stock left",
                Financial.objects.filter(count_in_stock__lte=0).count(),
            ),
        )
        for name, documentation, value in figures:
            yield GaugeMetricFamily(name, documentation, value=value)


def _allowed(request) -> bool:
    token = settings.METRICS_TOKEN
    sent = request.headers.get("Authorization", "")
    if token and hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
        return True
    try:
        address = ipaddress.ip_address(client_ip(request))
    except ValueError:
        return False
    return any(address in network for network in settings.METRICS_ALLOWED_NETWORKS)


@require_GET
def metrics(request):
    if not _allowed(request):
        raise Http404
    business = CollectorRegistry(auto_describe=True)
    business.register(BusinessCollector())
    if settings.PROMETHEUS_MULTIPROC_DIR:  # prometheus-client reads the same variable itself
        processes = CollectorRegistry()
        multiprocess.MultiProcessCollector(processes)
    else:
        processes = REGISTRY
    body = generate_latest(processes) + generate_latest(business)
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)
