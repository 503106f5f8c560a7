"""Orders to give money back on, and staff of each role."""

import pytest

from accounts.services import user_role_set
from orders.tests.conftest import other_shopper, packs, place_order, shopper  # noqa: F401 - shared fixtures
from payments.tests.conftest import cash_order, online_order  # noqa: F401 - shared fixtures


@pytest.fixture
def staff_of(admin_user, make_user):
    """staff_of("cashier") → a new staff member holding that role."""

    def make(role: str):
        return user_role_set(actor=admin_user, user=make_user(name=f"Staff {role}"), role=role)

    return make


@pytest.fixture(autouse=True)
def _limit(settings):
    settings.GOODWILL_CASHIER_LIMIT = 200
