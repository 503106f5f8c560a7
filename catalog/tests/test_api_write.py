"""Admin writes and customer reviews: every endpoint for every role, and bad input as a 4xx."""

from decimal import Decimal

import pytest

from catalog.models import Detail, Financial, Product, Review
from conftest import deliver_product

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db

EXPECTED_FOR_NON_ADMINS = {"anonymous": 401, "customer": 403, "other_customer": 403}


@pytest.fixture
def client_as(request, as_user):
    def client(role: str):
        return as_user(None if role == "anonymous" else request.getfixturevalue(role))

    return client


@pytest.fixture
def admin(client_as):
    return client_as("admin_user")


@pytest.fixture
def oil():
    return make_product(
        "Sunflower Oil",
        category=make_category("OILS"),
        brands={"Freedom": [("1", "L", "165", "150", 40), ("5", "L", "780", "700", 8)], "Gold Drop": []},
    )


def _write_calls(oil):
    detail = oil.details.get(brand="Freedom")
    pack = detail.financials.order_by("id").first()
    base = f"/api/products/{oil.pk}"
    return [
        ("post", "/api/products", None, 201),
        ("put", base, {"name": "Sunflower Refined Oil"}, 200),
        ("post", f"{base}/details", {"brand": "Fortune"}, 201),
        ("put", f"{base}/details/{detail.pk}", {"quantity": "1", "price": "170", "discount": "5"}, 200),
        ("post", f"{base}/details/{detail.pk}/financials", {"quantity": "2", "units": "L", "price": "320"}, 201),
        ("get", f"{base}/details/{detail.pk}/financials/{pack.pk}", None, 200),
        ("delete", f"{base}/details/{oil.details.get(brand='Gold Drop').pk}", None, 200),
        ("delete", base, None, 200),
    ]


@pytest.mark.parametrize("role", list(EXPECTED_FOR_NON_ADMINS))
def test_non_admins_may_not_use_admin_endpoints(client_as, oil, role):
    client = client_as(role)
    before = (Product.objects.count(), Detail.objects.count(), list(Financial.objects.values()))
    for method, url, body, _ in _write_calls(oil):
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code == EXPECTED_FOR_NON_ADMINS[role], (method, url)
        assert response.json()["message"]
    assert (Product.objects.count(), Detail.objects.count(), list(Financial.objects.values())) == before


def test_admin_may_use_every_admin_endpoint(admin, oil):
    for method, url, body, expected in _write_calls(oil):
        response = getattr(admin, method)(url, body, format="json")
        assert response.status_code == expected, (method, url, response.json())
        assert "public" not in response.get("Cache-Control", "")


def test_admin_create_product_gives_an_editable_sample(admin, oil):
    body = admin.post("/api/products").json()
    assert (body["name"], body["slug"], body["category"]) == ("Sample name", "sample-name", "OILS")
    [detail] = body["details"]
    assert detail["brand"] == "Sample brand"
    assert detail["financials"][0] | {"_id": None} == {
        "_id": None,
        "quantity": "1",
        "units": "kg",
        "price": 0,
        "dprice": 0,
        "Discount": 0,
        "countInStock": 0,
        "unitPrice": 0,
        "unitPriceBasis": "kg",
        # Issue 45: a new product and its sample pack start hidden from shoppers.
        "published": False,
        "lowStockThreshold": None,
        "lowStock": True,
    }
    assert body["published"] is False


def test_admin_update_product(admin, oil):
    make_category("DAILY NEEDS")
    response = admin.put(
        f"/api/products/{oil.slug}",
        {"name": "Refined Sunflower Oil", "category": "daily needs", "image": "/media/x.svg", "description": "New"},
        format="json",
    )
    body = response.json()
    assert (body["name"], body["slug"], body["category"], body["image"], body["description"]) == (
        "Refined Sunflower Oil",
        "refined-sunflower-oil",
        "DAILY NEEDS",
        "/media/x.svg",
        "New",
    )


def test_admin_sets_and_clears_the_telugu_name(admin, oil):
    detail = oil.details.get(brand="Freedom")
    body = admin.put(f"/api/products/{oil.pk}", {"nameTe": "  పొద్దుతిరుగుడు   నూనె "}, format="json").json()
    assert (body["name"], body["nameTe"]) == ("Sunflower Oil", "పొద్దుతిరుగుడు నూనె")
    # The edit screen sends the field each time; without it (the shop's existing client) it stays.
    edited = admin.put(f"/api/products/{oil.pk}/details/{detail.pk}", {"brand": "Freedom"}, format="json").json()
    assert edited["nameTe"] == "పొద్దుతిరుగుడు నూనె"
    cleared = admin.put(f"/api/products/{oil.pk}/details/{detail.pk}", {"nameTe": ""}, format="json").json()
    assert cleared["nameTe"] == ""
    too_long = admin.put(f"/api/products/{oil.pk}", {"nameTe": "న" * 201}, format="json")
    assert too_long.status_code == 400 and too_long.json()["message"]


def test_admin_delete_product(admin, oil):
    response = admin.delete(f"/api/products/{oil.pk}")
    assert response.json() == {"message": "Product deleted successfully", "deleted": True}
    assert not Product.objects.exists()
    assert admin.delete(f"/api/products/{oil.pk}").status_code == 404


def test_admin_edit_product_details_payload(admin, oil):
    detail = oil.details.get(brand="Freedom")
    payload = {
        "slug": oil.slug,
        "detailId": str(detail.pk),
        "name": "Sunflower Oil",
        "nameTe": "సన్‌ఫ్లవర్ నూనె",
        "category": "OILS",
        "brand": "Freedom Refined",
        "discount": "10",
        "price": "800",
        "quantity": "5",
        "image": "/media/new.svg",
        "manualQuantity": "",
    }
    response = admin.put(f"/api/products/{oil.slug}/details/{detail.pk}", payload, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["nameTe"] == "సన్‌ఫ్లవర్ నూనె"
    brand = next(d for d in response.json()["details"] if d["_id"] == str(detail.pk))
    assert brand["brand"] == "Freedom Refined"
    assert brand["images"][0] == {"image": "/media/new.svg"}
    five = next(f for f in brand["financials"] if f["quantity"] == "5")
    assert (five["price"], five["dprice"], five["Discount"], five["countInStock"]) == (800, 720, 10, 8)


def test_the_edit_screen_sets_the_products_hsn_code_and_gst_rate(admin, oil):
    detail = oil.details.get(brand="Freedom")
    url = f"/api/products/{oil.pk}/details/{detail.pk}"

    body = admin.put(url, {"hsnCode": "1512 11", "gstRate": "5"}, format="json").json()
    assert (body["hsnCode"], body["gstRate"]) == ("151211", 5)

    # Not sent (the spec's own payload) leaves both; a blank code clears it, a blank rate is "not given".
    body = admin.put(url, {"brand": "Freedom"}, format="json").json()
    assert (body["hsnCode"], body["gstRate"]) == ("151211", 5)
    body = admin.put(url, {"hsnCode": "", "gstRate": ""}, format="json").json()
    assert (body["hsnCode"], body["gstRate"]) == ("", 5)


def test_product_update_sets_the_hsn_code_and_gst_rate(admin, oil):
    body = admin.put(f"/api/products/{oil.pk}", {"hsnCode": "1512", "gstRate": 18}, format="json").json()
    assert (body["hsnCode"], body["gstRate"]) == ("1512", 18)
    oil.refresh_from_db()
    assert (oil.hsn_code, oil.gst_rate) == ("1512", 18)


def test_the_edit_screens_untouched_image_and_zero_manual_quantity_mean_not_given(admin, oil):
    detail = oil.details.get(brand="Freedom")
    detail.images = ["/media/brand.svg"]
    detail.save()
    Product.objects.filter(pk=oil.pk).update(image="/media/oil.svg")
    payload = {
        "slug": oil.slug,
        "detailId": detail.pk,
        "name": "Sunflower Oil",
        "category": "OILS",
        "brand": "Freedom",
        "discount": 20,
        "price": 800,
        "quantity": "5",
        "image": "",
        "manualQuantity": 0,
    }

    response = admin.put(f"/api/products/{oil.slug}/details/{detail.pk}", payload, format="json")

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["image"] == "/media/oil.svg"
    assert body["details"][0]["images"] == [{"image": "/media/brand.svg"}]
    five = detail.financials.get(quantity=5)
    assert (five.price, five.dprice, five.discount) == (Decimal("800"), Decimal("640"), 20)


def test_a_blank_image_on_product_edit_keeps_the_image(admin, oil):
    Product.objects.filter(pk=oil.pk).update(image="/media/oil.svg")
    response = admin.put(f"/api/products/{oil.pk}", {"image": ""}, format="json")
    assert (response.status_code, response.json()["image"]) == (200, "/media/oil.svg")


def test_admin_edit_with_manual_quantity_adds_a_pack(admin, oil):
    detail = oil.details.get(brand="Freedom")
    response = admin.put(
        f"/api/products/{oil.pk}/details/{detail.pk}",
        {"quantity": "", "manualQuantity": "15", "price": "2300", "discount": 12},
        format="json",
    )
    assert response.status_code == 200
    pack = detail.financials.get(quantity=15)
    assert (pack.units, pack.price, pack.dprice, pack.discount) == ("L", Decimal("2300"), Decimal("2024"), 12)


@pytest.mark.parametrize(
    ("payload", "status", "message"),
    [
        ({"quantity": "3", "price": "10"}, 400, "Selected quantity details are not available."),
        ({"quantity": "1", "price": "abc"}, 400, "Price must be a number."),
        ({"quantity": "1", "discount": "120"}, 400, "Discount must be a whole number from 0 to 100."),
        ({"brand": "Gold Drop"}, 409, "This product already has the brand 'Gold Drop'."),
        ({"category": "NOWHERE"}, 400, "Category 'NOWHERE' does not exist."),
        ({"detailId": "1234567"}, 400, "detailId does not match the brand in the address."),
        ({"price": {"a": 1}}, 400, "price: Not a valid string."),
        ({"hsnCode": "15A2"}, 400, "HSN code must be 4, 6 or 8 digits."),
        ({"gstRate": "7"}, 400, "GST rate must be one of 0, 5, 12, 18, 28 (per cent)."),
        ({"gstRate": "five"}, 400, "GST rate must be one of 0, 5, 12, 18, 28 (per cent)."),
    ],
)
def test_admin_edit_bad_input_is_a_clear_4xx(admin, oil, payload, status, message):
    detail = oil.details.get(brand="Freedom")
    response = admin.put(f"/api/products/{oil.pk}/details/{detail.pk}", payload, format="json")
    assert (response.status_code, response.json()["message"]) == (status, message)


def test_admin_create_detail_with_a_pack(admin, oil):
    response = admin.post(
        f"/api/products/{oil.pk}/details",
        {
            "brand": "Fortune",
            "images": [{"image": "/f.svg"}],
            "quantity": "1",
            "units": "L",
            "price": "170",
            "dprice": "160",
            "countInStock": 9,
        },
        format="json",
    )
    body = response.json()
    assert response.status_code == 201
    assert (body["brand"], body["images"]) == ("Fortune", [{"image": "/f.svg"}])
    assert body["financials"][0] | {"_id": None} == {
        "_id": None,
        "quantity": "1",
        "units": "L",
        "price": 170,
        "dprice": 160,
        "Discount": 6,
        "countInStock": 9,
        "unitPrice": 160,
        "unitPriceBasis": "L",
    }


def test_admin_create_detail_with_missing_pack_fields_is_a_400(admin, oil):
    response = admin.post(f"/api/products/{oil.pk}/details", {"brand": "Fortune", "price": "10"}, format="json")
    assert (response.status_code, response.json()["message"]) == (400, "quantity: This field is required.")


def test_admin_create_and_get_financial(admin, oil):
    detail = oil.details.get(brand="Freedom")
    url = f"/api/products/{oil.pk}/details/{detail.pk}/financials"
    created = admin.post(
        url, {"quantity": "500", "units": "ml", "price": "90", "discount": "10", "countInStock": 3}, format="json"
    ).json()
    assert created | {"_id": None} == {
        "_id": None,
        "quantity": "500",
        "units": "ml",
        "price": 90,
        "dprice": 81,
        "Discount": 10,
        "countInStock": 3,
        "unitPrice": 16.2,
        "unitPriceBasis": "100 ml",
        "published": False,
        "lowStockThreshold": None,
    }
    got = admin.get(f"{url}/{created['_id']}")
    assert got.json() == created
    assert got["Cache-Control"] == "private, no-store"
    assert admin.post(url, {"quantity": "500", "units": "ml", "price": "1"}, format="json").status_code == 409
    assert (
        admin.post(url, {"quantity": "3", "units": "L", "price": "1", "dprice": "2"}, format="json").status_code == 400
    )


@pytest.mark.parametrize("body", [None, {}])
def test_admin_create_financial_with_no_pack_fields_gives_an_unsellable_sample(admin, oil, body):
    detail = oil.details.get(brand="Freedom")  # has 1 L and 5 L

    response = admin.post(f"/api/products/{oil.pk}/details/{detail.pk}/financials", body, format="json")

    assert response.status_code == 201
    assert response.json() | {"_id": None} == {
        "_id": None,
        "quantity": "2",
        "units": "L",
        "price": 0,
        "dprice": 0,
        "Discount": 0,
        "countInStock": 0,
        "unitPrice": 0,
        "unitPriceBasis": "L",
        "published": False,  # issue 45: a new pack starts hidden from shoppers
        "lowStockThreshold": None,
    }
    edited = admin.put(
        f"/api/products/{oil.pk}/details/{detail.pk}",
        {"quantity": "2", "price": "320", "countInStock": 4},
        format="json",
    )
    assert edited.status_code == 200
    assert detail.financials.get(pk=response.json()["_id"]).count_in_stock == 4


def test_a_new_brands_sample_pack_is_1_kg(admin, oil):
    detail = oil.details.get(brand="Gold Drop")  # no packs
    body = admin.post(f"/api/products/{oil.pk}/details/{detail.pk}/financials").json()
    assert (body["quantity"], body["units"], body["countInStock"]) == ("1", "kg", 0)


def test_pack_paths_must_agree(admin, oil):
    other = make_product("Other")
    detail = oil.details.get(brand="Freedom")
    pack = detail.financials.first()
    assert admin.get(f"/api/products/{other.pk}/details/{detail.pk}/financials/{pack.pk}").status_code == 404
    assert admin.put(f"/api/products/{other.pk}/details/{detail.pk}", {}, format="json").status_code == 404
    assert admin.delete(f"/api/products/{other.pk}/details/{detail.pk}").status_code == 404


# --- Reviews -------------------------------------------------------------------------------------


def test_anonymous_visitor_may_not_review(client_as, oil):
    response = client_as("anonymous").post(f"/api/products/{oil.pk}/reviews", {"rating": 5}, format="json")
    assert response.status_code == 401
    assert not Review.objects.exists()


@pytest.mark.parametrize("role", ["customer", "other_customer", "admin_user"])
def test_signed_in_users_it_was_delivered_to_review_once(request, client_as, oil, role):
    deliver_product(request.getfixturevalue(role), oil)
    client = client_as(role)
    first = client.post(f"/api/products/{oil.slug}/reviews", {"rating": 4, "comment": "Light oil"}, format="json")
    assert (first.status_code, first.json()) == (201, {"message": "Review added"})
    second = client.post(f"/api/products/{oil.slug}/reviews", {"rating": 1}, format="json")
    assert (second.status_code, second.json()) == (409, {"message": "Product already reviewed"})
    oil.refresh_from_db()
    assert (oil.rating, oil.num_reviews) == (Decimal("4.00"), 1)


NOT_DELIVERED = {"message": "You can review a product once an order with it has been delivered to you."}


@pytest.mark.parametrize("role", ["customer", "other_customer", "admin_user"])
def test_nobody_reviews_a_product_never_delivered_to_them(request, client_as, oil, role):
    """Issue 33.9: any customer could rate a product they never bought; staff too."""
    response = client_as(role).post(f"/api/products/{oil.pk}/reviews", {"rating": 1}, format="json")
    assert (response.status_code, response.json()) == (403, {**NOT_DELIVERED, "code": "not_delivered"})
    assert not Review.objects.exists()


@pytest.mark.parametrize("status", ["placed", "packed", "dispatched", "cancelled"])
def test_an_order_not_yet_delivered_or_cancelled_does_not_verify(client_as, customer, oil, status):
    deliver_product(customer, oil, status=status)
    response = client_as("customer").post(f"/api/products/{oil.pk}/reviews", {"rating": 5}, format="json")
    assert response.status_code == 403
    assert not Review.objects.exists()


def test_another_customers_delivery_does_not_verify_mine(client_as, customer, other_customer, oil):
    deliver_product(other_customer, oil)  # the other customer's oil
    deliver_product(customer, make_product(name="Sona Masoori Rice"))  # mine holds another product
    response = client_as("customer").post(f"/api/products/{oil.pk}/reviews", {"rating": 5}, format="json")
    assert response.status_code == 403
    assert (
        client_as("other_customer").post(f"/api/products/{oil.pk}/reviews", {"rating": 5}, format="json").status_code
        == 201
    )


def test_the_refusal_is_in_the_shoppers_language(client_as, oil):
    response = client_as("customer").post(
        f"/api/products/{oil.pk}/reviews", {"rating": 5}, format="json", HTTP_ACCEPT_LANGUAGE="te"
    )
    assert response.status_code == 403
    assert response.json()["message"] != NOT_DELIVERED["message"]


def test_two_customers_each_review(client_as, customer, other_customer, oil):
    deliver_product(customer, oil)
    deliver_product(other_customer, oil)
    client_as("customer").post(f"/api/products/{oil.pk}/reviews", {"rating": 5}, format="json")
    client_as("other_customer").post(f"/api/products/{oil.pk}/reviews", {"rating": 2}, format="json")
    oil.refresh_from_db()
    assert (oil.rating, oil.num_reviews) == (Decimal("3.50"), 2)


@pytest.mark.parametrize("body", [{}, {"rating": 0}, {"rating": 6}, {"rating": "good"}])
def test_bad_review_is_a_400(client_as, oil, body):
    response = client_as("customer").post(f"/api/products/{oil.pk}/reviews", body, format="json")
    assert response.status_code == 400
    assert response.json()["message"].startswith("rating:")


def test_review_of_unknown_product_is_404(client_as):
    response = client_as("customer").post("/api/products/nope/reviews", {"rating": 5}, format="json")
    assert response.status_code == 404
