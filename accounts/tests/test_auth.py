"""Sign-in, the login info, sign-out and what ends a token."""

from datetime import UTC, datetime, timedelta

import jwt
import pytest
from django.conf import settings as django_settings
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import RevokedToken
from accounts.tokens import access_token_issue

pytestmark = pytest.mark.django_db

LOGIN_URL = "/api/users/auth"
LOGOUT_URL = "/api/users/logout"
PROFILE_URL = "/api/users/profile"
PASSWORD = "secret-pass-1"


def bearer(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def login(client, phone_no, password=PASSWORD):
    return client.post(LOGIN_URL, {"phoneNo": phone_no, "password": password}, format="json")


def test_login_answers_the_stored_login_info(api_client, make_user):
    user = make_user(
        "9876543210",
        name="Asha",
        street="1 Main Rd",
        city="Amalapuram",
        postal_code="533201",
        latitude="16.578000",
        longitude="82.006000",
    )
    response = login(api_client, "9876543210")
    assert response.status_code == 200
    info = response.json()
    assert set(info) == {
        "_id",
        "name",
        "phoneNo",
        "isAdmin",
        "role",
        "token",
        "expiresAt",
        "deliveryAddress",
        "hasCompleteAddress",
        "location",
        "language",
        "businessBuyer",  # issue 43: checkout's GST invoice panel starts from it
    }
    assert info["_id"] == str(user.pk)
    assert (info["name"], info["phoneNo"], info["isAdmin"]) == ("Asha", "9876543210", False)
    assert info["deliveryAddress"] == {"street": "1 Main Rd", "city": "Amalapuram", "postalCode": "533201"}
    assert info["location"] == {"latitude": 16.578, "longitude": 82.006}


def test_location_is_null_when_unknown(api_client, customer):
    info = login(api_client, customer.phone_no).json()
    assert info["location"] is None
    assert info["deliveryAddress"] == {"street": "", "city": "", "postalCode": ""}


def test_admin_login_says_so(api_client, admin_user):
    assert login(api_client, admin_user.phone_no).json()["isAdmin"] is True


def test_expires_at_is_the_token_exp_in_utc(api_client, customer):
    info = login(api_client, customer.phone_no).json()
    claims = jwt.decode(info["token"], options={"verify_signature": False})
    assert info["expiresAt"] == datetime.fromtimestamp(claims["exp"], tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert info["expiresAt"].endswith("Z")
    lifetime = timedelta(minutes=django_settings.ACCESS_TOKEN_LIFETIME_MINUTES)
    assert abs(datetime.fromtimestamp(claims["exp"], tz=UTC) - (timezone.now() + lifetime)) < timedelta(seconds=30)


def test_the_token_lifetime_is_a_setting(settings, customer):
    settings.ACCESS_TOKEN_LIFETIME_MINUTES = 15
    issued = access_token_issue(user=customer)
    assert abs(issued.expires_at - (timezone.now() + timedelta(minutes=15))) < timedelta(seconds=30)


def test_the_token_opens_the_profile(api_client, customer):
    token = login(api_client, customer.phone_no).json()["token"]
    response = bearer(token).get(PROFILE_URL)
    assert response.status_code == 200
    assert response.json()["phoneNo"] == customer.phone_no


def test_login_records_the_time(api_client, customer):
    login(api_client, customer.phone_no)
    customer.refresh_from_db()
    assert customer.last_login is not None


@pytest.mark.parametrize(
    ("phone", "password"),
    [("9876500001", "wrong-password"), ("9111111111", "secret-pass-1"), ("9111111111", "wrong-password")],
)
def test_wrong_phone_or_password_is_one_generic_401(api_client, customer, phone, password):
    response = login(api_client, phone, password)
    assert response.status_code == 401
    assert response.json() == {"message": "Invalid phone number or password"}


def test_an_inactive_user_cannot_sign_in(api_client, make_user):
    make_user("9876543210", is_active=False)
    response = login(api_client, "9876543210")
    assert response.status_code == 401
    assert response.json() == {"message": "Invalid phone number or password"}


@pytest.mark.parametrize("phone", ["", "98765", "98765432100", "98765-43210", "+919876543210", None])
def test_login_needs_a_ten_digit_phone(api_client, phone):
    response = api_client.post(LOGIN_URL, {"phoneNo": phone, "password": "x"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"message": "Please enter a valid 10-digit phone number."}


def test_login_needs_a_password(api_client, customer):
    response = api_client.post(LOGIN_URL, {"phoneNo": customer.phone_no}, format="json")
    assert response.status_code == 400
    assert response.json() == {"message": "Password is required."}


def test_login_ignores_a_stale_token_in_the_header(customer):
    client = bearer("not-a-token")
    assert login(client, customer.phone_no).status_code == 200


def test_login_is_throttled_per_ip(settings, api_client, customer):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "login": "3/minute"},
    }
    for _ in range(3):
        login(api_client, customer.phone_no, "wrong")
    response = login(api_client, customer.phone_no)
    assert response.status_code == 429
    assert 0 < response.json()["retryAfter"] <= 60


# --- logout -----------------------------------------------------------------------------------------


def test_a_token_stops_working_after_logout(api_client, customer):
    token = login(api_client, customer.phone_no).json()["token"]
    client = bearer(token)
    assert client.get(PROFILE_URL).status_code == 200

    response = client.post(LOGOUT_URL)
    assert response.status_code == 200
    assert response.json() == {"message": "Logged out successfully"}

    after = client.get(PROFILE_URL)
    assert after.status_code == 401
    assert after.json() == {"message": "You have been signed out. Please sign in again."}
    assert client.post(LOGOUT_URL).status_code == 401


def test_logout_ends_only_that_token(api_client, customer):
    first = login(api_client, customer.phone_no).json()["token"]
    second = login(api_client, customer.phone_no).json()["token"]
    bearer(first).post(LOGOUT_URL)
    assert bearer(first).get(PROFILE_URL).status_code == 401
    assert bearer(second).get(PROFILE_URL).status_code == 200


def test_logout_keeps_the_jti_until_the_token_expires(api_client, customer):
    info = login(api_client, customer.phone_no).json()
    bearer(info["token"]).post(LOGOUT_URL)
    revoked = RevokedToken.objects.get()
    claims = jwt.decode(info["token"], options={"verify_signature": False})
    assert revoked.jti == claims["jti"]
    assert revoked.user == customer
    assert revoked.expires_at == datetime.fromtimestamp(claims["exp"], tz=UTC)


def test_logout_forgets_tokens_that_expired_anyway(api_client, customer):
    RevokedToken.objects.create(jti="old", user=customer, expires_at=timezone.now() - timedelta(minutes=1))
    token = login(api_client, customer.phone_no).json()["token"]
    bearer(token).post(LOGOUT_URL)
    assert list(RevokedToken.objects.values_list("jti", flat=True)) != ["old"]
    assert not RevokedToken.objects.filter(jti="old").exists()


def test_logout_needs_a_token(api_client):
    response = api_client.post(LOGOUT_URL)
    assert response.status_code == 401


def test_revocation_costs_no_extra_query(api_client, customer, django_assert_num_queries):
    token = login(api_client, customer.phone_no).json()["token"]
    client = bearer(token)
    with django_assert_num_queries(1):  # the user and its sign-out check together
        assert client.get(PROFILE_URL).status_code == 200


# --- other ways a token ends ------------------------------------------------------------------------


def test_an_expired_token_is_refused(settings, api_client, customer):
    settings.ACCESS_TOKEN_LIFETIME_MINUTES = -1
    token = access_token_issue(user=customer).token
    assert bearer(token).get(PROFILE_URL).status_code == 401


def test_a_password_change_ends_older_tokens(api_client, customer):
    token = login(api_client, customer.phone_no).json()["token"]
    customer.set_password("another-pass-2")
    customer.save()
    response = bearer(token).get(PROFILE_URL)
    assert response.status_code == 401
    assert response.json() == {"message": "Your password has changed. Please sign in again."}


def test_a_deactivated_user_token_is_refused(api_client, customer):
    token = login(api_client, customer.phone_no).json()["token"]
    customer.is_active = False
    customer.save()
    assert bearer(token).get(PROFILE_URL).status_code == 401


def test_a_deleted_user_token_is_refused(api_client, customer):
    token = login(api_client, customer.phone_no).json()["token"]
    customer.delete()
    assert bearer(token).get(PROFILE_URL).status_code == 401


def test_a_forged_token_is_refused(customer):
    claims = {"token_type": "access", "user_id": str(customer.pk), "jti": "x", "exp": 9999999999}
    forged = jwt.encode(claims, "not-the-shop-secret-but-long-enough-for-hs256", algorithm="HS256")
    assert bearer(forged).get(PROFILE_URL).status_code == 401
