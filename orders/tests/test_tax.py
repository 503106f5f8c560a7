"""GST on orders (`orders.tax`): taken out of GST-inclusive prices at placement, CGST + SGST inside
Andhra Pradesh and IGST for Yanam (Puducherry), adding up to the paisa, and frozen with the order."""

from decimal import Decimal

import pytest

from catalog import services as catalog_services
from catalog.models import Category, Detail, Product
from orders.models import Order, OrderItem
from orders.tax import is_interstate, tax_included
from orders.tests.conftest import give_address, line, make_pack, payload

pytestmark = pytest.mark.django_db

AMALAPURAM = {"street": "12 Main Road", "city": "Amalapuram", "postal_code": "533201"}
YANAM = {"street": "3 Beach Road", "city": "Yanam", "postal_code": "533464"}


def rupees(value) -> Decimal:
    """A money number from the JSON answer, exactly as written."""
    return Decimal(str(value))


@pytest.mark.parametrize(
    ("amount", "rate", "interstate", "taxable", "tax"),
    [
        ("105.00", 5, False, "100.00", "5.00"),
        ("105.00", 5, True, "100.00", "5.00"),
        ("118.00", 18, False, "100.00", "18.00"),
        ("99.99", 0, False, "99.99", "0.00"),
        # 10.01 × 5 / 105 = 0.4767: IGST 0.48; within the state 2 × 0.24 so that CGST = SGST.
        ("10.01", 5, True, "9.53", "0.48"),
        ("10.01", 5, False, "9.53", "0.48"),
        # 1.07 × 28 / 128 = 0.2340...: IGST 0.23; within the state 2 × 0.12 = 0.24.
        ("1.07", 28, True, "0.84", "0.23"),
        ("1.07", 28, False, "0.83", "0.24"),
        ("0.00", 18, False, "0.00", "0.00"),
    ],
)
def test_tax_is_taken_out_of_the_inclusive_price_and_the_two_add_up(amount, rate, interstate, taxable, tax):
    result = tax_included(Decimal(amount), rate, interstate=interstate)
    assert (result.taxable_value, result.tax) == (Decimal(taxable), Decimal(tax))
    assert result.taxable_value + result.tax == Decimal(amount)


def test_only_delivery_outside_the_stores_state_is_interstate(settings):
    assert settings.STORE_STATE == "Andhra Pradesh"
    assert is_interstate("Andhra Pradesh") is False
    assert is_interstate("ANDHRA PRADESH") is False
    assert is_interstate("Puducherry") is True
    assert is_interstate("") is True  # an unknown place is never taxed as local


@pytest.fixture
def mixed_packs(db):
    """One pack at every GST rate, at prices whose tax never comes out in whole paise."""
    shelf = Category.objects.create(key="mixed", name="MIXED", sequence=1)
    packs = {}
    for rate, hsn, dprice in (
        (0, "0401", "27.00"),
        (5, "1006", "99.99"),
        (12, "2001", "45.55"),
        (18, "3401", "33.33"),
        (28, "8506", "70.07"),
    ):
        product = Product.objects.create(
            name=f"Item at {rate}", slug=f"item-{rate}", category=shelf, hsn_code=hsn, gst_rate=rate
        )
        detail = Detail.objects.create(product=product, brand="Brand")
        packs[rate] = make_pack(detail, "1", "pcs", "100.00", dprice, 50)
    return packs


def place(as_user, user, lines):
    response = as_user(user).post("/api/orders", payload(lines, user), format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_delivery_in_andhra_pradesh_splits_the_tax_into_equal_cgst_and_sgst(as_user, customer, mixed_packs):
    shopper = give_address(customer, **AMALAPURAM)
    order = place(as_user, shopper, [line(mixed_packs[5], 3), line(mixed_packs[18], 1)])

    gst = order["gst"]
    assert (gst["placeOfSupply"], gst["placeOfSupplyCode"], gst["interstate"]) == ("Andhra Pradesh", "37", False)
    assert (gst["storeGstin"], gst["storeState"], gst["storeStateCode"]) == ("37ABCDE1234F1Z5", "Andhra Pradesh", "37")
    for item in order["orderItems"]:
        assert item["igst"] == 0
        assert item["cgst"] == item["sgst"] and rupees(item["cgst"]) * 2 == rupees(item["tax"])
    rice = order["orderItems"][0]  # 3 × 99.99 = 299.97 at 5 %: 14.2843 tax → 2 × 7.14
    assert (rice["hsnCode"], rice["gstRate"], rice["taxableValue"], rice["cgst"], rice["sgst"]) == (
        "1006",
        5,
        285.69,
        7.14,
        7.14,
    )
    assert gst["totals"]["igst"] == 0 and gst["totals"]["cgst"] == gst["totals"]["sgst"]


def test_delivery_to_yanam_is_an_interstate_supply_taxed_as_igst(as_user, customer, mixed_packs):
    shopper = give_address(customer, **YANAM)
    order = place(as_user, shopper, [line(mixed_packs[5], 3), line(mixed_packs[18], 1)])

    gst = order["gst"]
    assert (gst["placeOfSupply"], gst["placeOfSupplyCode"], gst["interstate"]) == ("Puducherry", "34", True)
    for item in order["orderItems"]:
        assert (item["cgst"], item["sgst"]) == (0, 0) and item["igst"] == item["tax"]
    rice = order["orderItems"][0]  # 299.97 at 5 %: 14.2843 → 14.28 IGST
    assert (rice["taxableValue"], rice["igst"]) == (285.69, 14.28)
    assert (gst["totals"]["cgst"], gst["totals"]["sgst"]) == (0, 0)
    stored = Order.objects.get(public_id=order["_id"])
    assert (stored.place_of_supply, stored.gst_interstate) == ("Puducherry", True)


@pytest.mark.parametrize("address", [AMALAPURAM, YANAM], ids=["cgst-sgst", "igst"])
def test_a_mixed_rate_order_adds_up_to_the_paisa(as_user, customer, mixed_packs, address):
    shopper = give_address(customer, **address)
    quantities = {0: 2, 5: 7, 12: 3, 18: 9, 28: 1}
    order = place(as_user, shopper, [line(mixed_packs[rate], qty) for rate, qty in quantities.items()])
    gst, items = order["gst"], order["orderItems"]

    # Each line: taxable value + tax = what the shopper paid for it; its parts make its tax.
    for item in items:
        assert rupees(item["taxableValue"]) + rupees(item["tax"]) == rupees(item["lineTotal"])
        assert rupees(item["cgst"]) + rupees(item["sgst"]) + rupees(item["igst"]) == rupees(item["tax"])
    # The summary per rate: one row per rate, each the sum of its lines.
    assert [row["rate"] for row in gst["rates"]] == [0, 5, 12, 18, 28]
    for row in gst["rates"]:
        lines = [item for item in items if item["gstRate"] == row["rate"]]
        for key, wire in (("taxableValue", "taxableValue"), ("tax", "tax"), ("cgst", "cgst"), ("igst", "igst")):
            assert rupees(row[key]) == sum(rupees(item[wire]) for item in lines)
        assert rupees(row["total"]) == sum(rupees(item["lineTotal"]) for item in lines)
    assert gst["rates"][0]["tax"] == 0  # the 0 % line carries no tax
    # The whole invoice: the rows add up to the totals, and the totals to what was paid.
    totals = gst["totals"]
    for key in ("taxableValue", "cgst", "sgst", "igst", "tax", "total"):
        assert rupees(totals[key]) == sum(rupees(row[key]) for row in gst["rates"])
    assert rupees(totals["taxableValue"]) + rupees(totals["tax"]) == rupees(totals["total"])
    assert rupees(totals["total"]) == rupees(order["totalPrice"]) == rupees(order["itemsPrice"])
    assert gst["delivery"] is None  # the shop charges no delivery
    assert order["totalInWords"].startswith("Rupees ") and order["totalInWords"].endswith(" Only")


def test_a_rate_changed_after_the_order_leaves_its_invoice_as_it_was(as_user, customer, mixed_packs):
    shopper = give_address(customer, **AMALAPURAM)
    placed = place(as_user, shopper, [line(mixed_packs[5], 2), line(mixed_packs[18], 1)])
    before = as_user(shopper).get(f"/api/orders/{placed['_id']}").json()

    rice = mixed_packs[5].detail.product
    catalog_services.product_update(product=rice, hsn_code="10063010", gst_rate=18)

    after = as_user(shopper).get(f"/api/orders/{placed['_id']}").json()
    assert after["gst"] == before["gst"] == placed["gst"]
    assert after["orderItems"] == before["orderItems"]
    assert (after["orderItems"][0]["hsnCode"], after["orderItems"][0]["gstRate"]) == ("1006", 5)
    # ...while a new order is taxed at the new rate.
    again = place(as_user, shopper, [line(mixed_packs[5], 2)])
    assert (again["orderItems"][0]["hsnCode"], again["orderItems"][0]["gstRate"]) == ("10063010", 18)


def test_an_order_placed_before_gst_was_recorded_still_shows_its_invoice(as_user, customer, admin_user, mixed_packs):
    shopper = give_address(customer, **AMALAPURAM)
    placed = place(as_user, shopper, [line(mixed_packs[5], 2)])
    # As the migration leaves an older order: no tax on its lines, no place of supply.
    OrderItem.objects.filter(order__public_id=placed["_id"]).update(
        hsn_code="", gst_rate=None, taxable_value=None, tax=None
    )
    Order.objects.filter(public_id=placed["_id"]).update(
        place_of_supply="", gst_interstate=None, shipping_gst_rate=None, shipping_taxable_value=None, shipping_tax=None
    )

    for viewer in (shopper, admin_user):
        response = as_user(viewer).get(f"/api/orders/{placed['_id']}")
        assert response.status_code == 200
        order = response.json()
        assert order["gst"] is None
        assert order["totalInWords"] == "Rupees One Hundred Ninety-Nine and Ninety-Eight Paise Only"
        item = order["orderItems"][0]
        assert (item["hsnCode"], item["gstRate"], item["taxableValue"], item["tax"], item["cgst"], item["igst"]) == (
            "",
            None,
            None,
            None,
            None,
            None,
        )
    assert as_user(admin_user).get("/api/orders").status_code == 200
    assert as_user(shopper).get("/api/orders/mine").status_code == 200


def test_manage_check_refuses_a_gstin_of_another_state_or_an_unknown_store_state(settings):
    from orders.checks import gst_settings_check

    assert gst_settings_check(None) == []
    settings.STORE_GST_NUMBER = "36ABCDE1234F1Z5"  # Telangana's
    assert [error.id for error in gst_settings_check(None)] == ["orders.E002"]
    settings.STORE_STATE = "Andhra"
    assert [error.id for error in gst_settings_check(None)] == ["orders.E001"]
