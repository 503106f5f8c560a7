"""Issue 45 follow-up: staff write the Telugu description where they write the English one (the edit
screen's PUT .../details/{id} and PUT /api/products/{ref}), and read it back with the product
(GET /api/admin/products/{ref}, hidden products too)."""

import pytest
from django.core.cache import cache

from accounts.services import user_role_set
from catalog.models import Product
from catalog.tests.factories import make_category, make_product
from common.roles import Role
from conftest import client_for

pytestmark = pytest.mark.django_db

TELUGU = "చల్లగా గానుగ ఆడిన పొద్దుతిరుగుడు నూనె"


@pytest.fixture(autouse=True)
def _fresh_answers():
    cache.clear()  # the public answers are cached
    yield
    cache.clear()


@pytest.fixture
def admin(admin_user):
    return client_for(admin_user)


def test_the_edit_screen_writes_the_telugu_description_and_staff_read_it_back(admin):
    make_category("OILS")
    created = admin.post("/api/products").json()  # staff-created: hidden
    detail = created["details"][0]
    path = f"/api/products/{created['_id']}/details/{detail['_id']}"

    answer = admin.put(
        path, {"quantity": "1", "description": "Cold-pressed oil", "descriptionTe": TELUGU}, format="json"
    )

    assert answer.status_code == 200, answer.json()
    assert (answer.json()["description"], answer.json()["descriptionTe"]) == ("Cold-pressed oil", TELUGU)
    read = admin.get(f"/api/admin/products/{created['_id']}").json()
    assert (read["published"], read["description"], read["descriptionTe"]) == (False, "Cold-pressed oil", TELUGU)
    assert Product.objects.get(pk=created["_id"]).description_te == TELUGU

    untouched = admin.put(path, {"quantity": "1", "description": "Still cold-pressed"}, format="json")
    assert untouched.json()["descriptionTe"] == TELUGU  # absent: left as it is
    cleared = admin.put(path, {"quantity": "1", "descriptionTe": ""}, format="json")
    assert cleared.status_code == 200 and cleared.json()["descriptionTe"] == ""
    assert Product.objects.get(pk=created["_id"]).description_te == ""


def test_the_product_put_writes_it_and_shoppers_see_the_new_one(admin, api_client):
    oil = make_product("Sunflower Oil")
    assert api_client.get(f"/api/products/{oil.slug}").json()["descriptionTe"] == ""  # now cached

    answer = admin.put(f"/api/products/{oil.pk}", {"descriptionTe": TELUGU}, format="json")

    assert answer.status_code == 200, answer.json()
    assert answer.json()["descriptionTe"] == TELUGU
    assert api_client.get(f"/api/products/{oil.slug}").json()["descriptionTe"] == TELUGU


@pytest.mark.parametrize("body", [{"descriptionTe": "అ" * 10_001}, {"descriptionTe": ["not", "text"]}])
def test_a_telugu_description_too_long_or_not_text_is_a_400(admin, body):
    oil = make_product("Sunflower Oil")
    detail = oil.details.get()

    assert admin.put(f"/api/products/{oil.pk}", body, format="json").status_code == 400
    assert admin.put(f"/api/products/{oil.pk}/details/{detail.pk}", body, format="json").status_code == 400
    assert Product.objects.get(pk=oil.pk).description_te == ""


@pytest.mark.parametrize("who", [None, "customer", Role.CASHIER, Role.PACKER, Role.RIDER])
def test_only_an_admin_writes_it(request, make_user, admin_user, who):
    oil = make_product("Sunflower Oil")
    detail = oil.details.get()
    if who in Role.values:
        user = user_role_set(actor=admin_user, user=make_user("9000000077"), role=who)
    else:
        user = request.getfixturevalue(who) if who else None
    client = client_for(user)

    for path in (f"/api/products/{oil.pk}", f"/api/products/{oil.pk}/details/{detail.pk}"):
        assert client.put(path, {"descriptionTe": TELUGU}, format="json").status_code in (401, 403)
    assert Product.objects.get(pk=oil.pk).description_te == ""
