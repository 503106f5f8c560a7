"""Redis stopped: the shop keeps selling. Runs against a redis-server this test starts on its own
port and stops, so the shared Redis is never touched.

The cache (catalog answers, throttles, guessing limits, the OTP resend lock) falls back inside the
process and says so once; pages, login, the catalog, OTPs, admin catalog edits and cash orders
answer as usual; /healthz names the cache as down, quickly.
"""

import logging
import shutil
import time

import pytest
from django.core.cache import cache

from catalog.tests.factories import make_product
from conftest import client_for

pytestmark = [
    pytest.mark.faults,
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs the redis-server program"),
]

PASSWORD = "secret-pass-1"


@pytest.fixture
def shop_on_own_redis(own_redis, settings, monkeypatch):
    """The cache and the channel layer on a Redis of this test's own (conftest.own_redis).

    Afterwards the cache is the run's own again before this process's view of Redis is reset: the
    autouse `_isolated_services` clears the cache after this, and clearing the stopped Redis marked
    it down again, so the next test that stopped a Redis logged no outage (and failed by run order).
    """
    run_caches = settings.CACHES
    settings.CACHES = {
        "default": {
            "BACKEND": "common.cache.SharedPoolRedisCache",
            "LOCATION": own_redis.url,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": own_redis.url, "socket_connect_timeout": 1}]},
        }
    }
    monkeypatch.setattr("common.cache.RETRY_SECONDS", 0.2)
    yield own_redis
    own_redis.stop()
    settings.CACHES = run_caches
    from common import cache as shared_cache

    shared_cache._outage.ended()
    shared_cache._outage.stand_in.clear()


def _timed(call):
    started = time.monotonic()
    response = call()
    return response, time.monotonic() - started


def test_the_shop_keeps_working_with_redis_stopped(shop_on_own_redis, make_user, admin_user, caplog, settings):
    settings.SMS_BACKEND = "outbox"
    product = make_product("Sunflower Oil", brands={"Fortune": [("1", "L", "160", "145.50", 40)]})
    pack = product.details.get().financials.get()
    shopper = make_user("9876500011", street="12 Main Road", city="Amalapuram", postal_code="533201")
    anonymous = client_for(None)
    assert anonymous.get("/api/products").status_code == 200  # through Redis, while it is up
    cache.set("probe", "up", 60)
    assert cache.get("probe") == "up"

    shop_on_own_redis.stop()
    caplog.set_level(logging.WARNING)
    slowest = 0.0
    for _ in range(3):
        for call, status in [
            (lambda: anonymous.get("/api/products"), 200),
            (lambda: anonymous.get(f"/api/products/{product.slug}"), 200),
            (lambda: anonymous.get("/"), 200),
            (lambda: anonymous.post("/api/users/auth", {"phoneNo": shopper.phone_no, "password": PASSWORD}), 200),
        ]:
            response, seconds = _timed(call)
            assert response.status_code == status, response.content[:300]
            slowest = max(slowest, seconds)

    response, _ = _timed(
        lambda: anonymous.post("/api/users/otp/send", {"phoneNo": "9123400001", "purpose": "register"}, format="json")
    )
    assert response.status_code == 200
    # The resend lock still holds within the process.
    again = anonymous.post("/api/users/otp/send", {"phoneNo": "9123400001", "purpose": "register"}, format="json")
    assert again.status_code == 429

    edit = client_for(admin_user).put(
        f"/api/products/{product.slug}",
        {"name": "Refined Sunflower Oil", "category": product.category.name, "image": product.image},
        format="json",
    )
    assert edit.status_code == 200, edit.content[:300]

    order = client_for(shopper).post(
        "/api/orders",
        {
            "orderItems": [
                {"productId": str(product.pk), "brandId": str(pack.detail_id), "financialId": str(pack.pk), "qty": 2}
            ],
            "shippingAddress": {"street": "12 Main Road", "city": "Amalapuram", "postalCode": "533201"},
            "paymentMethod": "Cash Or UPI",
            "itemsPrice": "291.00",
            "shippingPrice": "0.00",
            "totalPrice": "291.00",
        },
        format="json",
    )
    assert order.status_code == 201, order.content[:300]
    pack.refresh_from_db()
    assert pack.count_in_stock == 38

    health, seconds = _timed(lambda: anonymous.get("/healthz"))
    assert health.status_code == 503
    assert health.json()["cache"] in ("error", "timeout")
    assert health.json()["database"] == "ok"
    assert seconds < 5

    outage_lines = [r for r in caplog.records if "Redis is unreachable" in r.getMessage()]
    assert len(outage_lines) == 1, "the outage is logged once, not on every request"
    assert slowest < 2.5


def test_the_shared_cache_comes_back_when_redis_does(shop_on_own_redis, caplog):
    caplog.set_level(logging.WARNING, logger="common.cache")
    shop_on_own_redis.stop()
    cache.set("during", "stand-in", 60)
    assert cache.get("during") == "stand-in"
    shop_on_own_redis.start()
    time.sleep(0.3)  # past RETRY_SECONDS
    cache.set("after", "redis", 60)
    assert cache.get("after") == "redis"
    assert any("reachable again" in r.getMessage() for r in caplog.records)
    import redis

    assert redis.Redis.from_url(shop_on_own_redis.url).get(":1:after") is not None
