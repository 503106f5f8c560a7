# The back office's tests shop with the orders app's fixtures (packs, shoppers, placing, windows).
import pytest

from accounts.services import user_role_set
from orders.models import Order
from orders.pipeline import order_advance
from orders.tests.conftest import *  # noqa: F403


@pytest.fixture
def rider(admin_user, make_user):
    return user_role_set(actor=admin_user, user=make_user(name="Ravi Rider"), role="rider")


@pytest.fixture
def other_rider(admin_user, make_user):
    return user_role_set(actor=admin_user, user=make_user(name="Suresh Rider"), role="rider")


def dispatched(order, by):
    order_advance(order=order, to_status=Order.Status.PACKED, by=by)
    order_advance(order=order, to_status=Order.Status.DISPATCHED, by=by)
    order.refresh_from_db()
    return order


@pytest.fixture
def on_the_road(shopper, other_shopper, packs, place_order, admin_user):
    first = dispatched(place_order(shopper, (packs.oil_1l, 2)), admin_user)  # 291 due in cash
    second = dispatched(place_order(other_shopper, (packs.rice_5kg, 1)), admin_user)  # 399 due
    return first, second
