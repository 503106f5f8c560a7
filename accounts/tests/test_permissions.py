"""Who may call what: anonymous, the customer, another customer and an admin, on every endpoint.

The target of every user-specific call is `customer`; "other" is a second customer acting on it.
"""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

ANON, OWNER, OTHER, ADMIN = "anonymous", "customer", "other customer", "admin"
ADDRESS = {"street": "4-12 Gandhi Road", "city": "Amalapuram", "postalCode": "533201"}

# (method, path with {id} / {phone} of the customer, body, expected status per caller)
MATRIX = [
    ("get", "/api/users", None, {ANON: 401, OWNER: 403, OTHER: 403, ADMIN: 200}),
    ("get", "/api/users/{id}", None, {ANON: 401, OWNER: 403, OTHER: 403, ADMIN: 200}),
    ("get", "/api/users/{phone}", None, {ANON: 401, OWNER: 403, OTHER: 403, ADMIN: 200}),
    ("put", "/api/users/{id}", {"name": "Changed", "isAdmin": True}, {ANON: 401, OWNER: 403, OTHER: 403, ADMIN: 200}),
    ("delete", "/api/users/{id}", None, {ANON: 401, OWNER: 403, OTHER: 403, ADMIN: 200}),
    ("get", "/api/users/profile", None, {ANON: 401, OWNER: 200, OTHER: 200, ADMIN: 200}),
    ("put", "/api/users/profile", {"name": "Myself"}, {ANON: 401, OWNER: 200, OTHER: 200, ADMIN: 200}),
    ("put", "/api/users/profile", {"language": "te"}, {ANON: 401, OWNER: 200, OTHER: 200, ADMIN: 200}),
    ("get", "/api/users/address", None, {ANON: 401, OWNER: 200, OTHER: 200, ADMIN: 200}),
    ("post", "/api/users/{id}/address", ADDRESS, {ANON: 401, OWNER: 201, OTHER: 404, ADMIN: 201}),
    ("put", "/api/users/{id}/address", {"city": "Kakinada"}, {ANON: 401, OWNER: 200, OTHER: 404, ADMIN: 200}),
    ("delete", "/api/users/{id}/address", None, {ANON: 401, OWNER: 200, OTHER: 404, ADMIN: 200}),
    ("post", "/api/users/logout", None, {ANON: 401, OWNER: 200, OTHER: 200, ADMIN: 200}),
]


@pytest.fixture
def callers(customer, other_customer, admin_user):
    return {ANON: None, OWNER: customer, OTHER: other_customer, ADMIN: admin_user}


def _snapshot(user: User) -> tuple:
    user.refresh_from_db()
    return (user.name, user.phone_no, user.is_staff, user.street, user.city, user.postal_code, user.language)


@pytest.mark.parametrize("role", [ANON, OWNER, OTHER, ADMIN])
@pytest.mark.parametrize(
    ("method", "path", "body", "expected"), MATRIX, ids=[f"{method.upper()} {path}" for method, path, *_ in MATRIX]
)
def test_permission_matrix(as_user, callers, customer, role, method, path, body, expected):
    customer.street, customer.city, customer.postal_code = "Old St", "Old City", "533001"
    customer.save()
    before = _snapshot(customer)
    url = path.format(id=customer.pk, phone=customer.phone_no)
    response = getattr(as_user(callers[role]), method)(url, body, format="json")
    assert response.status_code == expected[role], response.json()
    assert "message" in response.json() or response.status_code < 400
    changes_customer = method != "get" and "{id}" in path
    if response.status_code >= 400 and changes_customer:
        assert User.objects.filter(pk=customer.pk).exists()
        assert _snapshot(customer) == before


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/api/users/auth", {"phoneNo": "9876500001", "password": "secret-pass-1"}),
        ("post", "/api/users", {"name": "A", "phoneNo": "9123456780", "password": "x", "verificationToken": ""}),
        ("post", "/api/users/otp/send", {"phoneNo": "9123456780", "purpose": "register"}),
        ("post", "/api/users/otp/verify", {"phoneNo": "9123456780", "code": "123456", "purpose": "register"}),
        ("post", "/api/users/forgot-password", {"phoneNo": "9876500001", "password": "x", "verificationToken": ""}),
        ("get", "/api/delivery/check?pincode=533201", None),
    ],
)
@pytest.mark.parametrize("role", [ANON, OWNER, OTHER, ADMIN])
def test_public_endpoints_are_open_to_everyone(as_user, callers, method, path, body, role):
    response = getattr(as_user(callers[role]), method)(path, body, format="json")
    assert response.status_code not in (401, 403), response.json()


def test_a_customer_cannot_make_themselves_admin_anywhere(as_user, customer):
    client = as_user(customer)
    client.put(f"/api/users/{customer.pk}", {"isAdmin": True}, format="json")
    client.put("/api/users/profile", {"isAdmin": True}, format="json")
    client.post(f"/api/users/{customer.pk}/address", {**ADDRESS, "isAdmin": True}, format="json")
    customer.refresh_from_db()
    assert not customer.is_staff


def test_an_admin_flag_removed_takes_effect_at_once(as_user, make_user):
    demoted = make_user("9876543210", is_staff=True)
    session = as_user(demoted)
    assert session.get("/api/users").status_code == 200
    demoted.is_staff = False
    demoted.save()
    assert session.get("/api/users").status_code == 403


def test_the_api_description_lists_the_accounts_endpoints(api_client):
    response = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    for path in ["/api/users", "/api/users/auth", "/api/users/otp/send", "/api/users/{ref}", "/api/delivery/check"]:
        assert path in paths
