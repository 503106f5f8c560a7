"""PostgreSQL unreachable: after the first failure the process answers 503 at once for a few
seconds (issue 33.8), pages with a friendly page in the shopper's language."""

import time

import psycopg
import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper

from common.circuit import database_breaker

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _closed_breaker():
    database_breaker.close()
    yield
    database_breaker.close()


@pytest.fixture
def database_gone(monkeypatch):
    """Every use of the database fails as an unreachable server does; `.tries` counts them."""

    class Gone:
        tries = 0

    def refuse(self):
        Gone.tries += 1
        refused = 'connection to server at "10.0.0.5", port 5432 failed: Connection refused'
        raise OperationalError(refused) from psycopg.OperationalError(refused)

    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", refuse)
    return Gone


def test_after_one_failure_requests_answer_503_at_once_without_trying(client, database_gone):
    first = client.get("/api/products")
    assert first.status_code == 503
    tries = database_gone.tries
    assert tries >= 1

    started = time.monotonic()
    answers = [client.get("/api/products") for _ in range(20)]
    assert all(answer.status_code == 503 for answer in answers)
    assert answers[0].json() == {"message": "The shop cannot be reached right now. Please try again in a minute."}
    assert int(answers[0]["Retry-After"]) >= 1
    assert database_gone.tries == tries  # the breaker answered: no new try
    assert time.monotonic() - started < 2


def test_a_page_answers_the_friendly_503_page_in_the_shoppers_language(client, database_gone):
    client.get("/api/products")  # trips the breaker
    client.cookies["django_language"] = "te"
    page = client.get("/")
    assert page.status_code == 503
    assert page["Content-Type"].startswith("text/html")
    text = page.content.decode()
    assert 'lang="te"' in text
    assert "SMLR Mart ఒక నిమిషంలో తిరిగి వస్తుంది" in text


def test_a_page_that_meets_the_database_gone_answers_the_page_not_a_500(client, database_gone):
    page = client.get("/product/1")
    assert page.status_code == 503
    assert "SMLR Mart will be back in a minute" in page.content.decode()


def test_the_breaker_closes_again_after_its_time(settings, client, database_gone, monkeypatch):
    client.get("/api/products")
    assert database_breaker.is_open()
    later = time.monotonic() + settings.DB_BREAKER_SECONDS + 1
    monkeypatch.setattr("common.circuit.time.monotonic", lambda: later)
    assert not database_breaker.is_open()


def test_a_busy_database_or_a_locked_sqlite_file_does_not_open_the_breaker():
    import sqlite3

    from common.circuit import is_database_unreachable

    try:
        raise OperationalError("database is locked") from sqlite3.OperationalError("database is locked")
    except OperationalError as locked:
        assert not is_database_unreachable(locked)
