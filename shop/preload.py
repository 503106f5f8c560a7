"""The first API answers of a page's island, written into the page itself.

On a phone 150 ms away from the shop, an island that first paints a skeleton and then fetches its
data pays a round trip (or several) before the shopper sees a product. So the page view asks the
API for those first answers while it renders, and the page carries them in one JSON script
(`<script type="application/json" id="api-preload">`, a map from the island's request path to
the answer). `frontend/src/lib/useApi.js` takes an answer from there instead of fetching it, once.

The answers come from the API's own views, called in-process with a plain anonymous GET: the
same selectors, serializers and shared cache, so the page never holds data the API would not
have answered, and the wire format has one owner. Only public reads are preloaded; a path whose
view does not answer 200 is left out and the island fetches it as usual.

A page carries only what its first screen shows (issue 34: the English home page was 152 kB, mostly
preloaded answers carrying both languages' names):
- in the page's language: an English page drops the Telugu fields (`nameTe`, `categoryTe`,
  `categoriesTe`: every Telugu field's name ends in `Te`); a Telugu page keeps the English names,
  which its cards show beneath the Telugu ones;
- `first_screen` trims an answer to the part the first screen shows, leaving out a list the island
  fetches when it needs it (the key is absent, never emptied: absent means "not here yet").
"""

import json
import logging
import re
from collections.abc import Callable
from urllib.parse import quote, unquote, urlsplit

from django.http import HttpRequest, QueryDict
from django.urls import Resolver404, resolve
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from common.middleware import unavailable_message

logger = logging.getLogger(__name__)

# The caller's credentials and encodings never reach the preloaded answers: they are public reads,
# the same for every visitor, and they are embedded uncompressed.
_DROPPED_HEADERS = ("HTTP_AUTHORIZATION", "HTTP_COOKIE", "HTTP_ACCEPT_ENCODING")
# As Django's json_script: the JSON cannot close the script element or open a comment.
_SCRIPT_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


def uri_component(text: str) -> str:
    """`text` as JavaScript's encodeURIComponent writes it, so the path matches the island's request."""
    return quote(text, safe="!*'()")


class _ServiceDown(Exception):
    """The database or the cache cannot be reached: the other answers would only wait for it too."""


def _answer(request: HttpRequest, path: str) -> str | None:
    """The API's JSON answer to an anonymous GET of `path`, or None when it is not a 200."""
    url = urlsplit(path)
    try:
        match = resolve(unquote(url.path))
    except Resolver404:
        logger.warning("preload: no view answers %s", path)
        return None
    inner = HttpRequest()
    inner.method = "GET"
    inner.path = inner.path_info = unquote(url.path)
    inner.META = {key: value for key, value in request.META.items() if key not in _DROPPED_HEADERS}
    inner.META.update(REQUEST_METHOD="GET", PATH_INFO=inner.path, QUERY_STRING=url.query)
    inner.GET = QueryDict(url.query)
    try:
        response = match.func(inner, *match.args, **match.kwargs)
        if hasattr(response, "render"):
            response.render()
    except Exception as error:  # the island fetches it and shows the API's error; the page still renders
        if unavailable_message(error) is not None:
            logger.warning("preload: GET %s: %s; the page goes without its answers", path, error)
            raise _ServiceDown from error
        logger.exception("preload: GET %s failed", path)
        return None
    if response.status_code != 200 or response.get("Content-Encoding"):
        return None
    return response.content.decode()


_TELUGU_FIELD = re.compile(r"^[a-z][A-Za-z]*Te$")
Trim = Callable[[dict], dict]


def without_telugu(value):
    """`value` (a decoded answer) without its Telugu fields, at any depth."""
    if isinstance(value, dict):
        return {key: without_telugu(item) for key, item in value.items() if not _TELUGU_FIELD.match(key)}
    if isinstance(value, list):
        return [without_telugu(item) for item in value]
    return value


def _for_page(body: str, *, english: bool, trim: Trim | None) -> str:
    if not english and trim is None:
        return body
    answer = json.loads(body)
    if trim is not None:
        answer = trim(answer)
    if english:
        answer = without_telugu(answer)
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def preload_answers(request: HttpRequest, paths: list[str], first_screen: dict[str, Trim] | None = None) -> str:
    """The answers to `paths` (the ones that answered 200) as one JSON map from path to answer, in
    the page's language, each trimmed by `first_screen[path]` when given."""
    english = get_language() != "te"
    first_screen = first_screen or {}
    entries = []
    try:
        for path in paths:
            body = _answer(request, path)
            if body is not None:
                body = _for_page(body, english=english, trim=first_screen.get(path))
                entries.append(f"{json.dumps(path)}:{body}")
    except _ServiceDown:
        # One wait for an unreachable database is enough: the page answers at once without the
        # rest (found by bench/faults.py: the home page took 4 s per preloaded answer, 16 s).
        entries = []
    return "{" + ",".join(entries) + "}"


def preload_tag(answers: str) -> SafeString:
    """The page's `api-preload` script holding `answers` (preload_answers)."""
    data = answers.translate(_SCRIPT_ESCAPES)
    return format_html('<script id="api-preload" type="application/json">{}</script>', mark_safe(data))
