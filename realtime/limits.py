"""How many sockets one client address, and one signed-in user, may hold open in this process (issue 33).

500 sockets from one client, each with a 200-line cart, once stalled every other shopper's
handshake for minutes. A browser opens one socket per tab holding a cart; a household behind one
address a few tabs; WS_SOCKETS_PER_ADDRESS (20) is far above that. A socket over the cap is
accepted and closed at once with 1013 ("try again later"), so the client sees why, costs no
channel-layer call and retries with its backoff. The address is read as every per-IP limit reads
it (`common.client_ip`).

A signed-in user's sockets are counted against them too, from whatever addresses they come
(WS_SOCKETS_PER_USER, 10): one account cannot spread a flood over many addresses. A socket is
signed in by the access token it carries (a browser cannot set an Authorization header on a
websocket, and a token in the URL would be written to every access log): the cart socket's
`clientCart` carries it when the shopper is signed in; a socket that must be signed in sends it in
its first message. `token_user` checks it as the API does (signed-out tokens refused).

The counts are per ws process: with WS_CONCURRENCY processes an address or user may hold that many
times the cap, still bounded. `SocketCounts` is what one socket holds; every consumer (cart, order
page, Socket.IO) takes its counts through one and gives them back when it closes.
"""

import threading

from django.conf import settings

from common.client_ip import client_ip


def scope_client_ip(scope) -> str:
    """The client's address of a websocket scope, trusting X-Forwarded-For as the HTTP side does."""
    meta = {"REMOTE_ADDR": (scope.get("client") or ("", 0))[0] or ""}
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            meta["HTTP_X_FORWARDED_FOR"] = value.decode("latin-1")
    return client_ip(meta)


class SocketsPer:
    """Open sockets counted per key (an address, a user id), capped by the setting `cap_setting`."""

    def __init__(self, cap_setting: str):
        self.cap_setting = cap_setting
        self._lock = threading.Lock()
        self._open: dict = {}

    def take(self, key) -> bool:
        """Count one more socket for `key`; False (and nothing counted) when it is at the cap."""
        with self._lock:
            count = self._open.get(key, 0)
            if count >= getattr(settings, self.cap_setting):
                return False
            self._open[key] = count + 1
            return True

    def give_back(self, key) -> None:
        with self._lock:
            count = self._open.get(key, 0) - 1
            if count > 0:
                self._open[key] = count
            else:
                self._open.pop(key, None)

    def open_sockets(self, key) -> int:
        with self._lock:
            return self._open.get(key, 0)


sockets_per_address = SocketsPer("WS_SOCKETS_PER_ADDRESS")
sockets_per_user = SocketsPer("WS_SOCKETS_PER_USER")


class SocketCounts:
    """The counts one socket holds: its address's from the handshake, its user's once it is signed
    in. `give_back` (when the socket closes) returns both; it may be called more than once."""

    def __init__(self):
        self.address: str | None = None
        self.user_id: int | None = None

    def take_address(self, scope) -> bool:
        address = scope_client_ip(scope)
        if not sockets_per_address.take(address):
            return False
        self.address = address
        return True

    def take_user(self, user_id: int | None) -> bool:
        """Count the socket against `user_id` (None: signed out) instead of the user it was
        counted against; False, leaving the socket counted as it was, when the user is at the cap."""
        if user_id == self.user_id:
            return True
        if user_id is not None and not sockets_per_user.take(user_id):
            return False
        self.give_back_user()
        self.user_id = user_id
        return True

    def give_back_user(self) -> None:
        if self.user_id is not None:
            sockets_per_user.give_back(self.user_id)
            self.user_id = None

    def give_back(self) -> None:
        if self.address is not None:
            sockets_per_address.give_back(self.address)
            self.address = None
        self.give_back_user()


def token_user(token) -> int | None:
    """The id of the active user whose access token `token` is, checked as the API checks a Bearer
    token (forged, expired, signed-out and changed-password tokens refused); None otherwise.
    Reads the database: call it through `database_sync_to_async` from a consumer."""
    from rest_framework.exceptions import AuthenticationFailed

    from accounts.authentication import TOKEN_SHAPE, RevocableJWTAuthentication

    if not isinstance(token, str) or len(token) > 4096:
        return None
    raw = token.encode("latin-1", "replace")
    if not TOKEN_SHAPE.fullmatch(raw):
        return None
    auth = RevocableJWTAuthentication()
    try:
        return auth.get_user(auth.get_validated_token(raw)).pk
    except AuthenticationFailed:  # InvalidToken is one too
        return None
