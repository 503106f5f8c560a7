"""The shop's existing client (spec sections 1 and 7) against this API: its calls replayed with the
methods, paths, headers and bodies it really sends, and the shapes and types it reads checked.

It sends `Authorization: Bearer undefined` (or `null`) for a guest, does arithmetic on money
(`price.toFixed(2)`), maps over arrays, keeps the pack count as a string, sends the payment label
'Cash/UPI', asks for 80 or 500 rows a page, sends `image: ""` and `manualQuantity: 0` for untouched
edit fields and creates a pack with no body. Each test is one screen of that client.
"""

import json
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from catalog.models import Financial, Product
from catalog.tests.factories import make_category, make_product
from orders.models import Order
from shop.tests.openapi import assert_documented

pytestmark = pytest.mark.django_db

GUEST_HEADERS = ["Bearer undefined", "Bearer null"]
PASSWORD = "secret-pass-1"


def client_with(header: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    return client


def body(response):
    """The JSON the client reads, parsed as a browser would (no Decimal, no str coercion)."""
    return json.loads(response.content)


def assert_money(value):
    """A JSON number with at most two decimals: what `.toFixed(2)` and `+` need."""
    assert isinstance(value, (int, float)) and not isinstance(value, bool), value
    assert round(value, 2) == value, value


def assert_pack(pack: dict):
    for key in ("price", "dprice"):
        assert_money(pack[key])
    assert isinstance(pack["Discount"], int) and isinstance(pack["countInStock"], int)
    assert isinstance(pack["_id"], str)


def assert_product(product: dict):
    assert isinstance(product["_id"], str) and isinstance(product["slug"], str)
    assert isinstance(product["details"], list) and product["details"]
    for detail in product["details"]:
        assert isinstance(detail["images"], list)
        for pack in detail["financials"]:
            assert_pack(pack)


def assert_order(order: dict):
    for key in ("itemsPrice", "shippingPrice", "totalPrice"):
        assert_money(order[key])
    assert isinstance(order["orderItems"], list) and order["orderItems"]
    for item in order["orderItems"]:
        assert_money(item["price"])
        assert isinstance(item["qty"], int)
    assert isinstance(order["user"]["name"], str)
    assert isinstance(order["isPaid"], bool) and isinstance(order["isDelivered"], bool)


@pytest.fixture
def rice():
    return make_product(
        "Sona Masoori Rice",
        category=make_category("RICE & PULSES"),
        brands={"India Gate": [("5", "kg", "450", "399.5", 25), ("10", "kg", "880", "780", 5)]},
    )


@pytest.fixture
def shopper(make_user):
    return make_user("9000000002", PASSWORD, name="Demo Customer")


@pytest.fixture
def admin(make_user):
    return make_user("9000000001", PASSWORD, name="Shop Admin", is_staff=True)


def signed_in(phone_no: str) -> APIClient:
    """Sign in as the client does: the guest's `Bearer undefined` still on the login call."""
    response = client_with("Bearer undefined").post(
        "/api/users/auth", {"phoneNo": phone_no, "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    return client_with(f"Bearer {body(response)['token']}")


# --- guest --------------------------------------------------------------------------------------


@pytest.mark.parametrize("header", GUEST_HEADERS)
def test_a_guest_browses_searches_and_refreshes_the_cart(header, rice):
    guest = client_with(header)

    home = guest.get("/api/products", {"keyword": "", "pageNumber": 1})
    big_page = guest.get("/api/products", {"keyword": "", "pageNumber": 1, "pageSize": 500})
    categories = guest.get("/api/products/categories")
    category = guest.get(f"/api/products/categories/{rice.category.name}/products")
    search = guest.get("/api/products", {"keyword": "rice", "pageNumber": 1, "pageSize": 80})
    product = guest.get(f"/api/products/{rice.slug}")
    top = guest.get("/api/products/top")
    detail = rice.details.get()
    pack = detail.financials.order_by("id").first()
    batch = guest.post(
        "/api/products/financials/batch",
        {"items": [{"productId": str(rice.pk), "detailId": str(detail.pk), "financialId": str(pack.pk)}]},
        format="json",
    )

    for response in (home, big_page, categories, category, search, product, top, batch):
        assert response.status_code == 200, response.content
    for page in (home, big_page, category, search):
        assert isinstance(body(page)["products"], list)
        assert isinstance(body(page)["page"], int) and isinstance(body(page)["pages"], int)
        for listed in body(page)["products"]:
            assert_product(listed)
    for response, path in [
        (home, "/api/products"),
        (big_page, "/api/products"),
        (categories, "/api/products/categories"),
        (category, "/api/products/categories/{category}/products"),
        (search, "/api/products"),
        (product, "/api/products/{ref}"),
        (top, "/api/products/top"),
    ]:
        assert_documented(response, "GET", path)
    assert_documented(batch, "POST", "/api/products/financials/batch")
    assert body(categories)["categories"] == ["RICE & PULSES"]
    assert_product(body(product))
    assert isinstance(body(product)["reviews"], list)
    assert isinstance(body(top), list) and [found["slug"] for found in body(top)] == [rice.slug]
    five_kg = body(product)["details"][0]["financials"][0]
    assert (five_kg["price"], five_kg["dprice"], five_kg["Discount"]) == (450, 399.5, 11)
    [record] = body(batch)["items"]
    assert_pack(record | {"_id": record["financialId"]})
    assert record["brandId"] == str(detail.pk)


def test_a_guest_gets_a_quick_404_from_the_old_realtime_path(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        polled = client.get("/socket.io/", {"EIO": "4", "transport": "polling", "t": "PxYz1"})
        posted = client.post("/socket.io/?EIO=4&transport=polling&sid=abc", "40", content_type="text/plain")
    assert (polled.status_code, posted.status_code) == (404, 404)
    assert polled["Content-Type"] == "application/json"
    assert client.get("/socket.io").status_code == 404


# --- customer -----------------------------------------------------------------------------------


def test_a_customer_saves_an_address_checks_out_with_cash_upi_and_reads_the_order(shopper, rice):
    customer = signed_in(shopper.phone_no)
    address = {"street": "12-4 Gandhi Nagar", "city": "Amalapuram", "postalCode": "533201"}

    before = customer.get("/api/users/address")
    profile = customer.put(
        "/api/users/profile",
        {
            "name": "Demo Customer",
            "phoneNo": shopper.phone_no,
            "deliveryAddress": address,
            "location": {"latitude": 16.578, "longitude": 82.006},
            "password": "",
        },
        format="json",
    )
    shipping = customer.get("/api/users/address")

    assert body(before) == {
        "deliveryAddress": {"street": None, "city": None, "postalCode": None},
        "location": {"latitude": None, "longitude": None},
    }
    assert profile.status_code == 200
    assert body(shipping) == {"deliveryAddress": address, "location": {"latitude": 16.578, "longitude": 82.006}}
    for response in (before, shipping):
        assert_documented(response, "GET", "/api/users/address")

    detail = rice.details.get()
    five_kg = detail.financials.get(quantity=5)
    placed = customer.post(
        "/api/orders",
        {
            "orderItems": [
                {
                    "productId": str(rice.pk),
                    "brandId": str(detail.pk),
                    "financialId": str(five_kg.pk),
                    "name": "Sona Masoori Rice",
                    "brand": "India Gate",
                    "quantity": "5",
                    "units": "kg",
                    "price": 450,
                    "dprice": 399.5,
                    "Discount": 11,
                    "qty": "2",
                    "countInStock": 10,
                }
            ],
            "shippingAddress": address,
            "paymentMethod": "Cash/UPI",
            "itemsPrice": "799.00",
            "shippingPrice": "0.00",
            "totalPrice": "799.00",
        },
        format="json",
    )

    assert placed.status_code == 201, placed.content
    order = body(placed)
    assert_documented(placed, "POST", "/api/orders")
    assert_order(order)
    assert (order["paymentMethod"], order["totalPrice"], order["orderItems"][0]["qty"]) == ("Cash Or UPI", 799, 2)
    assert Order.objects.get().payment_method == "Cash Or UPI"
    assert Financial.objects.get(pk=five_kg.pk).count_in_stock == 23

    mine = customer.get("/api/orders/mine")
    one = customer.get(f"/api/orders/{order['_id']}")
    assert isinstance(body(mine), list) and [row["_id"] for row in body(mine)] == [order["_id"]]
    assert_order(body(mine)[0])
    assert_order(body(one))
    assert_documented(mine, "GET", "/api/orders/mine")
    assert_documented(one, "GET", "/api/orders/{public_id}")


def test_a_customer_sending_numbers_for_the_totals_is_priced_the_same(shopper, rice):
    shopper.street, shopper.city, shopper.postal_code = "1 Main Rd", "Amalapuram", "533201"
    shopper.save()
    detail = rice.details.get()
    ten_kg = detail.financials.get(quantity=10)
    placed = signed_in(shopper.phone_no).post(
        "/api/orders",
        {
            "orderItems": [
                {"productId": rice.pk, "brandId": detail.pk, "financialId": ten_kg.pk, "qty": 1},
            ],
            "shippingAddress": {"street": "1 Main Rd", "city": "Amalapuram", "postalCode": "533201"},
            "paymentMethod": "Cash Or UPI",
            "itemsPrice": 780,
            "shippingPrice": 0,
            "totalPrice": 780,
        },
        format="json",
    )
    assert placed.status_code == 201, placed.content
    assert body(placed)["totalPrice"] == 780


# --- admin --------------------------------------------------------------------------------------


def test_an_admin_lists_every_order_as_an_array_with_the_customers_name(admin, shopper, rice):
    shopper.street, shopper.city, shopper.postal_code = "1 Main Rd", "Amalapuram", "533201"
    shopper.save()
    customer = signed_in(shopper.phone_no)
    detail = rice.details.get()
    pack = detail.financials.get(quantity=5)
    for _ in range(3):
        customer.post(
            "/api/orders",
            {
                "orderItems": [{"productId": rice.pk, "brandId": detail.pk, "financialId": pack.pk, "qty": 1}],
                "shippingAddress": {"street": "1 Main Rd", "city": "Amalapuram", "postalCode": "533201"},
                "paymentMethod": "Cash/UPI",
                "itemsPrice": 399.5,
                "shippingPrice": 0,
                "totalPrice": 399.5,
            },
            format="json",
        )
    staff = signed_in(admin.phone_no)

    everything = staff.get("/api/orders")
    paged = staff.get("/api/orders", {"pageNumber": 2, "pageSize": 2})
    users = staff.get("/api/users")

    orders = body(everything)
    assert_documented(everything, "GET", "/api/orders")
    assert_documented(users, "GET", "/api/users")
    assert isinstance(orders, list) and len(orders) == 3
    assert [row["_id"] for row in orders] == list(
        Order.objects.order_by("-created_at", "-id").values_list("public_id", flat=True)
    )
    for order in orders:
        assert_order(order)
        assert order["user"]["name"] == "Demo Customer"
    assert everything["X-Total-Count"] == "3"
    assert len(body(paged)) == 1 and 'rel="prev"' in paged["Link"] and 'rel="next"' not in paged["Link"]
    assert isinstance(body(users), list)


def test_an_admin_creates_a_product_brand_and_pack_then_saves_the_edit_screen(admin):
    staff = signed_in(admin.phone_no)

    created = staff.post("/api/products")
    product = body(created)
    brand = staff.post(f"/api/products/{product['_id']}/details")
    detail_id = body(brand)["_id"]
    pack = staff.post(f"/api/products/{product['_id']}/details/{detail_id}/financials")
    image_before = Product.objects.get(pk=product["_id"]).image
    edited = staff.put(
        f"/api/products/{product['_id']}/details/{detail_id}",
        {
            "slug": product["slug"],
            "detailId": detail_id,
            "name": "Toor Dal",
            "category": product["category"],
            "brand": "Tata Sampann",
            "discount": 10,
            "price": 180,
            "quantity": body(pack)["quantity"],
            "image": "",
            "manualQuantity": 0,
        },
        format="json",
    )
    fetched = staff.get(f"/api/products/{product['_id']}/details/{detail_id}/financials/{body(pack)['_id']}")

    assert (created.status_code, brand.status_code, pack.status_code) == (201, 201, 201)
    assert_documented(created, "POST", "/api/products")
    assert_documented(brand, "POST", "/api/products/{ref}/details")
    assert_documented(pack, "POST", "/api/products/{ref}/details/{detail_id}/financials")
    assert_documented(edited, "PUT", "/api/products/{ref}/details/{detail_id}")
    assert_documented(fetched, "GET", "/api/products/{ref}/details/{detail_id}/financials/{financial_id}")
    assert_product(product)
    assert_pack(body(pack))
    # The new brand came with a 1 kg sample pack, so the next sample is 2 kg.
    assert (body(pack)["quantity"], body(pack)["units"], body(pack)["countInStock"], body(pack)["price"]) == (
        "2",
        "kg",
        0,
        0,
    )
    assert edited.status_code == 200, edited.content
    assert body(edited)["name"] == "Toor Dal" and body(edited)["image"] == image_before
    assert_product(body(edited))
    assert_pack(body(fetched))
    assert (body(fetched)["price"], body(fetched)["dprice"], body(fetched)["Discount"]) == (180, 162, 10)
    assert Financial.objects.get(pk=body(pack)["_id"]).dprice == Decimal("162.00")
