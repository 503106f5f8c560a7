"""An open order page hears its order change, `/ws/orders/<public_id>/` (issue 26).

The page connects and sends `{"type": "follow", "token": "<the shopper's access token>"}` (a
browser cannot set an Authorization header on a websocket, and a token in the URL would be
written to every access log). The token is checked as the API checks it (signed-out tokens
refused), and the order is looked up as `GET /api/orders/<id>` looks it up: its owner and staff
follow it; anybody else is told it does not exist, as the API tells them.

- `{"type": "following", "order": id}`: the socket now hears the order;
- `{"type": "orderChanged", "order": id}`: a change of the order committed (placed, packed,
  dispatched, delivered, paid, cancelled, refunded, lines changed at packing); the page reads the
  order again (`GET /api/orders/<id>`, the one place an order is serialized for its reader) and
  updates in place;
- `{"type": "error", "message": ...}` (in English, for developers) then a close: 4401 without a valid sign-in (or none within
  FOLLOW_WITHIN_SECONDS), 4404 for an order that is not the caller's.

`order_changed` (orders/events.py) is sent once per order per committed transaction; its
receiver here sends one message to the order's group on the channel layer, which reaches every
page open on it in any ws process. A channel layer that is down costs the pages their live update
(they show the order as it was until reloaded) and nothing else: the change has committed.
"""

import asyncio

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from rest_framework.exceptions import AuthenticationFailed

from accounts.authentication import TOKEN_SHAPE, RevocableJWTAuthentication
from accounts.roles import is_staff_member
from orders.models import Order
from orders.selectors import MAX_PUBLIC_ID_LENGTH

from .follow import CLOSE_NOT_SIGNED_IN, FollowConsumer, Refused, message
from .layer import BROADCAST_TIMEOUT_SECONDS, bounded, broadcast_quietly
from .limits import SocketCounts

CLOSE_NOT_FOUND = 4404
CLOSE_TOO_MANY_SOCKETS = 1013
# The protocol's own words (the page shows none of them: it keeps the order it loaded), in English
# as the cart socket's are.
SIGN_IN = "Sign in to follow this order."
NOT_FOUND = "Order not found."


def order_group(order_id: int) -> str:
    return f"orders.order.{order_id}"


def _followed_order_id(token: str, public_id: str) -> int:
    """The id of the order `token`'s user may follow; Refused otherwise."""
    if not isinstance(token, str) or not TOKEN_SHAPE.fullmatch(token.encode("latin-1", "replace")):
        raise Refused(CLOSE_NOT_SIGNED_IN, SIGN_IN)
    auth = RevocableJWTAuthentication()
    try:
        user = auth.get_user(auth.get_validated_token(token.encode()))
    except AuthenticationFailed as error:  # InvalidToken is one too
        raise Refused(CLOSE_NOT_SIGNED_IN, SIGN_IN) from error
    orders = Order.objects.filter(public_id=public_id)
    if not is_staff_member(user):
        orders = orders.filter(user=user)
    order_id = orders.values_list("pk", flat=True).first()
    if order_id is None:
        raise Refused(CLOSE_NOT_FOUND, NOT_FOUND)
    return order_id


followed_order_id = database_sync_to_async(_followed_order_id)


class OrderConsumer(FollowConsumer):
    """The handshake, refusal and group join are `FollowConsumer`'s (realtime/follow.py)."""

    what = "order socket"
    sign_in = SIGN_IN

    async def connect(self):
        self.public_id = str(self.scope["url_route"]["kwargs"]["public_id"])
        # Counted by its address from the handshake, as the cart and staff sockets are (issue 46: a
        # client without a token skipped the per-user cap and had no per-address one here).
        self.counts = SocketCounts()
        await self.accept()
        if not self.counts.take_address(self.scope):
            await self.close(code=CLOSE_TOO_MANY_SOCKETS)
            return
        self.start_deadline()

    async def disconnect(self, code):
        self.counts.give_back()
        await super().disconnect(code)

    async def follow(self, token) -> str:
        if len(self.public_id) > MAX_PUBLIC_ID_LENGTH:
            raise Refused(CLOSE_NOT_FOUND, NOT_FOUND)
        return order_group(await followed_order_id(token, self.public_id))

    def following(self) -> dict:
        return {"order": self.public_id}

    def changed(self, event) -> str:
        return message(type="orderChanged", order=self.public_id)


async def _send_quietly(layer, group: str, message: dict, what: str) -> None:
    await broadcast_quietly(bounded(layer.group_send(group, message), seconds=BROADCAST_TIMEOUT_SECONDS), what)


def group_send_after_commit(group: str, message: dict, *, what: str) -> None:
    """Send `message` to `group` from an after-commit hook, in a thread or on a running event loop;
    a layer that is down costs the message only (the change has committed)."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    if loop is None:
        async_to_sync(_send_quietly)(layer, group, message, what)
    else:
        loop.create_task(_send_quietly(layer, group, message, what))


def broadcast_order_changed(sender=None, *, order_id: int, **kwargs) -> None:
    """The `order_changed` receiver (connected in `RealtimeConfig.ready`): one group message."""
    group_send_after_commit(order_group(order_id), {"type": "order.changed"}, what="order broadcast")
