"""What schemathesis found the accounts API taking though its schema forbids it
(shop/tests/test_api_fuzz.py): each is refused now, with a 400."""

import pytest

PROFILE_URL = "/api/users/profile"
pytestmark = pytest.mark.django_db


def test_a_number_is_not_a_name(as_user, customer):
    """`"name": 123` was saved as the name "123"."""
    response = as_user(customer).put(PROFILE_URL, {"name": 123}, format="json")
    assert response.status_code == 400
    customer.refresh_from_db()
    assert customer.name == "Asha Customer"


def test_false_is_not_a_coordinate(as_user, customer):
    """`"longitude": false` was saved as 0."""
    response = as_user(customer).put(PROFILE_URL, {"location": {"latitude": 16.5, "longitude": False}}, format="json")
    assert response.status_code == 400
    customer.refresh_from_db()
    assert customer.longitude is None


def test_a_phone_number_sent_as_a_json_number_is_refused(api_client, customer):
    response = api_client.post("/api/users/auth", {"phoneNo": 9876500001, "password": "secret-pass-1"}, format="json")
    assert response.status_code == 400


def test_a_phone_number_in_other_scripts_digits_is_refused(api_client):
    """`\\d` matched Devanagari and Telugu digits: the number was not one SMS could reach."""
    response = api_client.post("/api/users/otp/send", {"phoneNo": "९८७६५०००११", "purpose": "register"}, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == "Please enter a valid 10-digit phone number."


def test_a_coordinate_beside_a_pincode_must_still_be_one(api_client):
    """`?pincode=494230&lat=-4e16` answered for the pincode, taking a latitude the schema forbids."""
    response = api_client.get("/api/delivery/check", {"pincode": "533201", "lat": "-4e16", "lng": "82"})
    assert response.status_code == 400
    assert response.json()["message"] == "Latitude must be between -90 and 90."
    assert api_client.get("/api/delivery/check", {"pincode": "533201", "lat": "16.57", "lng": "82"}).status_code == 200
