"""The day's sheets of a delivery window (`backoffice.picking`, issue 27): the pick list summed by pack
in shelf order, the packing slips and the delivery sheet in route order, and their admin API."""

from datetime import date, time
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from aftersale.cancellation import order_cancel
from backoffice import picking
from catalog.models import Category
from delivery.models import DeliveryWindow, Slot
from orders.models import SlotBooking
from orders.pipeline import order_advance
from orders.services import order_record_cash_payment
from orders.tests.conftest import give_address, windows_but_on

pytestmark = pytest.mark.django_db

FRIDAY = date(2026, 11, 27)


@pytest.fixture
def window(db) -> DeliveryWindow:
    windows_but_on(FRIDAY)  # where placement books at the real time, until book() moves the order
    return DeliveryWindow.objects.create(weekday=FRIDAY.weekday(), start=time(7), end=time(10), capacity=50)


def book(order, window: DeliveryWindow, day: date = FRIDAY):
    """Put `order` in the window's slot on `day`, instead of the slot placement chose at the real time."""
    SlotBooking.objects.filter(order=order).delete()
    slot, _ = Slot.objects.get_or_create(window=window, date=day)
    SlotBooking.objects.create(order=order, slot=slot, date=day, start=window.start, end=window.end)
    Slot.objects.filter(pk=slot.pk).update(booked=slot.booked + 1)
    return order


@pytest.fixture
def day_orders(packs, make_user, place_order, admin_user):
    """Orders of one morning; each test books them."""

    def shopper(phone: str, name: str, **address):
        return give_address(make_user(phone, name=name), **address)

    asha = shopper("9876500011", "Asha", street="4 Temple Street", city="Kakinada", postal_code="533001")
    ravi = shopper("9876500012", "Ravi", street="9 Canal Road", city="Amalapuram", postal_code="533201")
    sita = shopper("9876500013", "Sita", street="1 Bazaar Road", city="Amalapuram", postal_code="533201")
    yanam = shopper("9876500014", "Gopi", street="2 Beach Road", city="Yanam", postal_code="533464")
    orders = {
        "asha": place_order(asha, (packs.rice_5kg, 2), (packs.oil_1l, 1)),
        "ravi": place_order(ravi, (packs.rice_5kg, 1), (packs.rice_1kg, 3)),
        "sita": place_order(sita, (packs.oil_1l, 4), method="Online"),
        "gopi": place_order(yanam, (packs.rice_other_brand, 1)),
    }
    SlotBooking.objects.all().delete()  # the slots placement chose at the real time
    Slot.objects.all().delete()
    return orders


def test_the_pick_list_sums_each_pack_over_the_live_orders_by_category_in_shelf_order(
    packs, window, day_orders, admin_user, make_user, place_order
):
    for order in day_orders.values():
        book(order, window)
    # Oils' shelves come first in the store's walk.
    Category.objects.filter(name="OILS").update(shelf_order=1)
    Category.objects.filter(name="RICE & PULSES").update(shelf_order=2)
    # Not on the list: a cancelled order, one already dispatched, and one of another day.
    cancelled = book(place_order(give_address(make_user()), (packs.oil_1l, 7)), window)
    order_cancel(order=cancelled, reason="Changed my mind", by=admin_user)
    sent = book(place_order(give_address(make_user()), (packs.oil_1l, 5)), window)
    for status in ("packed", "dispatched"):
        order_advance(order=sent, to_status=status, by=admin_user)
    book(place_order(give_address(make_user()), (packs.oil_1l, 6)), window, date(2026, 12, 4))
    order_advance(order=day_orders["asha"], to_status="packed", by=admin_user)  # packed is still to send

    sheet = picking.pick_list(window, FRIDAY)

    assert sheet.orders == 4 and sheet.packs == 12
    assert [category.name for category in sheet.categories] == ["OILS", "RICE & PULSES"]
    oils, rice = sheet.categories
    assert [(line.brand, line.pack, line.packs, line.orders) for line in oils.lines] == [("Fortune", "1 L", 5, 2)]
    assert [(line.brand, line.pack, line.packs, line.orders) for line in rice.lines] == [
        ("Daawat", "5 kg", 1, 1),
        ("India Gate", "1 kg", 3, 1),
        ("India Gate", "5 kg", 3, 2),
    ]
    assert rice.packs == 7 and rice.lines[2].financial_id == packs.rice_5kg.pk
    assert sheet.slot == "Fri 27 Nov, 7:00–10:00"


def test_the_delivery_sheet_goes_in_route_order_with_phones_and_what_to_collect(
    window, day_orders, admin_user, settings
):
    settings.DELIVERY_PINCODES = {"533201": "Amalapuram", "533464": "Yanam", "533001": "Kakinada"}
    for order in day_orders.values():
        book(order, window)
    order_record_cash_payment(order=day_orders["gopi"], by=admin_user)

    sheet = picking.delivery_sheet(window, FRIDAY)

    # The pincodes in the order DELIVERY_PINCODES lists them; inside Amalapuram by street.
    stops = [(stop.number, stop.order.user.name, stop.payment_state, stop.to_collect) for stop in sheet.stops]
    assert stops == [
        (1, "Sita", picking.ONLINE_UNPAID, Decimal("582.00")),
        (2, "Ravi", picking.CASH_DUE, Decimal("669.00")),
        (3, "Gopi", picking.PAID, Decimal("0.00")),
        (4, "Asha", picking.CASH_DUE, Decimal("943.50")),
    ]
    assert sheet.to_collect == Decimal("2194.50")


def test_the_delivery_sheet_keeps_dispatched_orders_until_they_are_delivered(window, day_orders, admin_user):
    for order in day_orders.values():
        book(order, window)
    before = picking.delivery_sheet(window, FRIDAY)
    assert len(before.stops) == 4 and before.to_collect == Decimal("2614.50")

    # The rider leaves with three cash orders: they are what he carries, with their cash to collect.
    for name in ("asha", "ravi", "gopi"):
        for status in ("packed", "dispatched"):
            order_advance(order=day_orders[name], to_status=status, by=admin_user)
    on_the_road = picking.delivery_sheet(window, FRIDAY)
    assert len(on_the_road.stops) == 4 and on_the_road.to_collect == Decimal("2614.50")
    # The packing slips are for what is still to pack or send: the dispatched orders are off them.
    assert [stop.order.user.name for stop in picking.packing_slips(window, FRIDAY).stops] == ["Sita"]

    order_advance(order=day_orders["asha"], to_status="delivered", by=admin_user)
    delivered = picking.delivery_sheet(window, FRIDAY)
    assert [stop.number for stop in delivered.stops] == [1, 2, 3]
    assert "Asha" not in [stop.order.user.name for stop in delivered.stops]
    assert delivered.to_collect == Decimal("2614.50") - Decimal("943.50")


def test_a_pincode_off_the_route_comes_last_and_localities_group_inside_a_pincode(window, day_orders, settings):
    settings.DELIVERY_PINCODES = {"533464": "Yanam"}
    for order in day_orders.values():
        book(order, window)

    sheet = picking.delivery_sheet(window, FRIDAY)

    assert [stop.order.user.name for stop in sheet.stops] == ["Gopi", "Asha", "Sita", "Ravi"]


def test_packing_slips_are_one_per_live_order_with_its_lines(window, day_orders, admin_user):
    for order in day_orders.values():
        book(order, window)
    order_cancel(order=day_orders["ravi"], reason="Out of town", by=admin_user)

    slips = picking.packing_slips(window, FRIDAY)

    assert sorted(stop.order.user.name for stop in slips.stops) == ["Asha", "Gopi", "Sita"]
    asha = next(stop for stop in slips.stops if stop.order.user.name == "Asha")
    assert [(item.brand, item.qty) for item in asha.order.items.all()] == [("India Gate", 2), ("Fortune", 1)]


def _queries(call) -> int:
    with CaptureQueriesContext(connection) as queries:
        call()
    return len(queries)


@pytest.mark.parametrize("url", ["/api/orders/picklist", "/api/orders/packing-slips", "/api/orders/delivery-sheet"])
def test_each_sheet_costs_the_same_queries_for_one_order_or_many(
    url, as_user, admin_user, packs, window, make_user, place_order, day_orders
):
    client = as_user(admin_user)
    query = {"window": window.pk, "date": "2026-11-27"}
    book(day_orders["asha"], window)
    one = _queries(lambda: client.get(url, query))
    for order in list(day_orders.values())[1:]:
        book(order, window)
    for _ in range(4):
        book(place_order(give_address(make_user()), (packs.rice_5kg, 1), (packs.oil_1l, 2)), window)

    assert _queries(lambda: client.get(url, query)) == one
    assert client.get(url, query).json()[{"/api/orders/picklist": "orders"}.get(url, "count")] == 8


# --- API ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/api/orders/picklist", "/api/orders/packing-slips", "/api/orders/delivery-sheet"])
def test_the_sheets_are_for_admins_only_and_refuse_a_bad_query_with_a_message(
    as_user, admin_user, customer, window, url
):
    query = {"window": str(window.pk), "date": "2026-11-27"}
    assert as_user(None).get(url, query).status_code == 401
    assert as_user(customer).get(url, query).status_code == 403
    client = as_user(admin_user)
    assert client.get(url, query).status_code == 200
    for bad, status in [
        ({"window": str(window.pk)}, 400),
        ({"window": str(window.pk), "date": "27/11/2026"}, 400),
        ({"window": "abc", "date": "2026-11-27"}, 400),
        ({"window": str(window.pk + 1000), "date": "2026-11-27"}, 404),
    ]:
        answer = client.get(url, bad)
        assert answer.status_code == status, bad
        assert answer.json()["message"]


def test_the_delivery_sheet_answer(as_user, admin_user, window, day_orders):
    book(day_orders["asha"], window)

    answer = as_user(admin_user).get("/api/orders/delivery-sheet", {"window": window.pk, "date": "2026-11-27"}).json()

    assert answer["count"] == 1 and answer["toCollect"] == 943.5 and answer["slot"] == "Fri 27 Nov, 7:00–10:00"
    [stop] = answer["stops"]
    assert {key: stop[key] for key in ("number", "customer", "phoneNo", "city", "paymentState", "toCollect")} == {
        "number": 1,
        "customer": "Asha",
        "phoneNo": "9876500011",
        "city": "Kakinada",
        "paymentState": "cash_due",
        "toCollect": 943.5,
    }


def test_the_pick_list_and_slips_answers(as_user, admin_user, window, day_orders):
    book(day_orders["asha"], window)
    client = as_user(admin_user)
    query = {"window": window.pk, "date": "2026-11-27"}

    picks = client.get("/api/orders/picklist", query).json()
    slips = client.get("/api/orders/packing-slips", query).json()

    assert picks["orders"] == 1 and picks["packs"] == 3
    assert [line["pack"] for category in picks["categories"] for line in category["lines"]] == ["1 L", "5 kg"]
    [slip] = slips["slips"]
    assert slip["packs"] == 3 and [line["qty"] for line in slip["lines"]] == [2, 1]


@pytest.mark.parametrize("url", ["/api/orders/picklist", "/api/orders/packing-slips", "/api/orders/delivery-sheet"])
def test_the_answers_match_the_published_schema(as_user, admin_user, window, day_orders, url):
    from shop.tests.openapi import assert_documented

    for order in day_orders.values():
        book(order, window)
    response = as_user(admin_user).get(url, {"window": window.pk, "date": "2026-11-27"})
    assert response.status_code == 200
    assert_documented(response, "GET", url)
