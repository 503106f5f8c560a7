"""How many cart sockets one client address may hold open in this process (issue 33).

500 sockets from one client, each with a 200-line cart, once stalled every other shopper's
handshake for minutes. A browser opens one socket per tab holding a cart; a household behind one
address a few tabs; WS_SOCKETS_PER_ADDRESS (20) is far above that. A socket over the cap is
accepted and closed at once with 1013 ("try again later"), so the client sees why, costs no
channel-layer call and retries with its backoff. The sockets carry no sign-in (the cart is the
browser's), so the cap is per address, read as every per-IP limit reads it (`common.client_ip`).
The count is per ws process: with WS_CONCURRENCY processes an address may hold that many times
the cap, still bounded.
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


class SocketsPerAddress:
    def __init__(self):
        self._lock = threading.Lock()
        self._open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        """Count one more socket for `address`; False (and nothing counted) when it is at the cap."""
        with self._lock:
            count = self._open.get(address, 0)
            if count >= settings.WS_SOCKETS_PER_ADDRESS:
                return False
            self._open[address] = count + 1
            return True

    def give_back(self, address: str) -> None:
        with self._lock:
            count = self._open.get(address, 0) - 1
            if count > 0:
                self._open[address] = count
            else:
                self._open.pop(address, None)

    def open_sockets(self, address: str) -> int:
        with self._lock:
            return self._open.get(address, 0)


sockets_per_address = SocketsPerAddress()
