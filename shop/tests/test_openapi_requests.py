"""The request schemas state the shop's rules (common/openapi.py's JudgedInput), so schemathesis'
stricter checks hold (shop/tests/test_api_fuzz.py): what the existing client sends stays valid, and
what the services refuse is refused by the schema too. Each case below was a finding."""

import jsonschema
import pytest

from shop.tests.openapi import published_schema, request_errors

ORDER = {
    "orderItems": [{"productId": "2", "brandId": "3", "financialId": "4", "name": "Rice", "qty": "2"}],
    "shippingAddress": {"street": "1 Main Rd", "city": "Amalapuram", "postalCode": "533201"},
    "paymentMethod": "Cash Or UPI",
    "itemsPrice": "780.00",
    "shippingPrice": 0,
    "totalPrice": 780,
}


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/api/users/auth", {"phoneNo": "9000000002", "password": "customer12345"}),
        ("POST", "/api/users/otp/send", {"phoneNo": "9000000002", "purpose": "register"}),
        ("POST", "/api/users/otp/verify", {"phoneNo": "9000000002", "code": "123456", "purpose": "reset"}),
        (
            "POST",
            "/api/users",
            {"name": "Asha", "phoneNo": "9876500001", "password": "secret-pass", "verificationToken": "t.k"},
        ),
        (
            "PUT",
            "/api/users/profile",
            {
                "name": "Demo Customer",
                "phoneNo": "9000000002",
                "deliveryAddress": {"street": "12-4 Gandhi Nagar", "city": "Amalapuram", "postalCode": "533201"},
                "location": {"latitude": 16.578, "longitude": 82.006},
                "password": "",
            },
        ),
        ("PUT", "/api/users/profile", {"deliveryAddress": {"street": None, "city": "", "postalCode": ""}}),
        ("PUT", "/api/users/profile", {"location": None, "language": "te"}),
        ("POST", "/api/orders", ORDER),
        ("POST", "/api/orders", {**ORDER, "orderItems": [{"productId": 2, "brandId": 3, "financialId": 4, "qty": 1}]}),
        (
            "POST",
            "/api/products/financials/batch",
            {"items": [{"productId": "2", "detailId": "3", "financialId": "4"}]},
        ),
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": "ORD123", "amount": 780, "cartItems": [{}]}),
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": "ORD123", "amount": 399.5}),
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": "ORD123", "amount": "1234.07"}),
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": " ORD123\u0085"}),
        ("POST", "/api/products/{ref}/details", {"brand": "Daawat", "images": ["/media/a.webp", {"image": "b"}]}),
    ],
)
def test_what_the_existing_client_sends_is_valid(method, path, body):
    assert request_errors(body, method, path) == []


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        # The services refused these with 400 while the schema allowed them (schema-valid request rejected).
        ("POST", "/api/users/auth", {"phoneNo": None, "password": "x"}),
        ("POST", "/api/users/auth", {"phoneNo": "12345", "password": "x"}),
        ("POST", "/api/users/otp/send", {"phoneNo": "9000000002", "purpose": ""}),
        ("POST", "/api/users/otp/verify", {"phoneNo": "9000000002", "code": None, "purpose": "reset"}),
        ("POST", "/api/users", {"phoneNo": "9000000002", "password": "secret-pass", "verificationToken": "t"}),
        ("PUT", "/api/users/profile", {"name": None}),
        ("PUT", "/api/users/profile", {"name": "   "}),
        ("POST", "/api/orders", {**ORDER, "orderItems": []}),
        ("POST", "/api/orders", {**ORDER, "orderItems": [{**ORDER["orderItems"][0], "qty": 0}]}),
        ("POST", "/api/orders", {**ORDER, "shippingAddress": {"street": "", "city": "", "postalCode": ""}}),
        ("POST", "/api/products/financials/batch", {"items": [{"productId": "2", "financialId": "4"}]}),
        ("POST", "/api/products/financials/batch", {"items": [{"productId": "", "brandId": "0", "financialId": 4}]}),
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": ""}),
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": "ORD123", "cartItems": None}),
        ("POST", "/api/products/{ref}/details", {"brand": "Daawat", "images": [{"\u001c": 84}]}),
        # U+0085 is not in ECMAScript's `\s`, but the server trims it: the order id was blank.
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": "\u0085"}),
        ("PUT", "/api/users/profile", {"name": "\x1c \u3000"}),
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": "ORD123", "amount": -5.3e78}),
        ("POST", "/api/payments/initiateJuspayPayment", {"order_id": "ORD123", "amount": "12345678901.5"}),
        ("POST", "/api/orders", {**ORDER, "totalPrice": 10.005}),
        # The server took these though the schema forbade them (schema-violating request accepted).
        ("PUT", "/api/users/profile", {"name": 123}),
        ("PUT", "/api/users/profile", {"location": {"latitude": 0, "longitude": False}}),
    ],
)
def test_what_the_services_refuse_the_schema_refuses(method, path, body):
    assert request_errors(body, method, path)


@pytest.mark.parametrize(
    ("path", "blank"),
    [
        # catalog.serializers.without_blanks drops a value of spaces too.
        ("/api/products", " "),
        ("/api/products/categories/{category}/products", " "),
        ("/api/admin/products", " "),
        # DRF reads an empty value in a query string as "not given" (common.fields.PageNumberField).
        ("/api/users", ""),
        ("/api/orders", ""),
        ("/api/promotions/rewards", ""),
    ],
)
def test_a_blank_page_parameter_is_documented_as_the_default(path, blank):
    """`?pageNumber=&pageSize=` answers the first page, which the schema's integers forbade
    (schema-violating request accepted)."""
    parameters = {p["name"]: p["schema"] for p in published_schema()["paths"][path]["get"]["parameters"]}
    for name in ("pageNumber", "pageSize"):
        validator = jsonschema.Draft4Validator(parameters[name])
        assert validator.is_valid("") and validator.is_valid(blank) and validator.is_valid(2)
        assert not validator.is_valid(0) and not validator.is_valid("abc")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/users", "/api/orders", "/api/promotions/rewards"])
def test_an_empty_page_parameter_is_the_first_page(as_user, admin_user, path):
    response = as_user(admin_user).get(path, {"pageNumber": "", "pageSize": ""})
    assert response.status_code == 200
