"""The staff board hears every order change, `/ws/staff/orders/` (issue 27).

The board connects and sends `{"type": "follow", "token": "<an admin's access token>"}`, as the
order page does (`realtime/orders.py`: no token in the URL, where access logs would keep it):

- `{"type": "following"}`: the socket is in the staff group; the board now asks
  `GET /api/orders/board?since=<its cursor>` for what it missed while it was not (on every
  connection, so a dropped socket loses nothing);
- `{"type": "orderChanged", "cursor": "<n>"}`: an order change committed and was given cursor n
  (`orders.changes`: the database's clock, the same in every process); the board catches up when
  n is past its cursor;
- `{"type": "error", "message": ...}` then a close: 4401 without a valid sign-in (or none within
  FOLLOW_WITHIN_SECONDS), 4403 for a signed-in user who is not staff.

The socket is counted against its address as the others are (`realtime/limits.py`), closed with
1013 over the cap.
"""

import asyncio
import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from accounts.models import User

from .layer import LAYER_ERRORS, bounded, warn_layer_down
from .limits import SocketCounts, token_user
from .orders import CLOSE_LAYER_DOWN, CLOSE_NOT_SIGNED_IN, MAX_MESSAGE_BYTES, Refused, group_send_after_commit

STAFF_GROUP = "orders.staff"
FOLLOW_WITHIN_SECONDS = 10.0
CLOSE_NOT_STAFF = 4403
CLOSE_TOO_MANY_SOCKETS = 1013
SIGN_IN = "Sign in as staff to follow the orders."
NOT_STAFF = "Only staff may follow the orders."


def _message(**fields) -> str:
    return json.dumps(fields)


def _staff_user_id(token) -> int:
    """The id of the staff member whose access token `token` is; Refused otherwise."""
    user_id = token_user(token)
    if user_id is None:
        raise Refused(CLOSE_NOT_SIGNED_IN, SIGN_IN)
    if not User.objects.filter(pk=user_id, is_staff=True, is_active=True).exists():
        raise Refused(CLOSE_NOT_STAFF, NOT_STAFF)
    return user_id


staff_user_id = database_sync_to_async(_staff_user_id)


class StaffOrdersConsumer(AsyncWebsocketConsumer):
    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        except LAYER_ERRORS as error:
            warn_layer_down("staff socket", error)
            try:
                await send({"type": "websocket.close", "code": CLOSE_LAYER_DOWN})
            except Exception:  # noqa: BLE001  (the client may be gone already)
                pass

    async def connect(self):
        self.following = False
        self.deadline = None
        self.counts = SocketCounts()
        await self.accept()
        if not self.counts.take_address(self.scope):
            await self.close(code=CLOSE_TOO_MANY_SOCKETS)
            return
        self.deadline = asyncio.get_running_loop().call_later(FOLLOW_WITHIN_SECONDS, self._too_late)

    def _too_late(self):
        if not self.following:
            asyncio.ensure_future(self.refuse(Refused(CLOSE_NOT_SIGNED_IN, SIGN_IN)))

    async def refuse(self, refused: Refused):
        await self.send(text_data=_message(type="error", message=refused.message))
        await self.close(code=refused.code)

    async def disconnect(self, code):
        if self.deadline is not None:
            self.deadline.cancel()
        self.counts.give_back()
        if self.following:
            try:
                await bounded(self.channel_layer.group_discard(STAFF_GROUP, self.channel_name), lane="cleanup")
            except LAYER_ERRORS:
                pass  # group members expire by themselves; the layer is down anyway

    async def receive(self, text_data=None, bytes_data=None):
        if self.following:
            return  # the board has nothing more to say
        try:
            if text_data is None or len(text_data) > MAX_MESSAGE_BYTES:
                raise ValueError
            content = json.loads(text_data)
        except (ValueError, RecursionError):
            content = None
        if not isinstance(content, dict) or content.get("type") != "follow":
            await self.send(text_data=_message(type="error", message='Send {"type": "follow", "token": ...}.'))
            return
        try:
            await staff_user_id(content.get("token"))
        except Refused as refused:
            await self.refuse(refused)
            return
        try:
            await bounded(self.channel_layer.group_add(STAFF_GROUP, self.channel_name))
        except LAYER_ERRORS as error:
            warn_layer_down("staff socket", error)
            await self.close(code=CLOSE_LAYER_DOWN)
            return
        self.following = True
        if self.deadline is not None:
            self.deadline.cancel()
        await self.send(text_data=_message(type="following"))

    async def dispatch(self, message):
        if message["type"] == "order.changed":
            # No database: skip Channels' connection check (a hop to the database thread).
            await self.send(text_data=_message(type="orderChanged", cursor=str(message["cursor"])))
            return
        await super().dispatch(message)


def broadcast_staff_order_changed(sender=None, *, order_id: int, cursor: int | None = None, **kwargs) -> None:
    """The `order_changed` receiver for the boards (connected in `RealtimeConfig.ready`): one
    message to the staff group with the change's cursor (none when it could not be stamped: the
    board's next catch-up finds the order anyway once it changes again)."""
    if cursor is None:
        return
    group_send_after_commit(STAFF_GROUP, {"type": "order.changed", "cursor": cursor}, what="staff broadcast")
