"""Socket.IO at /socket.io/ for the shop's existing client, tried with a Socket.IO client library
(python-socketio's AsyncClient) against the real ASGI application under uvicorn: `clientCart` in,
`productUpdate` out, from the same channel-layer broadcasts as the cart websocket, in memory and on
Redis; CORS for the allowed origins only."""

import asyncio
import uuid

import aiohttp
import pytest
import socketio
from channels.db import database_sync_to_async
from django.db import transaction

from catalog.models import Financial
from catalog.services import financial_update
from catalog.tests.factories import make_product
from conftest import _serving
from realtime.tests.conftest import cart_line

pytestmark = pytest.mark.django_db(transaction=True)

SHOP = "https://shop.example.in"
ELSEWHERE = "https://evil.example.com"


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.redis)])
def server_url(request, settings, transactional_db, monkeypatch):
    """shop.asgi.application under uvicorn, its channel layer in memory or on Redis."""
    from realtime.socketio import server

    # A long poll is held up to a ping interval and timeout (25 + 20 s by default): the test's
    # disconnect and the server's shutdown wait for it.
    monkeypatch.setattr(server.eio, "ping_interval", 1)
    monkeypatch.setattr(server.eio, "ping_timeout", 2)
    settings.CORS_ALLOWED_ORIGINS = [SHOP]
    settings.PUBLIC_BASE_URL = ""
    if request.param == "memory":
        settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    else:
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {"hosts": [settings.REDIS_URL], "prefix": f"test-sio-{uuid.uuid4().hex[:8]}"},
            }
        }
    from shop.asgi import application

    with _serving(application) as url:
        yield url


def first_pack(product) -> Financial:
    return Financial.objects.filter(detail__product=product).select_related("detail").order_by("id").first()


def change_price(pack: Financial, dprice: str) -> None:
    with transaction.atomic():
        financial_update(financial=pack, dprice=dprice)


class Listener:
    """A Socket.IO client of the shop, as the existing client's library connects, keeping what it hears."""

    def __init__(self):
        self.client = socketio.AsyncClient(reconnection=False)
        self.updates: asyncio.Queue = asyncio.Queue()
        self.errors: asyncio.Queue = asyncio.Queue()
        self.client.on("productUpdate", self.updates.put_nowait)
        self.client.on("error", self.errors.put_nowait)

    async def connect(self, url: str, *, origin: str, transport: str = "websocket", token: str = ""):
        headers = {"Origin": origin} | ({"Authorization": f"Bearer {token}"} if token else {})
        await self.client.connect(url, headers=headers, transports=[transport], wait_timeout=10)
        return self

    async def next_update(self, timeout: float = 5) -> dict:
        return await asyncio.wait_for(self.updates.get(), timeout)

    async def nothing_more(self, timeout: float = 0.5) -> bool:
        await asyncio.sleep(timeout)
        return self.updates.empty()


def dprice_of(product: dict) -> float:
    return float(product["details"][0]["financials"][0]["dprice"])


@pytest.mark.parametrize("transport", ["websocket", "polling"])
async def test_a_cart_hears_of_its_stale_lines_and_of_every_change_after(server_url, transport):
    product = await database_sync_to_async(make_product)()
    pack = await database_sync_to_async(first_pack)(product)
    listener = await Listener().connect(server_url, origin=SHOP, transport=transport)
    try:
        # The client's stored price is old: the server answers at once with the product.
        await listener.client.emit("clientCart", {"cartItems": [cart_line(pack, dprice="1.00")]})
        stale = await listener.next_update()
        assert stale["_id"] == str(product.pk) and dprice_of(stale) == float(pack.dprice)
        # Pictures a page on another origin can load.
        assert stale["image"].startswith(f"{server_url}/media/")

        # A committed change reaches it through the channel layer's broadcast, once.
        await database_sync_to_async(change_price)(pack, "42")
        changed = await listener.next_update()
        assert changed["_id"] == str(product.pk) and dprice_of(changed) == 42
        assert await listener.nothing_more()
    finally:
        await listener.client.disconnect()


async def test_the_lines_alone_are_a_cart_too_and_a_current_cart_hears_nothing(server_url):
    pack = await database_sync_to_async(first_pack)(await database_sync_to_async(make_product)())
    listener = await Listener().connect(server_url, origin=SHOP)
    try:
        await listener.client.emit("clientCart", [cart_line(pack)])
        assert await listener.nothing_more()
        await listener.client.emit("clientCart", {"cartItems": [{"productId": "x"}]})
        error = await asyncio.wait_for(listener.errors.get(), 5)
        assert error["message"]
        assert listener.client.connected
    finally:
        await listener.client.disconnect()


async def test_the_shops_own_pages_may_connect(server_url):
    own = server_url  # the host the request reached
    listener = await Listener().connect(server_url, origin=own)
    assert listener.client.connected
    await listener.client.disconnect()


@pytest.mark.parametrize("transport", ["websocket", "polling"])
async def test_another_origin_is_refused(server_url, transport):
    listener = Listener()
    with pytest.raises(socketio.exceptions.ConnectionError):
        await listener.connect(server_url, origin=ELSEWHERE, transport=transport)
    await listener.client.disconnect()  # closes the library's own HTTP session


async def preflight(url: str, origin: str) -> aiohttp.ClientResponse:
    async with aiohttp.ClientSession() as session:
        async with session.options(
            f"{url}/socket.io/?EIO=4&transport=polling",
            headers={
                "Origin": origin,
                "Access-Control-Request-Method": "GET",
                "Access-Control-Request-Headers": "content-type",
            },
        ) as response:
            await response.read()
            return response


async def test_a_preflight_from_an_allowed_origin_is_answered_and_another_is_not(server_url):
    allowed = await preflight(server_url, SHOP)
    assert allowed.status == 200
    assert allowed.headers["Access-Control-Allow-Origin"] == SHOP
    assert allowed.headers["Access-Control-Allow-Credentials"] == "true"

    refused = await preflight(server_url, ELSEWHERE)
    assert "Access-Control-Allow-Origin" not in refused.headers

    async with aiohttp.ClientSession() as session:
        async with session.get(
            f"{server_url}/socket.io/?EIO=4&transport=polling", headers={"Origin": ELSEWHERE}
        ) as handshake:
            assert handshake.status == 400
            assert "Access-Control-Allow-Origin" not in handshake.headers


@pytest.fixture
def ws_process_url(settings, transactional_db, monkeypatch):
    """The Procfile's `ws` process (`shop.asgi.websocket_application`) under uvicorn."""
    from realtime.socketio import server
    from shop.asgi import websocket_application

    settings.CORS_ALLOWED_ORIGINS = [SHOP]
    monkeypatch.setattr(server.eio, "ping_interval", 1)
    monkeypatch.setattr(server.eio, "ping_timeout", 2)
    with _serving(websocket_application) as url:
        yield url


async def test_the_ws_process_serves_socketio_beside_the_cart_websocket(ws_process_url, settings):
    pack = await database_sync_to_async(first_pack)(await database_sync_to_async(make_product)())
    settings.WS_SOCKETS_PER_ADDRESS = 1
    listener = await Listener().connect(ws_process_url, origin=SHOP)
    try:
        await listener.client.emit("clientCart", {"cartItems": [cart_line(pack, dprice="1.00")]})
        assert (await listener.next_update())["_id"] == str(pack.detail.product_id)
        # The same count of sockets per address as the cart websocket's (realtime/limits.py).
        second = Listener()
        with pytest.raises(socketio.exceptions.ConnectionError):
            await second.connect(ws_process_url, origin=SHOP)
        await second.client.disconnect()
    finally:
        await listener.client.disconnect()


@pytest.mark.parametrize("role", ["anonymous", "customer", "other customer", "admin"])
async def test_permissions_the_socket_is_public_as_the_cart_websocket(server_url, role, make_user):
    """The permission matrix's row for Socket.IO (shop/tests/test_permission_matrix.py WEBSOCKETS):
    the cart's prices and stock are public; a token is neither needed nor read."""
    from rest_framework_simplejwt.tokens import RefreshToken

    token = ""
    if role != "anonymous":
        user = await database_sync_to_async(make_user)(is_staff=role == "admin")
        token = str(RefreshToken.for_user(user).access_token)
    pack = await database_sync_to_async(first_pack)(await database_sync_to_async(make_product)())
    listener = await Listener().connect(server_url, origin=SHOP, token=token)
    try:
        await listener.client.emit("clientCart", [cart_line(pack, dprice="1.00")])
        assert (await listener.next_update())["_id"] == str(pack.detail.product_id)
    finally:
        await listener.client.disconnect()
