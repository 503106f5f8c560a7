"""GET /api/delivery/check?pincode= or ?lat=&lng=."""

import pytest

pytestmark = pytest.mark.django_db

URL = "/api/delivery/check"


def test_by_pincode(api_client):
    response = api_client.get(URL, {"pincode": "533201"})
    assert response.status_code == 200
    assert response.json() == {
        "pincode": "533201",
        "state": "Andhra Pradesh",
        "town": "Amalapuram",
        "deliverable": True,
        "message": "Happy to deliver to Amalapuram!",
    }


def test_by_coordinates(api_client):
    response = api_client.get(URL, {"lat": "16.578", "lng": "82.006"})
    assert response.json()["pincode"] == "533201"
    assert response.json()["deliverable"] is True


@pytest.mark.parametrize(
    ("pincode", "message"),
    [
        ("605001", "Sorry, we do not deliver to this location yet."),
        ("500001", "We only deliver in Andhra Pradesh & Puducherry."),
        ("533464", "Happy to deliver to Yanam!"),
    ],
)
def test_the_three_answers(api_client, pincode, message):
    assert api_client.get(URL, {"pincode": pincode}).json()["message"] == message


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({}, "Send a pincode, or both latitude and longitude."),
        ({"pincode": "12"}, "Please enter a valid 6-digit pincode."),
        ({"pincode": "999999"}, "999999 is not a known Indian pincode."),
        ({"lat": "abc", "lng": "82"}, "Latitude must be a number."),
        ({"lat": "0", "lng": "0"}, "We could not find a pincode near this location."),
    ],
)
def test_bad_input_is_400(api_client, query, message):
    response = api_client.get(URL, query)
    assert response.status_code == 400
    assert response.json() == {"message": message}


def test_needs_no_sign_in_and_ignores_a_stale_token(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer expired")
    assert api_client.get(URL, {"pincode": "533201"}).status_code == 200


def test_needs_no_database(api_client, django_assert_num_queries):
    with django_assert_num_queries(0):
        api_client.get(URL, {"pincode": "533201"})
