import pytest

from shop import health


@pytest.mark.django_db
def test_healthz_reports_every_service_up(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "channel_layer": "ok"}


@pytest.mark.django_db
def test_healthz_answers_503_naming_the_service_that_failed(client, monkeypatch):
    def broken_cache():
        raise ConnectionError("redis refused the connection")

    monkeypatch.setitem(health.CHECKS, "cache", broken_cache)

    response = client.get("/healthz")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "error"
    assert body["database"] == "ok"
    assert "redis refused the connection" in body["cache"]


@pytest.mark.redis
@pytest.mark.django_db
def test_healthz_round_trips_through_the_real_redis_channel_layer(client, settings):
    assert "RedisChannelLayer" in settings.CHANNEL_LAYERS["default"]["BACKEND"]
    assert client.get("/healthz").json()["channel_layer"] == "ok"
