"""Admin-only user endpoints: list, read by id or phone, edit, delete."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

USERS_URL = "/api/users"


def test_the_list_shows_every_user_in_id_order(as_user, admin_user, customer, other_customer):
    response = as_user(admin_user).get(USERS_URL)
    assert response.status_code == 200
    assert response.json() == [
        {"_id": str(user.pk), "name": user.name, "phoneNo": user.phone_no, "isAdmin": user.is_staff}
        for user in sorted([admin_user, customer, other_customer], key=lambda u: u.pk)
    ]


def test_the_list_takes_constant_queries(as_user, admin_user, make_user, django_assert_max_num_queries):
    client = as_user(admin_user)
    for _ in range(3):
        make_user()
    with django_assert_max_num_queries(2):  # the caller, the list
        small = client.get(USERS_URL).json()
    for _ in range(30):
        make_user()
    with django_assert_max_num_queries(2):
        large = client.get(USERS_URL).json()
    assert len(large) == len(small) + 30


def test_read_by_id(as_user, admin_user, make_user):
    user = make_user("9876543210", name="Asha", city="Kakinada")
    response = as_user(admin_user).get(f"{USERS_URL}/{user.pk}")
    assert response.status_code == 200
    assert response.json() == {
        "_id": str(user.pk),
        "name": "Asha",
        "phoneNo": "9876543210",
        "isAdmin": False,
        "deliveryAddress": {"street": "", "city": "Kakinada", "postalCode": ""},
        "hasCompleteAddress": False,
        "location": None,
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
