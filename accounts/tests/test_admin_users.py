"""Admin-only user endpoints: list, read by id or phone, edit, delete."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

USERS_URL = "/api/users"


def test_the_list_shows_every_user_in_id_order(as_user, admin_user, customer, other_customer):
    response = as_user(admin_user).get(USERS_URL)
    assert response.status_code == 200
    assert response.json() == [
        {
            "_id": str(user.pk),
            "name": user.name,
            "phoneNo": user.phone_no,
            "isAdmin": user.is_staff,
            "role": "owner" if user.is_staff else None,
        }
        for user in sorted([admin_user, customer, other_customer], key=lambda u: u.pk)
    ]


def test_the_list_takes_constant_queries(as_user, admin_user, make_user, django_assert_max_num_queries):
    client = as_user(admin_user)
    for _ in range(3):
        make_user()
    with django_assert_max_num_queries(3):  # the caller, the count, the page
        small = client.get(USERS_URL, {"pageSize": 100}).json()
    for _ in range(30):
        make_user()
    with django_assert_max_num_queries(3):
        large = client.get(USERS_URL, {"pageSize": 100}).json()
    assert len(large) == len(small) + 30


def test_the_list_pages_with_totals_in_headers(as_user, admin_user, make_user):
    users = [admin_user, *(make_user() for _ in range(24))]
    response = as_user(admin_user).get(USERS_URL, {"pageNumber": 2})
    assert response.status_code == 200
    assert [row["_id"] for row in response.json()] == [str(user.pk) for user in users[20:]]
    assert response["X-Total-Count"] == "25"
    assert 'rel="prev"' in response["Link"] and 'rel="next"' not in response["Link"]
    assert "pageNumber=1" in response["Link"]


@pytest.mark.parametrize(("keyword", "expected"), [("asha", ["Asha Reddy"]), ("77712", ["Ravi Kumar"]), (" ", None)])
def test_the_list_finds_a_user_by_name_or_phone(as_user, admin_user, make_user, keyword, expected):
    make_user("9777123456", name="Ravi Kumar")
    make_user("9811111111", name="Asha Reddy")
    response = as_user(admin_user).get(USERS_URL, {"keyword": keyword})
    names = [row["name"] for row in response.json()]
    assert names == (expected if expected is not None else [admin_user.name, "Ravi Kumar", "Asha Reddy"])
    assert response["X-Total-Count"] == str(len(names))


@pytest.mark.parametrize(
    "query", [{"pageNumber": "0"}, {"pageNumber": "x"}, {"pageSize": "-1"}, {"keyword": "k" * 101}]
)
def test_bad_list_queries_are_a_clear_400(as_user, admin_user, query):
    response = as_user(admin_user).get(USERS_URL, query)
    assert response.status_code == 400
    assert isinstance(response.json()["message"], str)


def test_read_by_id(as_user, admin_user, make_user):
    user = make_user("9876543210", name="Asha", city="Kakinada")
    response = as_user(admin_user).get(f"{USERS_URL}/{user.pk}")
    assert response.status_code == 200
    assert response.json() == {
        "_id": str(user.pk),
        "name": "Asha",
        "phoneNo": "9876543210",
        "isAdmin": False,
        "role": None,
        "deliveryAddress": {"street": "", "city": "Kakinada", "postalCode": ""},
        "hasCompleteAddress": False,
        "location": None,
        "language": "en",
        "businessBuyer": None,
    }


def test_read_by_phone(as_user, admin_user, customer):
    response = as_user(admin_user).get(f"{USERS_URL}/{customer.phone_no}")
    assert response.status_code == 200
    assert response.json()["_id"] == str(customer.pk)


@pytest.mark.parametrize("ref", ["999999", "9000000000", "abc", "1" * 30])
def test_an_unknown_user_is_404(as_user, admin_user, ref):
    response = as_user(admin_user).get(f"{USERS_URL}/{ref}")
    assert response.status_code == 404
    assert response.json() == {"message": "User not found"}


def test_edit_name_phone_and_admin_flag(as_user, admin_user, customer):
    body = {"userId": str(customer.pk), "name": "Asha Rani", "phoneNo": "9000000001", "isAdmin": True}
    response = as_user(admin_user).put(f"{USERS_URL}/{customer.pk}", body, format="json")
    assert response.status_code == 200
    assert response.json()["name"] == "Asha Rani"
    assert response.json()["phoneNo"] == "9000000001"
    assert response.json()["isAdmin"] is True
    customer.refresh_from_db()
    assert (customer.name, customer.phone_no, customer.is_staff) == ("Asha Rani", "9000000001", True)


def test_edit_may_remove_admin_rights_of_another_admin(as_user, admin_user, make_user):
    second_admin = make_user("9876543210", is_staff=True)
    response = as_user(admin_user).put(f"{USERS_URL}/{second_admin.pk}", {"isAdmin": False}, format="json")
    assert response.json()["isAdmin"] is False


def test_an_admin_cannot_remove_their_own_rights(as_user, admin_user):
    response = as_user(admin_user).put(f"{USERS_URL}/{admin_user.pk}", {"isAdmin": False}, format="json")
    assert response.status_code == 400
    assert response.json() == {"message": "You cannot remove your own admin rights."}


def test_the_last_admin_cannot_be_demoted(make_user, admin_user):
    from accounts import services
    from accounts.errors import InvalidInput

    # An admin whose own flag went meanwhile (Django admin, another session) demoting the only admin left.
    former = make_user(name="Former Admin")
    with pytest.raises(InvalidInput, match="at least one admin"):
        services.user_admin_update(actor=former, user=admin_user, is_admin=False)
    admin_user.refresh_from_db()
    assert admin_user.is_staff


def test_an_inactive_admin_does_not_count_as_the_other_admin(as_user, admin_user, make_user):
    make_user(name="Gone Admin", is_staff=True, is_active=False)
    actor = make_user(name="Second Admin", is_staff=True)
    assert as_user(actor).put(f"{USERS_URL}/{admin_user.pk}", {"isAdmin": False}, format="json").status_code == 200
    response = as_user(admin_user).put(f"{USERS_URL}/{actor.pk}", {"isAdmin": False}, format="json")
    assert response.status_code == 403  # admin_user is no longer an admin at all
    actor.refresh_from_db()
    assert actor.is_staff


def test_edit_to_a_taken_phone_is_409(as_user, admin_user, customer, other_customer):
    body = {"phoneNo": other_customer.phone_no}
    response = as_user(admin_user).put(f"{USERS_URL}/{customer.pk}", body, format="json")
    assert response.status_code == 409
    assert response.json() == {"message": "An account with this phone number already exists."}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"phoneNo": "12345"}, "Please enter a valid 10-digit phone number."),
        ({"name": ""}, "Name is required."),
        ({"isAdmin": "maybe"}, "isAdmin: Must be a valid boolean."),
    ],
)
def test_edit_refuses_bad_values(as_user, admin_user, customer, body, message):
    response = as_user(admin_user).put(f"{USERS_URL}/{customer.pk}", body, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == message


def test_delete_a_customer(as_user, admin_user, customer):
    response = as_user(admin_user).delete(f"{USERS_URL}/{customer.pk}")
    assert response.status_code == 200
    assert response.json() == {"message": "User removed"}
    assert not User.objects.filter(pk=customer.pk).exists()


def test_delete_an_admin_is_refused(as_user, admin_user, make_user):
    second_admin = make_user("9876543210", is_staff=True)
    response = as_user(admin_user).delete(f"{USERS_URL}/{second_admin.pk}")
    assert response.status_code == 400
    assert response.json() == {"message": "Cannot delete admin user"}
    assert User.objects.filter(pk=second_admin.pk).exists()


def test_a_deleted_users_token_no_longer_works(as_user, admin_user, customer):
    session = as_user(customer)
    as_user(admin_user).delete(f"{USERS_URL}/{customer.pk}")
    assert session.get("/api/users/profile").status_code == 401


def test_a_customer_with_orders_is_kept(as_user, admin_user, customer):
    from orders.models import Order

    Order.objects.create(
        user=customer,
        invoice_number="TEST-0001",
        shipping_street="4-12 Gandhi Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        payment_method="Cash Or UPI",
        items_price="100.00",
        shipping_price="0.00",
        total_price="100.00",
    )
    response = as_user(admin_user).delete(f"{USERS_URL}/{customer.pk}")
    assert response.status_code == 409
    assert response.json() == {"message": "This user has orders and cannot be deleted."}
    assert User.objects.filter(pk=customer.pk).exists()
