"""The first screen's HTML from the islands' own components (issue 34).

A shopper page used to paint a skeleton and wait for React to draw the cards. Now the page view
asks the Node renderer beside Django (`frontend/ssr/server.mjs`, the islands' components built
for Node) for the island's HTML, giving it exactly what the page carries: the path, the query,
the language, the shop's public config and the preloaded answers (shop/preload.py). The template writes that HTML into the
island's node with `data-ssr`, and the island hydrates it (frontend/src/lib/mount.js). There is one
owner per piece of markup: the React component; Django never copies a card.

The renderer is a helper, never a dependency: when `SSR_URL` is unset, or the renderer is down,
slow (`SSR_TIMEOUT_MS`) or fails, the page is served as before (the island draws it in the
browser). A failure opens a breaker for `SSR_BREAKER_SECONDS`, so a dead renderer costs one
timeout per process every few seconds, not one per page; the outage is logged once when it
starts and once when it ends.

The rendering depends on nothing but the request's JSON (no shopper, no cart: the browser's own
state comes after hydration), so it is cached under the hash of that JSON: a repeat view of the
same page with the same data costs one cache read, and a change of the catalog changes the
preloaded answers and so the key.
"""

import hashlib
import http.client
import json
import logging
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.encoding import escape_uri_path
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from common.circuit import Breaker
from shop.context_processors import shop_config

logger = logging.getLogger(__name__)

# The islands frontend/ssr/islands.jsx renders.
ISLANDS = frozenset({"home", "category", "search", "product", "cart"})
CACHE_SECONDS = 600
CACHE_PREFIX = "ssr:"


@dataclass(frozen=True)
class Rendered:
    html: SafeString  # the island's markup, for its node
    head: SafeString  # the resource hints React wrote before it (the first pictures' preloads)


class _Renderer:
    """This process's line to the renderer: a keep-alive connection per thread, and its breaker."""

    def __init__(self):
        self.breaker = Breaker("SSR_BREAKER_SECONDS")
        self._local = threading.local()
        self._lock = threading.Lock()
        self.down = False

    def _connection(self) -> http.client.HTTPConnection:
        url = urlsplit(settings.SSR_URL)
        timeout = settings.SSR_TIMEOUT_MS / 1000
        key = (url.hostname, url.port, timeout)
        connection = getattr(self._local, "connection", None)
        if connection is None or self._local.key != key:
            connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=timeout)
            self._local.connection, self._local.key = connection, key
        return connection

    def _drop(self) -> None:
        connection = getattr(self._local, "connection", None)
        if connection is not None:
            connection.close()
        self._local.connection = None

    def post(self, body: bytes) -> dict:
        path = urlsplit(settings.SSR_URL).path.rstrip("/") + "/render"
        headers = {"Content-Type": "application/json"}
        for attempt in (1, 2):
            connection = self._connection()
            try:
                connection.request("POST", path, body=body, headers=headers)
                response = connection.getresponse()
                data = response.read()
            except (ConnectionResetError, BrokenPipeError, http.client.RemoteDisconnected):
                # The renderer closed an idle keep-alive connection: once more on a new one.
                self._drop()
                if attempt == 2:
                    raise
                continue
            except Exception:
                self._drop()
                raise
            if response.status != 200:
                raise http.client.HTTPException(f"the renderer answered {response.status}")
            return json.loads(data)
        raise AssertionError("unreachable")

    def failed(self, error: Exception) -> None:
        self.breaker.trip()
        with self._lock:
            first, self.down = not self.down, True
        if first:
            logger.warning(
                "ssr: the island renderer at %s failed (%s); pages are drawn in the browser until it answers",
                settings.SSR_URL,
                str(error) or type(error).__name__,
            )

    def answered(self) -> None:
        if self.down:
            with self._lock:
                back, self.down = self.down, False
            if back:
                logger.warning("ssr: the island renderer answers again")


renderer = _Renderer()


def render_island(request: HttpRequest, *, island: str, preload: str) -> Rendered | None:
    """The island's first screen as HTML for this page (`preload`: the page's preloaded answers, the
    JSON text shop/preload.py wrote), or None: the island then draws it in the browser."""
    if not settings.SSR_URL or island not in ISLANDS:
        return None
    query = request.META.get("QUERY_STRING", "")
    page = json.dumps(
        {
            "island": island,
            "path": escape_uri_path(request.path),
            "search": f"?{query}" if query else "",
            "language": get_language(),
            "config": shop_config(),
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )
    body = f'{page[:-1]},"preload":{preload}}}'.encode()
    key = CACHE_PREFIX + hashlib.sha256(body).hexdigest()
    answer = cache.get(key)
    if answer is None:
        if renderer.breaker.is_open():
            return None
        try:
            answer = renderer.post(body)
            answer = {"html": str(answer["html"]), "head": str(answer.get("head") or "")}
        except (OSError, http.client.HTTPException, ValueError, KeyError, TypeError) as error:
            # Down, slow (a socket timeout is an OSError), failing or answering nonsense: the page
            # is served without it.
            renderer.failed(error)
            return None
        renderer.answered()
        cache.set(key, answer, CACHE_SECONDS)
    # The renderer is ours and React escapes what it renders: its markup goes into the page as is.
    return Rendered(html=mark_safe(answer["html"]), head=mark_safe(answer["head"]))
