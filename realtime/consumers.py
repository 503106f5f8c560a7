"""The cart's live channel, `/ws/cart/` (spec sections 1 and 4, DESIGN.md "Realtime").

The browser sends `{"type": "clientCart", "cartItems": [...]}` when it connects and after every
cart change. The consumer then belongs to one group per product in that cart (see
`realtime.broadcast`, which sends each group its product's `productUpdate` after a committed
change) and answers at once for every product whose price, dprice, Discount or stock differs from
what the browser holds.

Nothing a browser sends can break the socket: a message that is not JSON, too big, of the wrong
shape or one too many for the rate cap gets `{"type": "error", "message": ...}` and the socket
stays open. When the channel layer (Redis) is down the handshake is refused, or an open socket is
closed, without a log line per socket; the browser retries with its backoff.
"""

import asyncio
import json
import logging
import time
import weakref

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import DatabaseError
from rest_framework import serializers

from common.api_errors import first_message
from common.ids import WireIdField

from .layer import LAYER_ERRORS, bounded, groups_add, groups_discard, loop_semaphore, warn_layer_down
from .limits import SocketCounts, token_user
from .products import product_update_texts, stale_product_ids

logger = logging.getLogger(__name__)

MAX_LINES = 200
MAX_MESSAGE_BYTES = 64 * 1024
# A browser sends one clientCart per cart change; a burst of 20 and then two a second is far more
# than a shopper's fingers, and caps what one socket can make the server read.
RATE_BURST = 20
RATE_PER_SECOND = 2.0
# Channels' Redis layer forgets group members after a day (group_expiry); rejoining every hour
# keeps a long-open tab in its groups.
REJOIN_AFTER_SECONDS = 3600
# A group the consumer leaves as soon as it has joined: proof that the channel layer answers.
PROBE_GROUP = "cart.probe"
CLOSE_LAYER_DOWN = 1011
# "Try again later": this address holds as many sockets as it may (realtime/limits.py), or too many
# big carts wait to be read.
CLOSE_TOO_MANY_SOCKETS = 1013
CLOSE_BUSY = 1013
# A cart of more lines than a shopper's usual is read apart: one at a time per process, validated on
# the event loop VALIDATE_SLICE lines at a time (each slice a few milliseconds, other sockets served
# between them) and read on a thread of the loop's executor (not the small carts' database thread),
# so that 500 sockets sending 200-line carts (issue 33: 100 s of stalled handshakes) never queue a
# small cart behind them; a big cart that finds BIG_CARTS_WAITING others waiting is shed with 1013
# and the browser retries with its backoff. Validating on a thread of its own was worse on a loaded
# machine: a thread busy with Python holds the interpreter lock for its switch interval (5 ms of its
# CPU time) each time the loop wants it back, and a handshake wants it back a few dozen times. A
# 200-line cart costs about 40 ms of the process's CPU (validating 26, reading 11); 20 waiting kept
# a new shopper behind a second or more of them, 2 keep the few after a burst short (bench/README.md).
SMALL_CART_LINES = 20
# A message longer than this can only be a big cart (20 lines and a token are about 2.5 KB): while
# the lane is full it is shed before it is parsed, so a burst of big carts costs the event loop
# little more than reading them.
SMALL_CART_BYTES = 8 * 1024
VALIDATE_SLICE = 20
BIG_CARTS_AT_ONCE = 1
BIG_CARTS_WAITING = 2


def product_group(product_id: int) -> str:
    return f"cart.product.{product_id}"


def error_text(message: str) -> str:
    return json.dumps({"type": "error", "message": message})


class CartLineInput(serializers.Serializer):
    """What the consumer reads from a cart line; the browser's other fields are ignored."""

    productId = WireIdField()
    financialId = WireIdField()
    price = serializers.DecimalField(max_digits=None, decimal_places=None, required=False, allow_null=True)
    dprice = serializers.DecimalField(max_digits=None, decimal_places=None, required=False, allow_null=True)
    Discount = serializers.IntegerField(required=False, allow_null=True)
    countInStock = serializers.IntegerField(required=False, allow_null=True)


class ClientCartInput(serializers.Serializer):
    cartItems = serializers.ListField(child=CartLineInput(), max_length=MAX_LINES)


class RateCap:
    """A token bucket: `burst` messages at once, then `per_second`."""

    def __init__(self, *, burst: int, per_second: float):
        self.burst, self.per_second = burst, per_second
        self.tokens, self.at = float(burst), time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def _stale_product_texts(lines: list[dict]) -> list[str]:
    """`productUpdate` texts for the products of which some line is not current, in id order."""
    texts = product_update_texts(stale_product_ids(lines))
    return [texts[product_id] for product_id in sorted(texts)]


stale_product_texts = database_sync_to_async(_stale_product_texts)
user_of_token = database_sync_to_async(token_user)
# Not on the thread the small carts' reads share (thread_sensitive=False: the loop's executor).
big_cart_stale_product_texts = database_sync_to_async(_stale_product_texts, thread_sensitive=False)


def _validated_lines(content: dict) -> tuple[list[dict] | None, str]:
    form = ClientCartInput(data=content)
    if not form.is_valid():
        return None, first_message(form.errors)
    return form.validated_data["cartItems"], ""


async def _validated_lines_in_slices(content: dict) -> tuple[list[dict] | None, str]:
    """`_validated_lines` of a big cart, VALIDATE_SLICE lines at a time, letting the event loop serve
    other sockets between slices. A slice that fails is answered as `_validated_lines` answers the
    whole cart, so the message names the line as it does for any cart."""
    items = content.get("cartItems")
    if not isinstance(items, list):
        return _validated_lines(content)
    lines: list[dict] = []
    for start in range(0, len(items), VALIDATE_SLICE):
        part, problem = _validated_lines({"cartItems": items[start : start + VALIDATE_SLICE]})
        if part is None:
            return _validated_lines(content)
        lines.extend(part)
        await asyncio.sleep(0)
    return lines, ""


class BigCartLane:
    """A turn for a big cart: one at a time per event loop, at most BIG_CARTS_WAITING waiting.

    Validating 200 lines with DRF and reading 200 products took tens of milliseconds each; on the
    event loop in one piece they held up every handshake of the process (a new shopper waited
    39-108 s behind 500 such carts, bench/realtime.py), so inside the lane a cart is validated in
    slices and read on a thread."""

    _waiting: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, int]" = weakref.WeakKeyDictionary()

    def __init__(self):
        self.loop = asyncio.get_running_loop()
        self.gate = loop_semaphore("big carts", BIG_CARTS_AT_ONCE)

    @classmethod
    def is_full(cls) -> bool:
        """The running event loop's lane has BIG_CARTS_WAITING big carts waiting."""
        return cls._waiting.get(asyncio.get_running_loop(), 0) >= BIG_CARTS_WAITING

    def full(self) -> bool:
        return self._waiting.get(self.loop, 0) >= BIG_CARTS_WAITING

    async def __aenter__(self):
        self._waiting[self.loop] = self._waiting.get(self.loop, 0) + 1
        try:
            await self.gate.acquire()
        finally:
            self._waiting[self.loop] -= 1
        return self

    async def __aexit__(self, *exc_info):
        self.gate.release()


class DispatchWithoutDatabaseHop:
    """Each message straight to its handler, for a consumer whose every database read goes through
    `database_sync_to_async` (which closes stale connections itself, on the thread it runs on).

    Channels' own dispatch first hops to the database thread to close stale connections, for every
    message: the connect, each received frame, each broadcast, the disconnect. That thread is one
    for the whole process, so with 500 big carts arriving a new shopper's connect and first read
    waited behind 500 hops and the shed sockets' disconnects (bench/realtime.py: the handshake
    alone 1.1 s at load 28). Put it before the Channels consumer class in the bases."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class CartConsumer(DispatchWithoutDatabaseHop, AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        self.product_ids: set[int] = set()
        self.joined_at = time.monotonic()
        self.rate_cap = RateCap(burst=RATE_BURST, per_second=RATE_PER_SECOND)
        self.told_to_slow_down = False
        self.counts = SocketCounts()
        self.token = None  # the last token a clientCart carried (checked once, not on every message)
        try:
            await super().__call__(scope, receive, send)
        except LAYER_ERRORS as error:
            # The layer failed while receiving for this socket: refuse or close it, quietly.
            warn_layer_down("cart socket", error)
            try:
                await send({"type": "websocket.close", "code": CLOSE_LAYER_DOWN})
            except Exception:  # noqa: BLE001  (the client may be gone already; nothing to tell it)
                pass
        finally:
            self.counts.give_back()

    async def connect(self):
        if not self.counts.take_address(self.scope):
            # Accepted only to say why: a refused handshake reaches the browser as a bare 1006.
            await self.accept()
            await self.close(code=CLOSE_TOO_MANY_SOCKETS)
            return
        try:
            await bounded(self.channel_layer.group_discard(PROBE_GROUP, self.channel_name))
        except LAYER_ERRORS as error:
            warn_layer_down("cart socket connect", error)
            self.counts.give_back()
            await self.close()
            return
        await self.accept()

    async def disconnect(self, code):
        self.counts.give_back()
        groups = [product_group(product_id) for product_id in sorted(self.product_ids)]
        self.product_ids = set()
        try:
            await bounded(groups_discard(self.channel_layer, groups, self.channel_name), lane="cleanup")
        except LAYER_ERRORS:
            pass  # group members expire by themselves; the layer is down anyway

    async def receive(self, text_data=None, bytes_data=None):
        if not self.rate_cap.allow():
            if not self.told_to_slow_down:
                self.told_to_slow_down = True
                await self.send(text_data=error_text("Too many messages; slow down."))
            return
        self.told_to_slow_down = False
        if text_data is None:
            await self.send(text_data=error_text("Messages are JSON text."))
            return
        # The length in characters first: encoding a message to count its bytes costs as much as reading it.
        if len(text_data) > MAX_MESSAGE_BYTES or (
            len(text_data) * 4 > MAX_MESSAGE_BYTES and len(text_data.encode()) > MAX_MESSAGE_BYTES
        ):
            await self.send(text_data=error_text(f"A message may be at most {MAX_MESSAGE_BYTES // 1024} KB."))
            return
        if len(text_data) > SMALL_CART_BYTES and BigCartLane.is_full():
            await self.shed()
            return
        try:
            content = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: nesting deeper than the parser's stack
            await self.send(text_data=error_text("Messages are JSON text."))
            return
        if not isinstance(content, dict) or content.get("type") != "clientCart":
            await self.send(text_data=error_text('Unknown message type; send {"type": "clientCart", ...}.'))
            return
        await self.client_cart(content)

    async def client_cart(self, content: dict):
        if not await self.count_against_user(content.get("token")):
            await self.send(text_data=error_text("This account has too many windows open; try again later."))
            await self.close(code=CLOSE_TOO_MANY_SOCKETS)
            return
        items = content.get("cartItems")
        if isinstance(items, list) and len(items) > MAX_LINES:
            await self.send(text_data=error_text(f"A cart has at most {MAX_LINES} lines."))
            return
        if not (isinstance(items, list) and len(items) > SMALL_CART_LINES):
            await self.check_cart(content, apart=False)
            return
        lane = BigCartLane()
        if lane.full():
            await self.shed()
            return
        async with lane:
            await self.check_cart(content, apart=True)

    async def shed(self):
        """Too many big carts wait to be read: this one is not, and the browser reconnects later."""
        await self.send(text_data=error_text("The shop is busy; the cart will be checked when you reconnect."))
        await self.close(code=CLOSE_BUSY)

    async def count_against_user(self, token) -> bool:
        """Count the socket against the signed-in shopper whose token the clientCart carries (none,
        or one that is not valid: a guest's socket, counted by its address only); False when that
        user holds as many sockets as they may (realtime/limits.py)."""
        if token == self.token:
            return True
        try:
            user_id = await user_of_token(token) if token else None
        except DatabaseError:
            return True  # counted by its address for now; checked again with the next clientCart
        if not self.counts.take_user(user_id):
            return False
        self.token = token
        return True

    async def check_cart(self, content: dict, *, apart: bool):
        """Validate, follow the cart's products and answer the stale ones; `apart`: off the event
        loop and off the small carts' database thread (a big cart, in its lane)."""
        if apart:
            lines, problem = await _validated_lines_in_slices(content)
        else:
            lines, problem = _validated_lines(content)
        if lines is None:
            await self.send(text_data=error_text(problem))
            return
        try:
            await self.follow_products({line["productId"] for line in lines})
        except LAYER_ERRORS as error:
            warn_layer_down("cart groups", error)
            await self.close(code=CLOSE_LAYER_DOWN)
            return
        # Read after joining, so that a change committed in between is either read here or
        # broadcast to this socket (or both; a repeated productUpdate is harmless).
        try:
            texts = await (big_cart_stale_product_texts if apart else stale_product_texts)(lines)
        except DatabaseError:
            logger.exception("Could not read the products of a cart")
            await self.send(
                text_data=error_text("The cart could not be checked just now; it will be on the next change.")
            )
            return
        for text in texts:
            await self.send(text_data=text)

    async def follow_products(self, wanted: set[int]):
        """Join the groups of `wanted` products and leave the others."""
        rejoin = time.monotonic() - self.joined_at > REJOIN_AFTER_SECONDS
        to_join = wanted if rejoin else wanted - self.product_ids
        # One call each way whatever the cart's size: one round trip a Redis shard (realtime/layer.py).
        leave = [product_group(product_id) for product_id in sorted(self.product_ids - wanted)]
        await bounded(groups_discard(self.channel_layer, leave, self.channel_name))
        await bounded(
            groups_add(self.channel_layer, [product_group(pid) for pid in sorted(to_join)], self.channel_name)
        )
        if rejoin:
            self.joined_at = time.monotonic()
        self.product_ids = wanted

    async def product_update(self, event):
        """A broadcast from `realtime.broadcast`: the product's `productUpdate`, already JSON."""
        await self.send(text_data=event["text"])
