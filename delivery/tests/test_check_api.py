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
        "area": "In Amalapuram we deliver to pincode 533201.",
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


# --- offline place search (GET /api/delivery/places?q=) ---------------------------------------------

PLACES_URL = "/api/delivery/places"


def test_places_suggest_post_office_towns_with_their_pincodes(api_client):
    response = api_client.get(PLACES_URL, {"q": "amalap"})

    assert response.status_code == 200
    places = response.json()["places"]
    assert places[0] == {
        "name": "Amalapuram",
        "pincode": "533201",
        "district": "Konaseema",
        "state": "Andhra Pradesh",
        "label": "Amalapuram 533201",
    }
    assert "public" in response["Cache-Control"]


@pytest.mark.parametrize(
    ("q", "first"),
    [
        ("Yanam", "Yanam 533464"),
        ("  yanam ", "Yanam 533464"),
        ("kakinada", "Kakinada 533001"),
        ("mummidi", "Mummidivaram 533212"),  # the shop's own map names its towns first
    ],
)
def test_places_in_the_delivery_map_come_first(api_client, q, first):
    assert api_client.get(PLACES_URL, {"q": q}).json()["places"][0]["label"] == first


@pytest.mark.parametrize(
    ("q", "first"),
    [
        ("అమలాపురం", "Amalapuram 533201"),  # Telugu script (issue 29)
        ("అమలా", "Amalapuram 533201"),  # the start of it
        ("కాకినాడ", "Kakinada 533001"),
        ("యానాం", "Yanam 533464"),
        ("kakinda", "Kakinada 533001"),  # a letter left out
        ("amalapurm", "Amalapuram 533201"),
        ("amlapuram", "Amalapuram 533201"),  # another letter left out
        ("kakniada", "Kakinada 533001"),  # two letters swapped
    ],
)
def test_places_in_telugu_script_and_one_typo_off_find_the_town(api_client, q, first):
    assert api_client.get(PLACES_URL, {"q": q}).json()["places"][0]["label"] == first


def test_a_typo_counts_only_when_nothing_is_found_as_typed(api_client):
    # "Yanam" is a place of its own and one letter from nothing the shop knows of; "kakinad" starts one.
    assert api_client.get(PLACES_URL, {"q": "kakinad"}).json()["places"][0]["label"] == "Kakinada 533001"
    assert api_client.get(PLACES_URL, {"q": "ఙఙఙ"}).json() == {"places": []}


def test_places_elsewhere_in_india_are_found_too(api_client):
    places = api_client.get(PLACES_URL, {"q": "Bengaluru City"}).json()["places"]
    assert places[0]["label"] == "Bengaluru City 560002"
    assert places[0]["state"] == "Karnataka"


@pytest.mark.parametrize("q", ["", "ab", "%%%", "___", "zzzzqqq", "x" * 200])
def test_places_answer_an_empty_list_for_short_or_unknown_text(api_client, q):
    response = api_client.get(PLACES_URL, {"q": q})
    assert response.status_code in (200, 400)
    if response.status_code == 200:
        assert response.json() == {"places": []}
    else:
        assert "message" in response.json()


def test_places_are_listed_once_each_and_capped(api_client):
    places = api_client.get(PLACES_URL, {"q": "upp"}).json()["places"]
    assert len(places) == 8
    assert len({place["label"] for place in places}) == 8


def test_places_ignore_a_stale_token(api_client):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    assert api_client.get(PLACES_URL, {"q": "yanam"}).status_code == 200


def test_places_answer_customers_and_admins_alike(as_user, customer, other_customer, admin_user):
    for user in (customer, other_customer, admin_user):
        assert as_user(user).get(PLACES_URL, {"q": "yanam"}).json()["places"][0]["pincode"] == "533464"


@pytest.mark.parametrize(
    ("q", "first", "state"),
    [
        ("Chennai", "Chennai G.P.O. 600001", "Tamil Nadu"),  # not Chennaivalasa, Andhra Pradesh
        ("uppal", "Uppalaguptam 533213", ""),  # the delivery map still comes first (not Uppal, Telangana)
    ],
)
def test_a_place_named_as_a_whole_word_comes_before_one_that_only_starts_with_it(api_client, q, first, state):
    place = api_client.get(PLACES_URL, {"q": q}).json()["places"][0]
    assert (place["label"], place["state"]) == (first, state)
