"""The sign-in handshake the order sockets share: the order page's `/ws/orders/<id>/`
(`realtime/orders.py`, issue 26) and the staff board's `/ws/staff/orders/` (`realtime/staff.py`,
issue 27).

The client connects and sends `{"type": "follow", "token": "<an access token>"}` (a browser cannot
set an Authorization header on a websocket, and a token in the URL would be written to every access
log). The consumer's `follow(token)` checks the token and returns the channel-layer group to join,
or raises `Refused`; then the socket joins the group and hears `{"type": "following", ...}`. A
refusal is `{"type": "error", "message": ...}` then a close with the refusal's code; no sign-in
within FOLLOW_WITHIN_SECONDS is refused with 4401. A channel layer that is down closes the socket
with 1011 (the client retries).
"""

import asyncio
import json
from abc import ABCMeta, abstractmethod

from channels.generic.websocket import AsyncWebsocketConsumer

from .layer import LAYER_ERRORS, bounded, warn_layer_down

FOLLOW_WITHIN_SECONDS = 10.0
MAX_MESSAGE_BYTES = 4096
CLOSE_NOT_SIGNED_IN = 4401
CLOSE_LAYER_DOWN = 1011


def message(**fields) -> str:
    return json.dumps(fields)


class Refused(Exception):
    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code, self.message = code, message


class FollowConsumer(AsyncWebsocketConsumer, metaclass=ABCMeta):
    """A socket that signs in with its first message and then hears one group.

    Subclasses set `what` (for the layer-down warning) and `sign_in` (the 4401 words), and define
    `follow(token)` (→ the group; Refused otherwise), `following()` (the `following` message's
    fields) and `changed(message)` (the text sent for a group message of type `order.changed`)."""

    what = "order socket"
    sign_in = "Sign in."
    group: str | None = None
    deadline = None

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        except LAYER_ERRORS as error:
            # The layer failed while receiving for this socket: close it quietly; the client retries.
            warn_layer_down(self.what, error)
            try:
                await send({"type": "websocket.close", "code": CLOSE_LAYER_DOWN})
            except Exception:  # noqa: BLE001  (the client may be gone already)
                pass

    def start_deadline(self):
        self.deadline = asyncio.get_running_loop().call_later(FOLLOW_WITHIN_SECONDS, self._too_late)

    def _too_late(self):
        if self.group is None:
            asyncio.ensure_future(self.refuse(Refused(CLOSE_NOT_SIGNED_IN, self.sign_in)))

    async def refuse(self, refused: Refused):
        await self.send(text_data=message(type="error", message=refused.message))
        await self.close(code=refused.code)

    async def disconnect(self, code):
        if self.deadline is not None:
            self.deadline.cancel()
        if self.group is not None:
            try:
                await bounded(self.channel_layer.group_discard(self.group, self.channel_name), lane="cleanup")
            except LAYER_ERRORS:
                pass  # group members expire by themselves; the layer is down anyway

    async def receive(self, text_data=None, bytes_data=None):
        if self.group is not None:
            return  # following already: the client has nothing more to say
        try:
            if text_data is None or len(text_data) > MAX_MESSAGE_BYTES:
                raise ValueError
            content = json.loads(text_data)
        except (ValueError, RecursionError):
            content = None
        if not isinstance(content, dict) or content.get("type") != "follow":
            await self.send(text_data=message(type="error", message='Send {"type": "follow", "token": ...}.'))
            return
        try:
            group = await self.follow(content.get("token"))
        except Refused as refused:
            await self.refuse(refused)
            return
        try:
            await bounded(self.channel_layer.group_add(group, self.channel_name))
        except LAYER_ERRORS as error:
            warn_layer_down(self.what, error)
            await self.close(code=CLOSE_LAYER_DOWN)
            return
        self.group = group
        if self.deadline is not None:
            self.deadline.cancel()
        await self.send(text_data=message(type="following", **self.following()))

    async def dispatch(self, event):
        if event["type"] == "order.changed":
            # No database: skip Channels' connection check (a hop to the database thread).
            await self.send(text_data=self.changed(event))
            return
        await super().dispatch(event)

    @abstractmethod
    async def follow(self, token) -> str:
        """The group this socket joins once `token` is checked; raises `Refused` otherwise."""

    def following(self) -> dict:
        return {}

    @abstractmethod
    def changed(self, event) -> str:
        """The message this socket sends for a committed change (`event`)."""
