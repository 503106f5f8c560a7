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

from channels.db import database_sync_to_async

from accounts.models import User
from accounts.roles import Role, has_role

from .follow import CLOSE_NOT_SIGNED_IN, FollowConsumer, Refused, message
from .limits import SocketCounts, token_user
from .orders import group_send_after_commit

STAFF_GROUP = "orders.staff"
CLOSE_NOT_STAFF = 4403
CLOSE_TOO_MANY_SOCKETS = 1013
SIGN_IN = "Sign in as staff to follow the orders."
NOT_STAFF = "Only staff may follow the orders."
# The live board is the packers' screen (and the owner's).
BOARD_ROLES = (Role.PACKER,)


def _staff_user_id(token) -> int:
    """The id of the staff member whose access token `token` is; Refused otherwise."""
    user_id = token_user(token)
    if user_id is None:
        raise Refused(CLOSE_NOT_SIGNED_IN, SIGN_IN)
    if not has_role(User.objects.filter(pk=user_id).first(), *BOARD_ROLES):
        raise Refused(CLOSE_NOT_STAFF, NOT_STAFF)
    return user_id


staff_user_id = database_sync_to_async(_staff_user_id)


class StaffOrdersConsumer(FollowConsumer):
    """The handshake, refusal and group join are `FollowConsumer`'s (realtime/follow.py)."""

    what = "staff socket"
    sign_in = SIGN_IN

    async def connect(self):
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
        await staff_user_id(token)
        return STAFF_GROUP

    def changed(self, event) -> str:
        return message(type="orderChanged", cursor=str(event["cursor"]))


def broadcast_staff_order_changed(sender=None, *, order_id: int, cursor: int | None = None, **kwargs) -> None:
    """The `order_changed` receiver for the boards (connected in `RealtimeConfig.ready`): one
    message to the staff group with the change's cursor (none when it could not be stamped: the
    board's next catch-up finds the order anyway once it changes again)."""
    if cursor is None:
        return
    group_send_after_commit(STAFF_GROUP, {"type": "order.changed", "cursor": cursor}, what="staff broadcast")
