"""A websocket handshake on a path no route serves is refused, not a 500 with a traceback; the
websocket-only process (Procfile `ws`) serves the same sockets and no HTTP page."""

import logging

import pytest
from channels.testing import HttpCommunicator, WebsocketCommunicator

from shop.asgi import application, websocket_application


@pytest.mark.asyncio
@pytest.mark.parametrize("path", ["/ws/nowhere/", "/socket.ioo/?EIO=4&transport=websocket", "/"])
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
@pytest.mark.parametrize("app", [application, websocket_application], ids=["both", "websockets only"])
async def test_the_cart_socket_still_connects(app):
    communicator = WebsocketCommunicator(app, "/ws/cart/", headers=[(b"origin", b"http://127.0.0.1:8000")])
    connected, _ = await communicator.connect(timeout=3)
    assert connected
    await communicator.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize("path", ["/", "/api/ping", "/api/products", "/static/img/logo.svg"])
async def test_the_websocket_process_serves_no_http_page(path):
    response = await HttpCommunicator(websocket_application, "GET", path).get_response(timeout=5)
    assert response["status"] == 404
    assert b"websockets (/ws/) only" in response["body"]


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_websocket_process_answers_its_health_check():
    communicator = HttpCommunicator(websocket_application, "GET", "/healthz", headers=[(b"host", b"testserver")])
    response = await communicator.get_response(timeout=10)
    assert response["status"] == 200, response["body"]
