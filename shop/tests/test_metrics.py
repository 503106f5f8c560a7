"""`GET /metrics`: Prometheus figures for the token or the internal network only, whatever a client forges."""

import ipaddress
from datetime import timedelta

import pytest
from django.utils import timezone

from conftest import client_for
from orders.models import Order
from orders.tests.conftest import give_address, packs  # noqa: F401 - the shared fixture
from payments.models import Payment

pytestmark = pytest.mark.django_db

TOKEN = "metrics-token-0123456789"


@pytest.fixture
def metrics_settings(settings):
    settings.METRICS_TOKEN = TOKEN
    settings.METRICS_ALLOWED_NETWORKS = [ipaddress.ip_network("10.0.0.0/8")]
    settings.TRUSTED_PROXY_NETWORKS = []
    return settings


def scrape(client, **headers):
    return client.get("/metrics", **headers)


@pytest.mark.parametrize("role", ["anonymous", "customer", "other_customer", "admin_user"])
def test_no_role_reads_metrics_without_the_token(request, metrics_settings, role):
    user = None if role == "anonymous" else request.getfixturevalue(role)

    answer = scrape(client_for(user), REMOTE_ADDR="203.0.113.9")

    assert answer.status_code == 404
    assert b"shop_" not in answer.content


def test_a_forged_forwarded_address_does_not_make_a_caller_internal(metrics_settings):
    answer = scrape(client_for(None), REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="10.1.2.3")

    assert answer.status_code == 404


def test_a_wrong_token_is_refused(metrics_settings):
    assert scrape(client_for(None), REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION="Bearer nope").status_code == 404


def test_with_no_token_configured_an_empty_bearer_is_refused(metrics_settings):
    metrics_settings.METRICS_TOKEN = ""
    assert scrape(client_for(None), REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION="Bearer ").status_code == 404


def test_the_token_reads_the_figures(metrics_settings, client):
    client.get("/api/config")  # one request to count

    answer = scrape(client_for(None), REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")

    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain")
    text = answer.content.decode()
    assert 'shop_http_request_duration_seconds_bucket{le="0.005",method="GET",route="api/config"}' in text
    assert 'shop_http_responses_total{method="GET",route="api/config",status="200"}' in text
    assert 'shop_http_request_database_seconds_count{route="api/config"}' in text
    assert "shop_packs_out_of_stock" in text


def test_the_internal_network_reads_the_figures_without_the_token(metrics_settings):
    assert scrape(client_for(None), REMOTE_ADDR="10.0.3.4").status_code == 200


def test_unknown_paths_share_one_series(metrics_settings, client):
    for path in ("/api/no-such-thing-1", "/api/no-such-thing-2"):
        client.get(path)

    text = scrape(client_for(None), REMOTE_ADDR="10.0.3.4").content.decode()

    assert "no-such-thing" not in text


def test_business_gauges_count_what_an_owner_watches(metrics_settings, customer, packs):  # noqa: F811
    give_address(customer)
    order = Order.objects.create(
        user=customer,
        invoice_number="SMLR/2026/000001",
        shipping_street="1 Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        payment_method="Online",
        items_price=100,
        shipping_price=0,
        total_price=100,
    )
    Payment.objects.create(
        order=order, gateway="sandbox", amount=100, created_at=timezone.now() - timedelta(minutes=20)
    )
    Payment.objects.create(order=order, gateway="sandbox", amount=100)  # 0 minutes old: not yet a worry
    packs.rice_1kg.count_in_stock = 0
    packs.rice_1kg.save()

    text = scrape(client_for(None), REMOTE_ADDR="10.0.3.4").content.decode()

    assert "shop_orders_placed_last_hour 1.0" in text
    assert "shop_online_payments_pending_over_15_minutes 1.0" in text
    assert "shop_refunds_pending 0.0" in text
    assert "shop_packs_out_of_stock 1.0" in text
