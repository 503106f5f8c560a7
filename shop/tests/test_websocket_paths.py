"""A websocket handshake on a path no route serves is refused, not a 500 with a traceback."""

import logging

import pytest
from channels.testing import WebsocketCommunicator

from shop.asgi import application


@pytest.mark.asyncio
@pytest.mark.parametrize("path", ["/ws/nowhere/", "/socket.io/?EIO=4&transport=websocket", "/"])
async def test_an_unknown_websocket_path_is_refused_cleanly(path, caplog):
    caplog.set_level(logging.INFO)
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://127.0.0.1:8000")])
    connected, code = await communicator.connect(timeout=2)
    assert not connected
    assert code == 1008
    assert not any(record.levelno >= logging.ERROR for record in caplog.records)
    await communicator.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_cart_socket_still_connects():
    communicator = WebsocketCommunicator(application, "/ws/cart/", headers=[(b"origin", b"http://127.0.0.1:8000")])
    connected, _ = await communicator.connect(timeout=3)
    assert connected
    await communicator.disconnect()
