"""Fixtures for the cart socket: a browser-like client of the real ASGI application."""

import functools
import inspect
import json

import pytest
from channels.layers import channel_layers
from channels.testing import WebsocketCommunicator

from orders.tests import conftest as order_fixtures
from realtime.products import cart_stock

ORIGIN = b"http://testserver"


def pytest_collection_modifyitems(items):
    """An async test's own ORM calls (building products, reading packs) open a connection that
    belongs to the test's async context, which nothing else closes; on PostgreSQL each would keep a
    pooled connection checked out until the pool runs dry a few dozen tests on. Each async test here
    closes its connections as it ends, in its own context."""
    for item in items:
        test = getattr(item, "obj", None)
        if item.fspath.dirname.endswith("realtime/tests") and inspect.iscoroutinefunction(test):
            item.obj = _closing_connections(test)


def _closing_connections(test):
    @functools.wraps(test)
    async def run(*args, **kwargs):
        from django.db import connections

        try:
            return await test(*args, **kwargs)
        finally:
            connections.close_all()

    return run


@pytest.fixture(autouse=True)
def _fresh_channel_layers():
    """Each test gets channel layers built from its own settings (the registry caches them)."""
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
async def connect():
    """`await connect()` → a WebsocketCommunicator on /ws/cart/ of the real ASGI application."""
    from shop.asgi import application

    opened = []

    async def open_socket(*, app=None, origin: bytes = ORIGIN, path: str = "/ws/cart/", expect_open: bool = True):
        communicator = WebsocketCommunicator(app or application, path, headers=[(b"origin", origin)])
        connected, _ = await communicator.connect()
        assert connected is expect_open
        opened.append(communicator)
        return communicator

    yield open_socket
    for communicator in opened:
        await communicator.disconnect()


@pytest.fixture
def shopper(customer):
    """A customer with a delivery address (the order sockets' tests)."""
    return order_fixtures.give_address(customer)


@pytest.fixture
def place_order(db):
    """place_order(user) → a placed order of one pack, through the real service."""
    return order_fixtures.place_order.__wrapped__(order_fixtures.packs.__wrapped__(db))


def cart_line(financial, **overrides) -> dict:
    """A cart line as the browser stores it, holding `financial`'s current values."""
    detail = financial.detail
    line = {
        "productId": str(detail.product_id),
        "brandId": str(detail.pk),
        "financialId": str(financial.pk),
        "brand": detail.brand,
        "quantity": financial.quantity_display,
        "units": financial.units,
        "price": f"{financial.price:.2f}",
        "dprice": f"{financial.dprice:.2f}",
        "Discount": financial.discount,
        "countInStock": cart_stock(financial.count_in_stock),
        "qty": 1,
    }
    line.update(overrides)
    return line


def client_cart(*lines) -> str:
    return json.dumps({"type": "clientCart", "cartItems": list(lines)})
