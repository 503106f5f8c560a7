"""The staff's live board (issue 27): the change cursor, `GET /api/orders/board` (filters and the
catch-up) and `POST /api/orders/bulk-move`."""

from datetime import time, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from aftersale.cancellation import order_cancel
from aftersale.packing import order_line_set_qty
from backoffice import board
from conftest import client_for
from delivery.models import DeliveryWindow, Slot
from orders import changes
from orders.models import Order, OrderChange, SlotBooking
from orders.pipeline import order_advance
from orders.services import order_record_cash_payment
from orders.tests.test_cancel_money import pay_online
from payments.models import Payment
from support.services import ReportedLine, ticket_open_problem_report, ticket_reject

pytestmark = pytest.mark.django_db

BOARD = "/api/orders/board"
BULK = "/api/orders/bulk-move"


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """committed(call, ...) → call's result, with its after-commit work (the stamp) done."""

    def run(call, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(*args, **kwargs)

    return run


@pytest.fixture
def admin(admin_user):
    return client_for(admin_user)


def catch_up(admin, since, **query) -> dict:
    answer = admin.get(BOARD, {"since": since, **query})
    assert answer.status_code == 200, answer.content
    return answer.json()


def test_every_kind_of_change_moves_the_cursor(admin, admin_user, shopper, packs, place_order, committed):
    start = int(admin.get(BOARD).json()["cursor"])
    order = committed(place_order, shopper, (packs.oil_1l, 2), (packs.rice_5kg, 1))
    placed = catch_up(admin, start)
    assert placed["changed"] == placed["new"] == [order.public_id]
    assert [row["_id"] for row in placed["orders"]] == [order.public_id]
    cursor = int(placed["cursor"])
    assert cursor > start

    oil = order.items.get(financial=packs.oil_1l)
    steps = [
        ("packing change", lambda: order_line_set_qty(order=order, item=oil, qty=1, by=admin_user, reason="Short")),
        ("payment", lambda: order_record_cash_payment(order=order, by=admin_user)),
        ("packed", lambda: order_advance(order=order, to_status="packed", by=admin_user)),
        ("dispatched", lambda: order_advance(order=order, to_status="dispatched", by=admin_user)),
        ("delivered", lambda: order_advance(order=order, to_status="delivered", by=admin_user)),
        (
            "ticket opened",
            lambda: ticket_open_problem_report(
                user=shopper,
                public_id=order.public_id,
                lines=[ReportedLine(item_id=oil.pk, problem="damaged", quantity=1)],
            ),
        ),
        (
            "ticket closed",
            lambda: ticket_reject(number=order.tickets.get().number, by=admin_user, reason="Photo shows it whole"),
        ),
    ]
    for name, step in steps:
        committed(step)
        answer = catch_up(admin, cursor)
        assert answer["changed"] == [order.public_id], name
        assert answer["new"] == [], name  # a change, not a new order
        assert int(answer["cursor"]) > cursor, name
        cursor = int(answer["cursor"])
        if name == "ticket opened":
            assert answer["orders"][0]["problem"] is True
        if name == "ticket closed":
            assert answer["orders"][0]["problem"] is False
    assert catch_up(admin, cursor) == {"cursor": str(cursor), "more": False, "orders": [], "changed": [], "new": []}


def test_a_cancellation_moves_the_cursor_once(admin, admin_user, shopper, place_order, committed):
    order = committed(place_order, shopper)
    cursor = int(admin.get(BOARD).json()["cursor"])
    committed(order_cancel, order=order, reason="Asked by phone", by=admin_user)
    answer = catch_up(admin, cursor)
    assert answer["changed"] == [order.public_id]
    assert int(answer["cursor"]) == cursor + 1  # stock, slot, money back and the move: one change


def test_a_rolled_back_change_hands_out_no_cursor(admin, admin_user, shopper, place_order, committed):
    order = committed(place_order, shopper)
    order_advance(order=order, to_status="packed", by=admin_user)  # never committed: hooks not run
    cursor = changes.current_cursor()
    assert catch_up(admin, cursor)["changed"] == []


def test_a_catch_up_drops_rows_that_no_longer_fit_the_filter(admin, admin_user, shopper, place_order, committed):
    order = committed(place_order, shopper)
    cursor = int(admin.get(BOARD, {"status": "placed"}).json()["cursor"])
    committed(order_advance, order=order, to_status="packed", by=admin_user)
    answer = catch_up(admin, cursor, status="placed")
    assert answer["orders"] == []
    assert answer["changed"] == [order.public_id]  # the board removes its row


def test_a_long_catch_up_comes_in_parts(admin, shopper, place_order, committed, monkeypatch):
    monkeypatch.setattr(board, "CHANGES_MAX", 2)
    start = changes.current_cursor()
    placed = [committed(place_order, shopper).public_id for _ in range(3)]
    first = catch_up(admin, start)
    assert first["more"] is True and first["changed"] == placed[:2]
    second = catch_up(admin, first["cursor"])
    assert second["more"] is False and second["changed"] == placed[2:]


def test_the_board_row(admin, shopper, place_order, committed):
    order = committed(place_order, shopper, method="Online")
    row = admin.get(BOARD).json()["orders"][0]
    assert row["_id"] == order.public_id
    assert row["invoiceNumber"] == order.invoice_number
    assert row["createdAt"] and row["status"] == "placed"
    assert row["paymentState"] == "Online, not paid yet"
    assert row["substitutionPreference"] == "call" and row["substitutionPreferenceLabel"] == "Call me"
    assert row["user"] == {"name": shopper.name, "phoneNo": shopper.phone_no}
    assert row["allowedMoves"] == ["packed", "cancelled"]
    assert row["problem"] is False and row["deliverySlot"] is None
    assert "orderItems" not in row and "gst" not in row


def test_the_board_in_telugu_names_the_payment_state(admin, shopper, place_order, committed):
    committed(place_order, shopper)
    row = admin.get(BOARD, HTTP_ACCEPT_LANGUAGE="te").json()["orders"][0]
    assert row["paymentState"] != "Cash/UPI to collect"


def test_filters_and_search(admin, admin_user, shopper, other_shopper, place_order, committed):
    mine = committed(place_order, shopper)
    theirs = committed(place_order, other_shopper)
    committed(order_advance, order=theirs, to_status="packed", by=admin_user)

    def ids(**query):
        answer = admin.get(BOARD, query)
        assert answer.status_code == 200, answer.content
        return [row["_id"] for row in answer.json()["orders"]]

    assert ids() == [theirs.public_id, mine.public_id]
    assert ids(status="placed") == [mine.public_id]
    assert ids(status="packed") == [theirs.public_id]
    assert ids(status="problem") == []
    assert ids(q=mine.invoice_number) == [mine.public_id]
    assert ids(q=mine.invoice_number.lower()) == [mine.public_id]
    assert ids(q=f"+91 {other_shopper.phone_no}") == [theirs.public_id]
    assert ids(q=shopper.phone_no[-4:]) == [mine.public_id]
    assert ids(q=other_shopper.name.split()[0].upper()) == [theirs.public_id]
    assert ids(q="nobody at all") == []
    assert ids(date="2001-01-01") == []


def test_the_board_finds_an_order_by_its_payment_references(admin, shopper, other_shopper, place_order, committed):
    paid = committed(place_order, shopper, method="Online")
    payment = pay_online(paid)
    Payment.objects.filter(pk=payment.pk).update(gateway_reference="GW-7781-XY")
    committed(place_order, other_shopper, method="Online")

    def ids(q):
        return [row["_id"] for row in admin.get(BOARD, {"q": q}).json()["orders"]]

    # Our id handed to the gateway, the gateway's own id, and the order's payment reference.
    assert ids(payment.gateway_order_id) == [paid.public_id]
    assert ids("gw-7781-xy") == [paid.public_id]
    Order.objects.filter(pk=paid.pk).update(payment_reference="ORD-55-PAY")
    assert ids("ord-55-pay") == [paid.public_id]


def test_the_board_never_says_paid_on_a_cancelled_or_refunded_order(
    admin, admin_user, shopper, other_shopper, packs, place_order, committed
):
    cash = committed(place_order, shopper, (packs.oil_1l, 2))  # 291
    committed(order_record_cash_payment, order=cash, by=admin_user)
    committed(order_cancel, order=cash, reason="Out of town", by=admin_user)
    online = committed(place_order, other_shopper, (packs.rice_5kg, 1), method="Online")  # 399
    pay_online(online)
    committed(order_cancel, order=online, reason="Changed my mind", by=admin_user)
    unpaid = committed(place_order, shopper, (packs.oil_1l, 1))
    committed(order_cancel, order=unpaid, reason="Duplicate", by=admin_user)
    short = committed(place_order, other_shopper, (packs.oil_1l, 2), method="Online")
    pay_online(short)
    oil = short.items.get(financial=packs.oil_1l)
    committed(order_line_set_qty, order=short, item=oil, qty=1, by=admin_user, reason="Short")

    states = {row["_id"]: row["paymentState"] for row in admin.get(BOARD).json()["orders"]}

    assert states[cash.public_id] == "Cancelled, ₹291.00 refunded"
    assert states[online.public_id] == "Cancelled, ₹399.00 refunded"
    assert states[unpaid.public_id] == "Cancelled, nothing paid"
    assert states[short.public_id] == "Paid, ₹145.50 refunded"


def test_yesterdays_orders_still_in_the_shop_are_late(
    admin, admin_user, shopper, other_shopper, place_order, committed
):
    yesterday = timezone.localdate() - timedelta(days=1)
    unpacked = committed(place_order, shopper)
    packed = committed(place_order, shopper)
    committed(order_advance, order=packed, to_status="packed", by=admin_user)
    sent = committed(place_order, other_shopper)
    for status in ("packed", "dispatched"):
        committed(order_advance, order=sent, to_status=status, by=admin_user)
    today = committed(place_order, other_shopper)
    window = DeliveryWindow.objects.create(weekday=yesterday.weekday(), start=time(7), end=time(10), capacity=50)
    slot = Slot.objects.create(window=window, date=yesterday)
    for order in (unpacked, packed, sent):
        SlotBooking.objects.filter(order=order).delete()
        SlotBooking.objects.create(order=order, slot=slot, date=yesterday, start=time(7), end=time(10))

    late = {row["_id"]: row["late"] for row in admin.get(BOARD).json()["orders"]}

    assert late == {unpacked.public_id: True, packed.public_id: True, sent.public_id: False, today.public_id: False}


@pytest.mark.parametrize(
    "query",
    [
        {"since": "-1"},
        {"since": "abc"},
        {"since": ""},
        {"status": "lost"},
        {"date": "tomorrow"},
        {"date": ""},
        {"window": "0"},
        {"window": ""},
        {"q": "x" * 101},
    ],
)
def test_bad_board_queries_are_400_with_a_message(admin, query):
    answer = admin.get(BOARD, query)
    assert answer.status_code == 400
    assert answer.json()["message"]


def test_a_long_search_is_refused_in_the_callers_language(admin):
    assert admin.get(BOARD, {"q": "x" * 101}).json()["message"].endswith("at most 100 characters.")
    telugu = admin.get(BOARD, {"q": "x" * 101}, HTTP_ACCEPT_LANGUAGE="te").json()["message"]
    assert "100" in telugu and "characters" not in telugu


def test_the_board_and_its_catch_up_take_the_same_queries_for_3_or_12_orders(admin, shopper, place_order, committed):
    def counted(path, query):
        with CaptureQueriesContext(connection) as queries:
            assert admin.get(path, query).status_code == 200
        return len(queries)

    start = changes.current_cursor()
    for _ in range(3):
        committed(place_order, shopper)
    few = counted(BOARD, {}), counted(BOARD, {"since": start, "q": "Asha"})
    for _ in range(9):
        committed(place_order, shopper)
    many = counted(BOARD, {}), counted(BOARD, {"since": start, "q": "Asha"})
    assert few == many
    assert many[0] <= 6 and many[1] <= 7


def test_cursors_never_go_back_and_each_order_keeps_its_first(shopper, place_order, committed):
    order = committed(place_order, shopper)
    first = OrderChange.objects.get(order=order)
    second = changes.order_change_stamp(order_id=order.pk)
    again = OrderChange.objects.get(order=order)
    assert second > first.cursor and again.cursor == second and again.first_cursor == first.cursor


def test_a_missing_counter_row_is_made_again(shopper, place_order, committed):
    from orders.models import OrderChangeCounter

    order = committed(place_order, shopper)
    OrderChangeCounter.objects.all().delete()
    assert changes.order_change_stamp(order_id=order.pk) == 1


# Bulk moves


def test_a_bulk_move_names_the_orders_it_did_not_move_and_why(admin, admin_user, shopper, place_order, committed):
    first, second, cancelled = (committed(place_order, shopper) for _ in range(3))
    order_cancel(order=cancelled, reason="Asked by phone", by=admin_user)
    answer = admin.post(
        BULK,
        {"ids": [first.public_id, second.public_id, cancelled.public_id, "nosuchorder"], "to": "packed"},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["moved"] == [
        {"_id": first.public_id, "invoiceNumber": first.invoice_number, "status": "packed"},
        {"_id": second.public_id, "invoiceNumber": second.invoice_number, "status": "packed"},
    ]
    assert body["refused"] == [
        {
            "_id": cancelled.public_id,
            "invoiceNumber": cancelled.invoice_number,
            "reason": f"Order {cancelled.invoice_number} is cancelled; it cannot be packed.",
        },
        {"_id": "nosuchorder", "invoiceNumber": "", "reason": "Order not found"},
    ]
    assert set(Order.objects.filter(status="packed").values_list("public_id", flat=True)) == {
        first.public_id,
        second.public_id,
    }


def test_a_bulk_dispatch_refuses_orders_not_packed_yet(admin, admin_user, shopper, place_order, committed):
    packed, placed = committed(place_order, shopper), committed(place_order, shopper)
    order_advance(order=packed, to_status="packed", by=admin_user)
    body = admin.post(BULK, {"ids": [packed.public_id, placed.public_id], "to": "dispatched"}, format="json").json()
    assert [row["_id"] for row in body["moved"]] == [packed.public_id]
    assert body["refused"][0]["_id"] == placed.public_id
    assert "must be packed before it can be dispatched" in body["refused"][0]["reason"]


def test_the_manager_marks_several_orders_delivered_at_once_and_a_packer_may_not(
    admin, admin_user, make_user, shopper, place_order, committed
):
    """Issue 48: the manager marks a rider's round delivered from the board; each is its own move
    (one event), an order still in the shop is refused, and a packer's role does not deliver."""
    from accounts.services import user_role_set
    from orders.models import OrderEvent

    first, second, in_shop = (committed(place_order, shopper) for _ in range(3))
    for order in (first, second):
        order_advance(order=order, to_status="packed", by=admin_user)
        order_advance(order=order, to_status="dispatched", by=admin_user)
    packer = user_role_set(actor=admin_user, user=make_user(name="Padma Packer"), role="packer")
    refused = client_for(packer).post(BULK, {"ids": [first.public_id], "to": "delivered"}, format="json").json()
    assert refused["moved"] == [] and refused["refused"][0]["reason"] == "Your staff role does not make this move."

    ids = [first.public_id, second.public_id, in_shop.public_id]
    body = admin.post(BULK, {"ids": ids, "to": "delivered"}, format="json").json()
    assert [row["_id"] for row in body["moved"]] == [first.public_id, second.public_id]
    assert [row["_id"] for row in body["refused"]] == [in_shop.public_id]
    assert "before it can be delivered" in body["refused"][0]["reason"]  # placed: it must be packed first
    assert OrderEvent.objects.filter(order=first, to_status="delivered", by=admin_user).count() == 1
    again = admin.post(BULK, {"ids": [first.public_id], "to": "delivered"}, format="json").json()
    assert again["moved"] == [] and "already delivered" in again["refused"][0]["reason"]
    assert OrderEvent.objects.filter(order=first, to_status="delivered").count() == 1


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"ids": [f"id{n}" for n in range(201)], "to": "packed"}, "At most 200 orders can be moved at once."),
        ({"ids": [], "to": "packed"}, "Choose at least one order to move."),
        ({"ids": ["x"], "to": "placed"}, "Orders can be moved to packed, dispatched or delivered together."),
        ({"ids": ["x"], "to": "cancelled"}, "Orders can be moved to packed, dispatched or delivered together."),
    ],
)
def test_bulk_move_refuses_bad_requests(admin, body, message):
    answer = admin.post(BULK, body, format="json")
    assert answer.status_code == 400
    assert answer.json()["message"].removeprefix("to: ").removeprefix("ids: ") == message


def test_two_hundred_ids_are_allowed(admin):
    answer = admin.post(BULK, {"ids": [f"id{n}" for n in range(200)], "to": "packed"}, format="json")
    assert answer.status_code == 200
    assert len(answer.json()["refused"]) == 200


def test_only_admins_see_the_board_or_move_orders(shopper, admin_user):
    for client, status in ((client_for(None), 401), (client_for(shopper), 403)):
        assert client.get(BOARD).status_code == status
        assert client.post(BULK, {"ids": ["x"], "to": "packed"}, format="json").status_code == status
