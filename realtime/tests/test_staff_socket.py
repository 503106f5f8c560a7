"""The staff board's socket `/ws/staff/orders/` (issue 27): the owner and packers only, and one `orderChanged`
with a rising cursor for each committed order change."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from aftersale.cancellation import order_cancel
from orders import changes
from orders.pipeline import order_advance
from realtime import follow as follow_socket
from realtime.tests.follow_helpers import messages, receive, refused_with, send_follow

pytestmark = pytest.mark.django_db(transaction=True)

PATH = "/ws/staff/orders/"


@pytest.fixture
def open_socket(connect):
    return lambda: connect(path=PATH)


async def follow(open_socket, user) -> WebsocketCommunicator:
    socket = await open_socket()
    await send_follow(socket, user)
    return socket


async def test_an_admin_hears_every_committed_change_with_a_rising_cursor(
    open_socket, admin_user, shopper, place_order
):
    socket = await follow(open_socket, admin_user)
    assert await receive(socket) == {"type": "following"}

    order = await database_sync_to_async(place_order)(shopper)
    placed = await messages(socket)
    await database_sync_to_async(order_advance)(order=order, to_status="packed", by=admin_user)
    packed = await messages(socket)
    await database_sync_to_async(order_cancel)(order=order, reason="Shop closed", by=admin_user)
    cancelled = await messages(socket)

    assert [len(placed), len(packed), len(cancelled)] == [1, 1, 1]  # one per committed change
    cursors = [int(received[0]["cursor"]) for received in (placed, packed, cancelled)]
    assert all(received[0]["type"] == "orderChanged" for received in (placed, packed, cancelled))
    assert cursors == sorted(cursors) and len(set(cursors)) == 3
    assert cursors[-1] == await database_sync_to_async(changes.current_cursor)()


async def test_a_customer_is_refused_with_4403(open_socket, shopper, place_order):
    socket = await follow(open_socket, shopper)
    assert await refused_with(socket) == ({"type": "error", "message": "Only staff may follow the orders."}, 4403)


@pytest.mark.parametrize(("role", "follows"), [("packer", True), ("cashier", False), ("rider", False)])
async def test_the_board_is_the_packers_and_the_owners(open_socket, make_user, admin_user, role, follows):
    from accounts.services import user_role_set

    member = await database_sync_to_async(make_user)(name=f"A {role}")
    await database_sync_to_async(user_role_set)(actor=admin_user, user=member, role=role)
    socket = await follow(open_socket, member)
    if follows:
        assert await receive(socket) == {"type": "following"}
        await socket.disconnect()
    else:
        assert await refused_with(socket) == ({"type": "error", "message": "Only staff may follow the orders."}, 4403)


@pytest.mark.parametrize("token", [None, "", "undefined", "a.b.c", 12])
async def test_no_valid_sign_in_is_refused_with_4401(open_socket, token):
    socket = await open_socket()
    await socket.send_to(text_data=json.dumps({"type": "follow", "token": token}))
    assert await refused_with(socket) == ({"type": "error", "message": "Sign in as staff to follow the orders."}, 4401)


async def test_a_socket_that_never_signs_in_is_closed(open_socket, monkeypatch):
    monkeypatch.setattr(follow_socket, "FOLLOW_WITHIN_SECONDS", 0.2)
    socket = await open_socket()
    assert (await refused_with(socket))[1] == 4401


async def test_a_refused_socket_hears_no_order(open_socket, shopper, admin_user, place_order):
    refused = await follow(open_socket, shopper)
    await refused_with(refused)
    await database_sync_to_async(place_order)(shopper)
    assert await refused.receive_nothing(timeout=0.3)


async def test_bad_messages_get_an_error_and_the_socket_stays_open(open_socket, admin_user):
    socket = await open_socket()
    for text in ("not json", json.dumps([1]), json.dumps({"type": "clientCart"}), "[" * 5000):
        await socket.send_to(text_data=text)
        assert (await receive(socket))["type"] == "error"
    await send_follow(socket, admin_user)
    assert await receive(socket) == {"type": "following"}


async def test_one_address_over_the_cap_is_closed_with_1013(open_socket, settings):
    settings.WS_SOCKETS_PER_ADDRESS = 1
    await open_socket()
    second = await open_socket()
    assert (await second.receive_output(timeout=2)) == {"type": "websocket.close", "code": 1013}
