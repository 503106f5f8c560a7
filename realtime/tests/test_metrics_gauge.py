"""The websocket gauge of /metrics counts the sockets open now: up on accept, down on close."""

import pytest

from common.metrics import WEBSOCKETS

pytestmark = pytest.mark.django_db(transaction=True)


def open_carts() -> float:
    return WEBSOCKETS.labels("ws/cart")._value.get()


async def test_open_cart_sockets_are_counted_and_uncounted(connect):
    before = open_carts()

    first = await connect()
    second = await connect()
    assert open_carts() == before + 2

    await first.disconnect()
    await second.disconnect()
    assert open_carts() == before


async def test_a_refused_socket_is_never_counted(connect):
    before = open_carts()

    await connect(path="/ws/no-such-socket/", expect_open=False)

    assert open_carts() == before
