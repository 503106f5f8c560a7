"""The order page's socket: who may follow an order, and one `orderChanged` per committed change."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import transaction
from rest_framework_simplejwt.tokens import RefreshToken

from aftersale.cancellation import order_cancel
from orders.events import announce_order_changed
from orders.models import Order
from orders.pipeline import order_advance
from orders.services import order_record_cash_payment
from orders.tests import conftest as order_fixtures
from realtime import follow as follow_socket
from realtime.tests.follow_helpers import messages, receive, refused_with, send_follow, token_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def other_shopper(other_customer):
    return order_fixtures.give_address(other_customer)


@pytest.fixture
def open_order_socket(connect):
    return lambda public_id: connect(path=f"/ws/orders/{public_id}/")


async def follow(open_order_socket, order: Order, user) -> WebsocketCommunicator:
    socket = await open_order_socket(order.public_id)
    await send_follow(socket, user)
    assert await receive(socket) == {"type": "following", "order": order.public_id}
    return socket


async def test_the_owner_hears_each_committed_change_once(open_order_socket, place_order, shopper, admin_user):
    order = await database_sync_to_async(place_order)(shopper)
    socket = await follow(open_order_socket, order, shopper)

    await database_sync_to_async(order_advance)(order=order, to_status=Order.Status.PACKED, by=admin_user)
    assert await messages(socket) == [{"type": "orderChanged", "order": order.public_id}]
    await database_sync_to_async(order_record_cash_payment)(order=order, by=admin_user)
    assert await messages(socket) == [{"type": "orderChanged", "order": order.public_id}]


async def test_staff_follow_any_order_and_a_cancellation_is_one_message(
    open_order_socket, place_order, shopper, admin_user
):
    order = await database_sync_to_async(place_order)(shopper)
    socket = await follow(open_order_socket, order, admin_user)
    await database_sync_to_async(order_cancel)(order=order, reason="Out of stock", by=admin_user)
    assert await messages(socket) == [{"type": "orderChanged", "order": order.public_id}]


def announce_twice(order_id: int, *, fail: bool = False) -> None:
    with transaction.atomic():
        announce_order_changed(order_id=order_id)
        announce_order_changed(order_id=order_id)
        if fail:
            raise RuntimeError("rolled back")


async def test_one_message_per_transaction_and_none_for_a_rollback_or_another_order(
    open_order_socket, place_order, shopper
):
    order, other = (
        await database_sync_to_async(place_order)(shopper),
        await database_sync_to_async(place_order)(shopper),
    )
    socket = await follow(open_order_socket, order, shopper)

    await database_sync_to_async(announce_twice)(order.pk)
    assert await messages(socket) == [{"type": "orderChanged", "order": order.public_id}]
    with pytest.raises(RuntimeError):
        await database_sync_to_async(announce_twice)(order.pk, fail=True)
    await database_sync_to_async(announce_twice)(other.pk)
    assert await messages(socket) == []


async def test_another_customer_is_told_the_order_does_not_exist(
    open_order_socket, place_order, shopper, other_shopper
):
    order = await database_sync_to_async(place_order)(shopper)
    socket = await open_order_socket(order.public_id)
    await send_follow(socket, other_shopper)
    assert await refused_with(socket) == ({"type": "error", "message": "Order not found."}, 4404)


@pytest.mark.parametrize("token", [None, "", "undefined", "a.b.c", 12, ["x"]])
async def test_no_valid_sign_in_is_refused(open_order_socket, place_order, shopper, token):
    order = await database_sync_to_async(place_order)(shopper)
    socket = await open_order_socket(order.public_id)
    await socket.send_to(text_data=json.dumps({"type": "follow", "token": token}))
    assert await refused_with(socket) == ({"type": "error", "message": "Sign in to follow this order."}, 4401)


async def test_a_signed_out_token_is_refused(open_order_socket, place_order, shopper):
    from datetime import timedelta

    from django.utils import timezone

    from accounts.models import RevokedToken

    order = await database_sync_to_async(place_order)(shopper)
    token = await database_sync_to_async(token_of)(shopper)
    access = RefreshToken.for_user(shopper).access_token.__class__(token)
    await database_sync_to_async(RevokedToken.objects.create)(
        jti=access["jti"], user=shopper, expires_at=timezone.now() + timedelta(hours=1)
    )
    socket = await open_order_socket(order.public_id)
    await socket.send_to(text_data=json.dumps({"type": "follow", "token": token}))
    assert (await refused_with(socket))[1] == 4401


async def test_an_unknown_or_overlong_order_id_is_not_found(open_order_socket, shopper):
    token = await database_sync_to_async(token_of)(shopper)
    for public_id in ("nosuchorder", "x" * 200):
        socket = await open_order_socket(public_id)
        await socket.send_to(text_data=json.dumps({"type": "follow", "token": token}))
        assert (await refused_with(socket))[1] == 4404


async def test_bad_messages_get_an_error_and_the_socket_stays_open(open_order_socket, place_order, shopper):
    order = await database_sync_to_async(place_order)(shopper)
    socket = await open_order_socket(order.public_id)
    for text in ("not json", json.dumps([1]), json.dumps({"type": "clientCart"}), "[" * 5000):
        await socket.send_to(text_data=text)
        assert (await receive(socket))["type"] == "error"
    await socket.send_to(bytes_data=b"\x00")
    assert (await receive(socket))["type"] == "error"
    await follow_again(socket, order, shopper)


async def follow_again(socket, order, user):
    await send_follow(socket, user)
    assert await receive(socket) == {"type": "following", "order": order.public_id}


async def test_a_socket_that_never_signs_in_is_closed(open_order_socket, place_order, shopper, monkeypatch):
    monkeypatch.setattr(follow_socket, "FOLLOW_WITHIN_SECONDS", 0.2)
    order = await database_sync_to_async(place_order)(shopper)
    socket = await open_order_socket(order.public_id)
    assert (await refused_with(socket))[1] == 4401


@pytest.mark.parametrize(
    "role, answer",
    [("anonymous", 4401), ("customer", "following"), ("other customer", 4404), ("admin", "following")],
)
async def test_who_may_follow_an_order(
    open_order_socket, place_order, shopper, other_shopper, admin_user, role, answer
):
    """The permission matrix's row for ws/orders/<public_id>/ (shop/tests/test_permission_matrix.py)."""
    order = await database_sync_to_async(place_order)(shopper)
    user = {"anonymous": None, "customer": shopper, "other customer": other_shopper, "admin": admin_user}[role]
    token = await database_sync_to_async(token_of)(user) if user else "undefined"
    socket = await open_order_socket(order.public_id)
    await socket.send_to(text_data=json.dumps({"type": "follow", "token": token}))
    if answer == "following":
        assert await receive(socket) == {"type": "following", "order": order.public_id}
    else:
        assert (await refused_with(socket))[1] == answer


async def test_one_address_over_the_cap_of_order_sockets_is_closed_with_1013(open_order_socket, settings):
    """Issue 46: order sockets had no per-address cap, and a client without a token skipped the
    per-user one: one address could hold any number of them."""
    settings.WS_SOCKETS_PER_ADDRESS = 2
    await open_order_socket("ORDER1")
    await open_order_socket("ORDER2")
    third = await open_order_socket("ORDER3")
    assert (await third.receive_output(timeout=2)) == {"type": "websocket.close", "code": 1013}
