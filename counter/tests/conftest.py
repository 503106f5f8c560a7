"""The orders' packs and shoppers, a counter, and a helper posting a bill as the till does."""

import itertools
from decimal import Decimal

import pytest

from accounts.services import user_role_set
from accounts.tests.conftest import outbox, send_otp, verify_otp  # noqa: F401
from conftest import client_for
from counter.models import Counter
from orders.tests.conftest import other_shopper, packs, place_order, shopper  # noqa: F401

_keys = itertools.count(1)


@pytest.fixture
def till(db) -> Counter:
    return Counter.objects.get_or_create(code="CTR1", defaults={"name": "Counter 1"})[0]


@pytest.fixture
def phone_cashier(admin_user, make_user):
    return user_role_set(actor=admin_user, user=make_user(name="Lakshmi Cashier"), role="cashier")


@pytest.fixture
def cashier(admin_user):
    return admin_user


def bill_body(*lines, tenders=None, phone: str = "", counter: str = "CTR1") -> dict:
    """lines: (pack, qty); tenders default to exact cash."""
    total = sum((pack.dprice * qty for pack, qty in lines), Decimal("0.00"))
    return {
        "counter": counter,
        "lines": [{"financialId": str(pack.pk), "qty": qty} for pack, qty in lines],
        "tenders": tenders if tenders is not None else [{"method": "cash", "amount": f"{total:.2f}"}],
        "customerPhone": phone,
    }


def post_bill(user, body, *, key: str | None = None, language: str = "en"):
    headers = {"HTTP_IDEMPOTENCY_KEY": key or f"bill-{next(_keys)}", "HTTP_ACCEPT_LANGUAGE": language}
    return client_for(user).post("/api/counter/bills", body, format="json", **headers)
