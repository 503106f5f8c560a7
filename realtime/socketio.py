"""Socket.IO at `/socket.io/` for the shop's existing client (spec sections 4 and 7, issue 31).

That client connects with the socket.io library, emits `clientCart` with its cart's lines on
connecting and after each change, and listens for `productUpdate` with a product. python-socketio's
ASGI app serves it beside Channels (`shop.asgi` wraps both the single-process application and the
`ws` process), and the events come from the one source the cart websocket has: each connection is
a channel on the channel layer (in memory, or Redis across processes), joins the same product groups
(`consumers.product_group`) and receives the same `product.update` broadcasts
(`realtime.broadcast`). The checks are the cart consumer's own (`consumers`: the lines' validation,
the rate cap, the big-cart lane, the stale-line answer; `limits`: sockets per address), so a socket
of either kind holds a cart to the same rules.

CORS: a browser page may connect from one of `CORS_ALLOWED_ORIGINS` or from the shop's own host;
any other origin is refused at the handshake (Engine.IO answers 400, and its preflight carries no
`Access-Control-Allow-Origin`). A client without an `Origin` (not a browser) is let in as the cart
websocket lets it in. Pictures in a `productUpdate` are absolute for another origin
(`common.media_urls`), as in the API's answers to it.
"""

import asyncio
import logging
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import orjson
import socketio
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import DatabaseError

from common.media_urls import absolute_media, base_for

from .consumers import (
    MAX_LINES,
    MAX_MESSAGE_BYTES,
    RATE_BURST,
    RATE_PER_SECOND,
    SMALL_CART_LINES,
    BigCartLane,
    RateCap,
    _validated_lines,
    big_cart_stale_product_texts,
    product_group,
    stale_product_texts,
)
from .layer import LAYER_ERRORS, bounded, groups_add, groups_discard, warn_layer_down
from .limits import scope_client_ip, sockets_per_address
from .products import PRODUCT_UPDATE

logger = logging.getLogger(__name__)

SOCKETIO_PATH = "socket.io"
ERROR = "error"
REJOIN_AFTER_SECONDS = 3600  # as the cart consumer: Redis forgets group members after a day


def origin_allowed(origin: str | None, environ: dict) -> bool:
    """Engine.IO's origin check: an allowed origin, or a page of the host the request reached."""
    if not origin:
        return True
    if origin in settings.CORS_ALLOWED_ORIGINS:
        return True
    return bool(environ.get("HTTP_HOST")) and urlsplit(origin).netloc == environ["HTTP_HOST"]


def _own_origin(environ: dict) -> str:
    scheme = {"ws": "http", "wss": "https"}.get(environ.get("wsgi.url_scheme", "http"), "http")
    return f"{scheme}://{environ.get('HTTP_HOST', '')}"


@dataclass
class CartFollow:
    """One connection's place on the channel layer: its channel, the products it follows."""

    channel: str
    address: str
    media_base: str
    product_ids: set[int] = field(default_factory=set)
    joined_at: float = field(default_factory=time.monotonic)
    rate_cap: RateCap = field(default_factory=lambda: RateCap(burst=RATE_BURST, per_second=RATE_PER_SECOND))
    told_to_slow_down: bool = False
    delivery: asyncio.Task | None = None


class CartNamespace(socketio.AsyncNamespace):
    def __init__(self):
        super().__init__("/")
        self.follows: dict[str, CartFollow] = {}

    @property
    def layer(self):
        return get_channel_layer()

    async def on_connect(self, sid, environ, auth=None):
        address = scope_client_ip(environ.get("asgi.scope") or {})
        if not sockets_per_address.take(address):
            raise socketio.exceptions.ConnectionRefusedError("Too many live connections; try again later.")
        try:
            channel = await bounded(self.layer.new_channel())
        except LAYER_ERRORS as error:
            sockets_per_address.give_back(address)
            warn_layer_down("socket.io connect", error)
            raise socketio.exceptions.ConnectionRefusedError("Live updates are unavailable; try again later.") from None
        media_base = base_for(origin=environ.get("HTTP_ORIGIN", ""), own_origin=_own_origin(environ))
        follow = CartFollow(channel=channel, address=address, media_base=media_base)
        self.follows[sid] = follow
        follow.delivery = asyncio.get_running_loop().create_task(self.deliver(sid, follow))

    async def on_disconnect(self, sid, *args):
        follow = self.follows.pop(sid, None)
        if follow is None:
            return
        sockets_per_address.give_back(follow.address)
        if follow.delivery is not None:
            follow.delivery.cancel()
        groups = [product_group(product_id) for product_id in sorted(follow.product_ids)]
        try:
            await bounded(groups_discard(self.layer, groups, follow.channel), lane="cleanup")
        except LAYER_ERRORS:
            pass  # group members expire by themselves; the layer is down anyway

    async def deliver(self, sid: str, follow: CartFollow):
        """The broadcasts reaching this connection's channel, as `productUpdate` events."""
        while True:
            try:
                message = await self.layer.receive(follow.channel)
            except asyncio.CancelledError:
                raise
            except LAYER_ERRORS as error:
                warn_layer_down("socket.io cart", error)
                await self.disconnect(sid)
                return
            if message.get("type") == "product.update":
                await self.send_product_update(sid, follow, message["text"])

    async def send_product_update(self, sid: str, follow: CartFollow, text: str):
        message = orjson.loads(absolute_media(text.encode(), follow.media_base))
        await self.emit(PRODUCT_UPDATE, message["product"], to=sid)

    async def on_clientCart(self, sid, data=None):  # noqa: N802  (the event's name on the wire)
        follow = self.follows.get(sid)
        if follow is None:
            return
        if not follow.rate_cap.allow():
            if not follow.told_to_slow_down:
                follow.told_to_slow_down = True
                await self.emit(ERROR, {"message": "Too many messages; slow down."}, to=sid)
            return
        follow.told_to_slow_down = False
        # The client sends `{cartItems: [...]}`, or the lines alone.
        content = {"cartItems": data} if isinstance(data, list) else data
        if not isinstance(content, dict):
            await self.emit(ERROR, {"message": "clientCart carries the cart's lines (cartItems)."}, to=sid)
            return
        items = content.get("cartItems")
        if isinstance(items, list) and len(items) > MAX_LINES:
            await self.emit(ERROR, {"message": f"A cart has at most {MAX_LINES} lines."}, to=sid)
            return
        if not (isinstance(items, list) and len(items) > SMALL_CART_LINES):
            await self.check_cart(sid, follow, content, apart=False)
            return
        lane = BigCartLane()
        if lane.full():
            await self.emit(
                ERROR, {"message": "The shop is busy; the cart will be checked on its next change."}, to=sid
            )
            return
        async with lane:
            await self.check_cart(sid, follow, content, apart=True)

    async def check_cart(self, sid: str, follow: CartFollow, content: dict, *, apart: bool):
        """The cart consumer's check: validate, follow the cart's products, answer the stale ones."""
        if apart:
            lines, problem = await asyncio.to_thread(_validated_lines, content)
        else:
            lines, problem = _validated_lines(content)
        if lines is None:
            await self.emit(ERROR, {"message": problem}, to=sid)
            return
        try:
            await self.follow_products(follow, {line["productId"] for line in lines})
        except LAYER_ERRORS as error:
            warn_layer_down("socket.io cart groups", error)
            await self.disconnect(sid)
            return
        try:
            texts = await (big_cart_stale_product_texts if apart else stale_product_texts)(lines)
        except DatabaseError:
            logger.exception("Could not read the products of a cart")
            message = "The cart could not be checked just now; it will be on the next change."
            await self.emit(ERROR, {"message": message}, to=sid)
            return
        for text in texts:
            await self.send_product_update(sid, follow, text)

    async def follow_products(self, follow: CartFollow, wanted: set[int]):
        rejoin = time.monotonic() - follow.joined_at > REJOIN_AFTER_SECONDS
        to_join = wanted if rejoin else wanted - follow.product_ids
        leave = [product_group(product_id) for product_id in sorted(follow.product_ids - wanted)]
        await bounded(groups_discard(self.layer, leave, follow.channel))
        await bounded(groups_add(self.layer, [product_group(pid) for pid in sorted(to_join)], follow.channel))
        if rejoin:
            follow.joined_at = time.monotonic()
        follow.product_ids = wanted


def make_server() -> socketio.AsyncServer:
    server = socketio.AsyncServer(
        async_mode="asgi",
        cors_allowed_origins=origin_allowed,
        cors_credentials=True,
        # One connection's events in the order sent, as the cart consumer reads them: two carts
        # checked at once could leave the connection following the older cart's products.
        async_handlers=False,
        max_http_buffer_size=MAX_MESSAGE_BYTES,
        logger=False,
        engineio_logger=False,
    )
    server.register_namespace(CartNamespace())
    return server


server = make_server()


def with_socketio(app):
    """`app` with Socket.IO served at /socket.io/ in front of it (both HTTP polling and websockets)."""
    return socketio.ASGIApp(server, other_asgi_app=app, socketio_path=SOCKETIO_PATH)
