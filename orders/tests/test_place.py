"""Placing an order: priced and stocked by the server; tampering is refused and writes nothing."""

from decimal import Decimal

import pytest
from django.conf import settings

from catalog.models import Financial, Product
from checkout.placement import Address, LineRequest, Totals, order_place
from common.errors import DomainError
from orders.models import DocumentSeries, Order, OrderItem
from orders.series import financial_year
from orders.tests.conftest import give_address, line, payload

pytestmark = pytest.mark.django_db


def written_state():
    """Everything a placement may write: orders, lines, stock, invoice counters."""
    return (
        Order.objects.count(),
        OrderItem.objects.count(),
        dict(Financial.objects.values_list("pk", "count_in_stock")),
        list(DocumentSeries.objects.values_list("key", "fy", "last_number")),
    )


def post(client, body):
    return client.post("/api/orders", body, format="json")


def test_order_is_priced_from_the_database_and_takes_the_stock(as_user, shopper, packs):
    body = payload([line(packs.rice_5kg, 2, price="1.00", dprice="1.00"), line(packs.oil_1l, 3)], shopper)

    response = post(as_user(shopper), body)

    assert response.status_code == 201, response.json()
    order = response.json()
    assert order["itemsPrice"] == 1234.5  # 2 × 399.00 + 3 × 145.50, whatever the lines claimed
    assert order["shippingPrice"] == 0
    assert order["totalPrice"] == 1234.5
    assert order["status"] == "placed" and order["isPaid"] is False and order["orderId"] is None
    assert order["user"] == {"name": "Asha Customer", "phoneNo": "9876500001"}
    assert order["shippingAddress"] == {"street": "12 Main Road", "city": "Amalapuram", "postalCode": "533201"}
    assert order["orderItems"][0] == {
        "_id": str(Order.objects.get(public_id=order["_id"]).items.get(financial=packs.rice_5kg).pk),
        "productId": str(packs.rice_5kg.detail.product_id),
        "brandId": str(packs.rice_5kg.detail_id),
        "financialId": str(packs.rice_5kg.pk),
        "name": "Sona Masoori Rice",
        "nameTe": "",
        "brand": "India Gate",
        "quantity": "5",
        "units": "kg",
        "qty": 2,
        "price": 399,
        "mrp": 450,
        "image": "/media/india-gate-rice.svg",
        "lineTotal": 798,
        "hsnCode": "1006",
        "gstRate": 5,
        "taxableValue": 760,
        "tax": 38,
        "cgst": 19,
        "sgst": 19,
        "igst": 0,
    }
    assert order["orderItems"][1]["lineTotal"] == 436.5
    packs.rice_5kg.refresh_from_db()
    packs.oil_1l.refresh_from_db()
    assert (packs.rice_5kg.count_in_stock, packs.oil_1l.count_in_stock) == (23, 37)


def test_public_id_is_short_random_and_the_invoice_numbers_run_in_sequence(as_user, shopper, packs):
    first = post(as_user(shopper), payload([line(packs.oil_1l)], shopper)).json()
    second = post(as_user(shopper), payload([line(packs.oil_1l)], shopper)).json()

    for order in (first, second):
        assert len(order["_id"]) <= 21 and order["_id"].isalnum()
    assert first["_id"] != second["_id"]
    fy = financial_year(Order.objects.get(public_id=first["_id"]).created_at)
    assert first["invoiceNumber"] == f"SMLR/{fy}/000001"
    assert second["invoiceNumber"] == f"SMLR/{fy}/000002"


def test_the_line_snapshot_survives_catalog_changes(as_user, shopper, packs):
    order_id = post(as_user(shopper), payload([line(packs.rice_5kg, 1)], shopper)).json()["_id"]
    Financial.objects.filter(pk=packs.rice_5kg.pk).update(price=Decimal("500.00"), dprice=Decimal("480.00"))
    packs.rice_5kg.detail.product.__class__.objects.filter(pk=packs.rice_5kg.detail.product_id).update(name="Renamed")

    item = as_user(shopper).get(f"/api/orders/{order_id}").json()["orderItems"][0]

    assert (item["name"], item["price"], item["mrp"]) == ("Sona Masoori Rice", 399, 450)


@pytest.mark.parametrize(
    "overrides",
    [
        {"itemsPrice": "1.00", "totalPrice": "1.00"},
        {"totalPrice": "0.00"},
        {"shippingPrice": "50.00", "totalPrice": "848.00"},
        {"itemsPrice": "797.99", "totalPrice": "797.99"},
    ],
    ids=["lowered", "free", "shipping-added", "a-paisa-off"],
)
def test_totals_that_differ_from_the_server_are_refused_with_the_current_prices(as_user, shopper, packs, overrides):
    before = written_state()
    body = payload([line(packs.rice_5kg, 2)], shopper)
    body.update(overrides)

    response = post(as_user(shopper), body)

    assert response.status_code == 409
    data = response.json()
    assert data["code"] == "price_changed"
    assert data["items"] == [
        {
            "productId": str(packs.rice_5kg.detail.product_id),
            "brandId": str(packs.rice_5kg.detail_id),
            "financialId": str(packs.rice_5kg.pk),
            "name": "Sona Masoori Rice",
            "slug": "sona-masoori-rice",
            "brand": "India Gate",
            "quantity": "5",
            "units": "kg",
            "price": 450,
            "dprice": 399,
            "Discount": 11,
            "countInStock": 25,
            "image": "/media/india-gate-rice.svg",
        }
    ]
    assert written_state() == before


def test_a_price_change_after_the_cart_was_filled_is_a_409_not_a_silent_reprice(as_user, shopper, packs):
    body = payload([line(packs.oil_1l, 2)], shopper)  # 291.00 at today's price
    Financial.objects.filter(pk=packs.oil_1l.pk).update(dprice=Decimal("150.00"))
    before = written_state()

    response = post(as_user(shopper), body)

    assert response.status_code == 409
    assert response.json()["items"][0]["dprice"] == 150
    assert written_state() == before


def test_totals_written_without_paise_are_the_same_amount(as_user, shopper, packs):
    body = payload([line(packs.rice_5kg, 2)], shopper, total="798")
    assert post(as_user(shopper), body).status_code == 201


@pytest.mark.parametrize(
    "tamper",
    [
        lambda packs: line(packs.rice_other_brand, 1, brandId=str(packs.rice_5kg.detail_id)),
        lambda packs: line(packs.oil_1l, 1, productId=str(packs.rice_5kg.detail.product_id)),
        lambda packs: line(packs.rice_5kg, 1, financialId=str(packs.oil_1l.pk)),
        lambda packs: line(packs.rice_5kg, 1, financialId="999999"),
    ],
    ids=["pack-of-another-brand", "brand-of-another-product", "pack-of-another-product", "no-such-pack"],
)
def test_a_pack_that_does_not_belong_to_the_named_brand_and_product_is_refused(as_user, shopper, packs, tamper):
    before = written_state()
    item = tamper(packs)
    body = payload([item], shopper, total="399.00")

    response = post(as_user(shopper), body)

    assert response.status_code == 400
    assert "does not match a pack" in response.json()["message"]
    assert written_state() == before


@pytest.mark.parametrize(
    "qty", [0, 11, -1, 2.5, True, None, [2], 10**30, "2.5", "-1", "abc", "", "11", "0", "²", "9" * 30]
)
def test_pack_count_must_be_a_whole_number_from_1_to_10(as_user, shopper, packs, qty):
    before = written_state()
    body = payload([line(packs.oil_1l, qty)], shopper, total="145.50")

    response = post(as_user(shopper), body)

    assert response.status_code == 400
    assert "whole number from 1 to 10" in response.json()["message"]
    assert written_state() == before


def test_a_pack_count_may_be_a_string_of_digits(as_user, shopper, packs):
    response = post(as_user(shopper), payload([line(packs.oil_1l, "2")], shopper, total="291.00"))
    assert response.status_code == 201
    assert response.json()["orderItems"][0]["qty"] == 2


def test_ten_packs_is_the_most_a_line_may_hold(as_user, shopper, packs):
    assert post(as_user(shopper), payload([line(packs.oil_1l, 10)], shopper)).status_code == 201


def test_the_same_pack_twice_is_refused(as_user, shopper, packs):
    before = written_state()
    body = payload([line(packs.oil_1l, 6), line(packs.oil_1l, 6)], shopper)

    response = post(as_user(shopper), body)

    assert response.status_code == 400
    assert "already in the order" in response.json()["message"]
    assert written_state() == before


def test_another_users_address_is_refused(as_user, shopper, other_shopper, packs):
    before = written_state()
    body = payload([line(packs.oil_1l)], shopper)
    body["shippingAddress"] = {
        "street": other_shopper.street,
        "city": other_shopper.city,
        "postalCode": other_shopper.postal_code,
    }

    response = post(as_user(shopper), body)

    assert response.status_code == 400
    assert response.json()["message"] == "Shipping address must match the address saved in your profile."
    assert written_state() == before


def test_the_saved_address_matches_regardless_of_case_and_spacing(as_user, shopper, packs):
    body = payload([line(packs.oil_1l)], shopper)
    body["shippingAddress"] = {"street": " 12  main road ", "city": "AMALAPURAM", "postalCode": "533201"}

    response = post(as_user(shopper), body)

    assert response.status_code == 201
    assert response.json()["shippingAddress"]["street"] == "12 Main Road"


@pytest.mark.parametrize(
    "address",
    [
        {"street": "", "city": "Amalapuram", "postalCode": "533201"},
        {"street": "12 Main Road", "city": " ", "postalCode": "533201"},
        {"street": "12 Main Road", "city": "Amalapuram"},
        {"street": None, "city": "Amalapuram", "postalCode": "533201"},
    ],
    ids=["no-street", "blank-city", "no-postal-code", "null-street"],
)
def test_an_incomplete_address_is_refused(as_user, shopper, packs, address):
    before = written_state()
    body = payload([line(packs.oil_1l)], shopper, shippingAddress=address)

    response = post(as_user(shopper), body)

    assert response.status_code == 400
    assert response.json()["message"] == "Enter address in account to complete order"
    assert written_state() == before


@pytest.mark.parametrize("street", ["Unknown Street", " unknown street "])
def test_the_current_location_fallback_street_is_refused(as_user, shopper, packs, street):
    give_address(shopper, street=street)
    before = written_state()
    body = payload([line(packs.oil_1l)], shopper)

    response = post(as_user(shopper), body)

    assert response.status_code == 400
    assert response.json()["message"] == "Enter address in account to complete order"
    assert written_state() == before


def test_a_customer_without_a_saved_address_cannot_order(as_user, customer, packs):
    body = payload([line(packs.oil_1l)], customer)
    body["shippingAddress"] = {"street": "12 Main Road", "city": "Amalapuram", "postalCode": "533201"}

    response = post(as_user(customer), body)

    assert response.status_code == 400
    assert response.json()["message"] == "Enter address in account to complete order"


def test_a_postal_code_must_have_six_digits(as_user, shopper, packs):
    give_address(shopper, postal_code="53320")
    response = post(as_user(shopper), payload([line(packs.oil_1l)], shopper))
    assert response.status_code == 400
    assert response.json()["message"] == "Postal code must be 6 digits."


def test_an_address_the_shop_does_not_deliver_to_is_refused_with_the_delivery_message(as_user, shopper, packs):
    give_address(shopper, street="1 MG Road", city="Bengaluru", postal_code="560001")
    before = written_state()

    response = post(as_user(shopper), payload([line(packs.oil_1l)], shopper))

    assert response.status_code == 400
    assert response.json()["message"] == "We only deliver in Andhra Pradesh & Puducherry."
    assert written_state() == before


def test_an_andhra_pincode_outside_the_delivery_towns_is_refused(as_user, shopper, packs):
    give_address(shopper, street="1 Beach Road", city="Visakhapatnam", postal_code="530001")
    response = post(as_user(shopper), payload([line(packs.oil_1l)], shopper))
    assert response.status_code == 400
    assert response.json()["message"] == "Sorry, we do not deliver to this location yet."


@pytest.mark.parametrize("method", ["PayPal", "", "cash or upi", None])
def test_the_payment_method_must_be_one_of_the_two(as_user, shopper, packs, method):
    before = written_state()
    response = post(as_user(shopper), payload([line(packs.oil_1l)], shopper, method=method))
    assert response.status_code == 400
    assert written_state() == before


def test_online_is_accepted_as_a_method(as_user, shopper, packs):
    response = post(as_user(shopper), payload([line(packs.oil_1l)], shopper, method="Online"))
    assert response.status_code == 201
    assert response.json()["paymentMethod"] == "Online"


def test_the_current_clients_cash_upi_label_is_stored_as_the_specs_name(as_user, shopper, packs):
    response = post(as_user(shopper), payload([line(packs.oil_1l)], shopper, method="Cash/UPI"))
    assert response.status_code == 201
    assert response.json()["paymentMethod"] == "Cash Or UPI"
    assert Order.objects.get().payment_method == Order.PaymentMethod.CASH_OR_UPI


def test_an_empty_order_is_refused(as_user, shopper, packs):
    response = post(as_user(shopper), payload([], shopper, total="0.00"))
    assert response.status_code == 400
    assert response.json()["message"] == "Order is empty"


@pytest.mark.parametrize(
    "body",
    [{}, {"orderItems": "all of them"}, [], "text", {"orderItems": [{"productId": "x"}]}],
    ids=["empty-object", "items-not-a-list", "array", "string", "bad-line"],
)
def test_malformed_bodies_are_a_clear_400(as_user, shopper, packs, body):
    response = post(as_user(shopper), body)
    assert response.status_code == 400
    assert response.json()["message"]


def test_money_with_more_than_two_decimals_is_a_400(as_user, shopper, packs):
    body = payload([line(packs.oil_1l)], shopper, total="145.500")
    assert post(as_user(shopper), body).status_code == 400


def test_not_enough_stock_is_a_409_naming_the_short_lines(as_user, shopper, packs):
    before = written_state()
    body = payload([line(packs.rice_1kg, 4), line(packs.oil_1l, 1)], shopper)

    response = post(as_user(shopper), body)

    assert response.status_code == 409
    data = response.json()
    assert data["code"] == "out_of_stock"
    assert "India Gate Sona Masoori Rice 1 kg (only 3 left)" in data["message"]
    assert "Sunflower Oil" not in data["message"]
    assert [(item["financialId"], item["countInStock"]) for item in data["items"]] == [(str(packs.rice_1kg.pk), 3)]
    assert written_state() == before


def test_a_sold_out_pack_is_named_as_out_of_stock(as_user, shopper, packs):
    Financial.objects.filter(pk=packs.rice_1kg.pk).update(count_in_stock=0)
    response = post(as_user(shopper), payload([line(packs.rice_1kg, 1)], shopper))
    assert response.status_code == 409
    assert "India Gate Sona Masoori Rice 1 kg (out of stock)" in response.json()["message"]


def test_the_last_units_can_be_bought(as_user, shopper, packs):
    response = post(as_user(shopper), payload([line(packs.rice_1kg, 3)], shopper))
    assert response.status_code == 201
    packs.rice_1kg.refresh_from_db()
    assert packs.rice_1kg.count_in_stock == 0


def test_the_service_refuses_a_non_integer_pack_count_from_any_caller(shopper, packs):
    with pytest.raises(DomainError) as refused:
        order_place(
            user=shopper,
            items=[
                LineRequest(
                    product_id=packs.oil_1l.detail.product_id,
                    brand_id=packs.oil_1l.detail_id,
                    financial_id=packs.oil_1l.pk,
                    qty=True,
                )
            ],
            shipping_address=Address(street="12 Main Road", city="Amalapuram", postal_code="533201"),
            payment_method="Cash Or UPI",
            client_totals=Totals(Decimal("145.50"), Decimal("0.00"), Decimal("145.50")),
        )
    assert refused.value.status == 400
    assert Order.objects.count() == 0


def test_a_telugu_shopper_reads_the_shortage_in_telugu_with_the_telugu_name(as_user, shopper, packs):
    Product.objects.filter(pk=packs.rice_1kg.detail.product_id).update(name_te="సోనా మసూరి బియ్యం")
    client = as_user(shopper)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    response = post(client, payload([line(packs.rice_1kg, 4)], shopper))
    assert response.status_code == 409
    assert response.json()["message"] == (
        "క్షమించండి, వీటికి సరిపడా స్టాక్ లేదు: India Gate సోనా మసూరి బియ్యం 1 kg (ఇంకా 3 మాత్రమే ఉన్నాయి). దయచేసి మీ కార్ట్‌ను సవరించండి."
    )


def test_each_line_keeps_the_products_telugu_name_as_sold_for_telugu_invoices(as_user, shopper, packs):
    product = packs.rice_5kg.detail.product
    product.name_te = "సోనా మసూరి బియ్యం"
    product.save(update_fields=["name_te"])

    response = post(as_user(shopper), payload([line(packs.rice_5kg, 1)], shopper))

    assert response.status_code == 201, response.json()
    product.name_te = "మారిన పేరు"
    product.save(update_fields=["name_te"])
    shown = as_user(shopper).get(f"/api/orders/{response.json()['_id']}").json()
    assert [(item["name"], item["nameTe"]) for item in shown["orderItems"]] == [("Sona Masoori Rice", "సోనా మసూరి బియ్యం")]
