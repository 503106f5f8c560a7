"""The signed-in user's profile and the address endpoints of spec section 7."""

import jwt
import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

PROFILE_URL = "/api/users/profile"
OWN_ADDRESS_URL = "/api/users/address"
ADDRESS = {"street": "4-12 Gandhi Road", "city": "Amalapuram", "postalCode": "533201"}


def address_url(user) -> str:
    return f"/api/users/{user.pk}/address"


# --- profile ----------------------------------------------------------------------------------------


def test_profile_answers_the_user_without_a_token(as_user, customer):
    response = as_user(customer).get(PROFILE_URL)
    assert response.status_code == 200
    assert response.json() == {
        "_id": str(customer.pk),
        "name": "Asha Customer",
        "phoneNo": "9876500001",
        "isAdmin": False,
        "role": None,
        "deliveryAddress": {"street": "", "city": "", "postalCode": ""},
        "hasCompleteAddress": False,
        "location": None,
        "language": "en",
        "businessBuyer": None,
    }


def test_profile_update_saves_and_answers_login_info_with_a_fresh_token(as_user, customer):
    body = {
        "name": "Asha Rani",
        "phoneNo": customer.phone_no,
        "deliveryAddress": ADDRESS,
        "location": {"latitude": 16.5780123, "longitude": 82.006},
        "password": "",
    }
    response = as_user(customer).put(PROFILE_URL, body, format="json")
    assert response.status_code == 200
    info = response.json()
    assert info["name"] == "Asha Rani"
    assert info["deliveryAddress"] == ADDRESS
    assert info["location"] == {"latitude": 16.578012, "longitude": 82.006}
    assert jwt.decode(info["token"], options={"verify_signature": False})["user_id"] == str(customer.pk)
    assert info["expiresAt"].endswith("Z")
    customer.refresh_from_db()
    assert (customer.name, customer.street, customer.city, customer.postal_code) == (
        "Asha Rani",
        "4-12 Gandhi Road",
        "Amalapuram",
        "533201",
    )
    assert customer.has_complete_address
    assert info["hasCompleteAddress"] is True
    assert customer.check_password("secret-pass-1")  # an empty password changes nothing


def test_profile_update_changes_the_password_and_the_fresh_token_works(as_user, customer, api_client):
    client = as_user(customer)
    response = client.put(PROFILE_URL, {"password": "new-secret-77", "currentPassword": "secret-pass-1"}, format="json")
    assert response.status_code == 200
    customer.refresh_from_db()
    assert customer.check_password("new-secret-77")
    assert client.get(PROFILE_URL).status_code == 401  # the old token ended with the old password
    api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {response.json()['token']}")
    assert api_client.get(PROFILE_URL).status_code == 200


def test_a_new_password_needs_the_current_one(as_user, customer):
    """Issue 33.5: a bearer token alone (a stolen one) changed the password and took the account."""
    client = as_user(customer)
    missing = client.put(PROFILE_URL, {"password": "new-secret-77"}, format="json")
    assert (missing.status_code, missing.json()) == (
        400,
        {"message": "Please enter your current password to change it."},
    )
    wrong = client.put(PROFILE_URL, {"password": "new-secret-77", "currentPassword": "guess-1"}, format="json")
    assert (wrong.status_code, wrong.json()) == (400, {"message": "Your current password is not right."})
    customer.refresh_from_db()
    assert customer.check_password("secret-pass-1")
    assert client.get(PROFILE_URL).status_code == 200  # nothing changed: the token still works


def test_wrong_current_passwords_count_as_wrong_sign_ins(as_user, customer):
    client = as_user(customer)
    for n in range(5):
        client.put(PROFILE_URL, {"password": "new-secret-77", "currentPassword": f"guess-{n}"}, format="json")
    locked = client.put(PROFILE_URL, {"password": "new-secret-77", "currentPassword": "secret-pass-1"}, format="json")
    assert locked.status_code == 429


def test_profile_password_is_checked(as_user, customer):
    response = as_user(customer).put(PROFILE_URL, {"password": "12345"}, format="json")
    assert response.status_code == 400
    assert response.json()["message"].startswith("This password is too short.")


def test_profile_phone_cannot_change(as_user, customer):
    response = as_user(customer).put(PROFILE_URL, {"phoneNo": "9000000000", "name": "X"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"message": "Phone number cannot be changed."}
    customer.refresh_from_db()
    assert (customer.phone_no, customer.name) == ("9876500001", "Asha Customer")


def test_profile_partial_update_keeps_the_rest(as_user, make_user):
    user = make_user("9876543210", name="Asha", street="Old St", city="Kakinada", postal_code="533001")
    response = as_user(user).put(PROFILE_URL, {"deliveryAddress": {"street": "New St"}}, format="json")
    assert response.json()["deliveryAddress"] == {"street": "New St", "city": "Kakinada", "postalCode": "533001"}
    assert response.json()["name"] == "Asha"


def test_profile_location_can_be_cleared(as_user, make_user):
    user = make_user("9876543210", latitude="16.5", longitude="82.0")
    response = as_user(user).put(PROFILE_URL, {"location": None}, format="json")
    assert response.json()["location"] is None
    response = as_user(user).put(PROFILE_URL, {"location": {"latitude": 16.5, "longitude": 82}}, format="json")
    assert response.json()["location"] == {"latitude": 16.5, "longitude": 82.0}
    response = as_user(user).put(PROFILE_URL, {"location": {"latitude": None, "longitude": None}}, format="json")
    assert response.json()["location"] is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"name": ""}, "Name is required."),
        ({"deliveryAddress": {"postalCode": "5332"}}, "Please enter a valid 6-digit postal code."),
        ({"deliveryAddress": {"postalCode": "Unknown Postal Code"}}, "Please enter a valid 6-digit postal code."),
        ({"deliveryAddress": {"city": "x" * 121}}, "City must be at most 120 characters."),
        ({"location": {"latitude": 91, "longitude": 82}}, "Latitude must be between -90 and 90."),
        ({"location": {"latitude": 16.5}}, "Longitude must be a number."),
        ({"location": {"latitude": "north", "longitude": 82}}, "location: latitude: A valid number is required."),
    ],
)
def test_profile_update_refuses_bad_values(as_user, customer, body, message):
    response = as_user(customer).put(PROFILE_URL, body, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == message


def test_profile_blank_address_parts_clear_them(as_user, make_user):
    user = make_user("9876543210", street="Old St", city="Kakinada", postal_code="533001")
    body = {"deliveryAddress": {"street": "", "city": "", "postalCode": ""}}
    response = as_user(user).put(PROFILE_URL, body, format="json")
    assert response.json()["deliveryAddress"] == {"street": "", "city": "", "postalCode": ""}


def test_profile_cannot_make_an_admin(as_user, customer):
    response = as_user(customer).put(PROFILE_URL, {"isAdmin": True}, format="json")
    assert response.json()["isAdmin"] is False
    customer.refresh_from_db()
    assert not customer.is_staff


# --- address endpoints ------------------------------------------------------------------------------


def test_own_address(as_user, make_user):
    user = make_user(
        "9876543210", street="Old St", city="Kakinada", postal_code="533001", latitude="16.9891", longitude="82.2475"
    )
    response = as_user(user).get(OWN_ADDRESS_URL)
    assert response.status_code == 200
    assert response.json() == {
        "deliveryAddress": {"street": "Old St", "city": "Kakinada", "postalCode": "533001"},
        "location": {"latitude": 16.9891, "longitude": 82.2475},
    }


def test_own_address_not_yet_saved_is_nulls(as_user, make_user):
    response = as_user(make_user("9876543211")).get(OWN_ADDRESS_URL)
    assert response.json() == {
        "deliveryAddress": {"street": None, "city": None, "postalCode": None},
        "location": {"latitude": None, "longitude": None},
    }


def test_post_sets_the_whole_address(as_user, customer):
    response = as_user(customer).post(address_url(customer), ADDRESS, format="json")
    assert response.status_code == 201
    assert response.json() == ADDRESS
    customer.refresh_from_db()
    assert customer.has_complete_address


def test_post_may_bring_a_location(as_user, customer):
    as_user(customer).post(
        address_url(customer), {**ADDRESS, "location": {"latitude": 16.57, "longitude": 82}}, format="json"
    )
    customer.refresh_from_db()
    assert (float(customer.latitude), float(customer.longitude)) == (16.57, 82.0)


@pytest.mark.parametrize(
    ("missing", "message"),
    [
        ("street", "Street is required."),
        ("city", "City is required."),
        ("postalCode", "Please enter a valid 6-digit postal code."),
    ],
)
def test_post_needs_every_part(as_user, customer, missing, message):
    body = {key: value for key, value in ADDRESS.items() if key != missing}
    response = as_user(customer).post(address_url(customer), body, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == message


def test_put_changes_some_parts(as_user, make_user):
    user = make_user("9876543210", street="Old St", city="Kakinada", postal_code="533001")
    response = as_user(user).put(address_url(user), {"postalCode": "533201"}, format="json")
    assert response.status_code == 200
    assert response.json() == {"street": "Old St", "city": "Kakinada", "postalCode": "533201"}


def test_put_refuses_blank_parts_and_empty_bodies(as_user, customer):
    client = as_user(customer)
    assert client.put(address_url(customer), {"city": ""}, format="json").json()["message"] == "City is required."
    empty = client.put(address_url(customer), {}, format="json")
    assert empty.status_code == 400
    assert empty.json()["message"] == "Send street, city or postalCode to change."


def test_delete_clears_the_address(as_user, make_user):
    user = make_user("9876543210", street="Old St", city="Kakinada", postal_code="533001")
    response = as_user(user).delete(address_url(user))
    assert response.status_code == 200
    assert response.json() == {"message": "Address removed"}
    user.refresh_from_db()
    assert (user.street, user.city, user.postal_code) == ("", "", "")


def test_an_admin_may_set_anyones_address(as_user, admin_user, customer):
    response = as_user(admin_user).post(address_url(customer), ADDRESS, format="json")
    assert response.status_code == 201
    customer.refresh_from_db()
    assert customer.postal_code == "533201"


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_a_customer_cannot_touch_another_users_address(as_user, customer, other_customer, method):
    other_customer.street = "Theirs"
    other_customer.save()
    response = getattr(as_user(customer), method)(address_url(other_customer), ADDRESS, format="json")
    assert response.status_code == 404
    assert response.json() == {"message": "User not found"}
    assert User.objects.get(pk=other_customer.pk).street == "Theirs"


def test_an_unknown_user_address_is_404(as_user, admin_user):
    assert as_user(admin_user).post("/api/users/999999/address", ADDRESS, format="json").status_code == 404


@pytest.mark.parametrize(
    "address",
    [
        {"street": "Unknown Street", "city": "Amalapuram", "postalCode": "533201"},
        {"street": "4-12 Gandhi Road", "city": "Unknown City", "postalCode": "533201"},
    ],
)
def test_the_current_location_fallbacks_are_kept_but_the_address_is_not_complete(as_user, customer, address):
    body = {"name": "Asha", "phoneNo": customer.phone_no, "deliveryAddress": address, "password": ""}

    info = as_user(customer).put(PROFILE_URL, body, format="json").json()

    assert info["deliveryAddress"] == address
    assert info["hasCompleteAddress"] is False
    assert as_user(customer).get(PROFILE_URL).json()["hasCompleteAddress"] is False
