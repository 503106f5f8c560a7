"""The catalog builds its answers with plain functions (catalog/serializers.py) and describes them by
hand (catalog/schema.py): real answers must match the published schema."""

import pytest
from django.core.management import call_command

from catalog import services
from catalog.tests.factories import make_category, make_product
from conftest import deliver_product
from shop.tests.openapi import assert_documented, published_schema

pytestmark = pytest.mark.django_db


@pytest.fixture
def rice(customer):
    product = make_product(
        "Sona Masoori Rice",
        category=make_category("RICE & PULSES"),
        brands={"India Gate": [("5", "kg", "450", "399.5", 25)], "Daawat": [("1.5", "kg", "160", "160", 0)]},
    )
    deliver_product(customer, product)
    services.review_create(product=product, user=customer, rating=4, comment="Good")
    return product


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("/api/products", "/api/products"),
        ("/api/products?keyword=rice&pageSize=80", "/api/products"),
        ("/api/products/categories", "/api/products/categories"),
        ("/api/products/categories/all/products", "/api/products/categories/{category}/products"),
        ("/api/products/featured", "/api/products/featured"),
        ("/api/products/suggestions?q=ric", "/api/products/suggestions"),
        ("/api/products/suggestions?q=r", "/api/products/suggestions"),
        ("/api/products/top", "/api/products/top"),
        ("/api/products/{slug}", "/api/products/{ref}"),
    ],
)
def test_public_catalog_answers_match_the_schema(api_client, rice, url, path):
    response = api_client.get(url.format(slug=rice.slug))
    assert response.status_code == 200
    assert_documented(response, "GET", path)


def test_the_schema_builds_valid_and_without_warnings(tmp_path):
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))


def test_the_schema_states_the_existing_clients_shapes():
    schema = published_schema()
    paths, components = schema["paths"], schema["components"]["schemas"]

    admin_list = paths["/api/orders"]["get"]["responses"]["200"]
    assert admin_list["content"]["application/json"]["schema"]["type"] == "array"
    assert {"X-Total-Count", "Link"} <= set(admin_list["headers"])
    assert paths["/api/products/top"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]["type"] == (
        "array"
    )
    address = paths["/api/users/address"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert set(components[address["$ref"].rsplit("/", 1)[-1]]["properties"]) == {"deliveryAddress", "location"}
    assert components["Order"]["properties"]["totalPrice"]["type"] == "number"
    assert components["OrderItem"]["properties"]["price"]["type"] == "number"
    assert "ErrorMessage" in components
    pack = paths["/api/products/{ref}/details/{detail_id}/financials/{financial_id}"]["get"]["responses"]["200"]
    assert pack["content"]["application/json"]["schema"]["properties"]["dprice"]["type"] == "number"


def test_the_admin_product_list_matches_the_schema(as_user, admin_user, rice):
    """Found by schemathesis: the schema declared an object for what is a JSON array."""
    response = as_user(admin_user).get("/api/admin/products", {"lowStock": "true"})
    assert response.status_code == 200 and response.json()
    assert_documented(response, "GET", "/api/admin/products")
