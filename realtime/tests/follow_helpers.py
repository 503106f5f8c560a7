"""What the order sockets' tests share (`/ws/orders/<id>/`, `/ws/staff/orders/`): a token to sign
in with, the follow message, and reading what the socket says. Their fixtures (`shopper`,
`place_order`, and `connect` to open a socket) are in realtime/tests/conftest.py."""

import json

from channels.db import database_sync_to_async
from rest_framework_simplejwt.tokens import RefreshToken


def token_of(user) -> str:
    return str(RefreshToken.for_user(user).access_token)


async def send_follow(socket, user) -> None:
    await socket.send_to(
        text_data=json.dumps({"type": "follow", "token": await database_sync_to_async(token_of)(user)})
    )


async def receive(socket) -> dict:
    return json.loads(await socket.receive_from(timeout=2))


async def messages(socket, *, quiet: float = 0.3) -> list[dict]:
    received = []
    while not await socket.receive_nothing(timeout=quiet):
        received.append(json.loads(await socket.receive_from()))
    return received


async def refused_with(socket) -> tuple[dict, int]:
    error = await receive(socket)
    closed = await socket.receive_output(timeout=2)
    assert closed["type"] == "websocket.close"
    return error, closed["code"]
