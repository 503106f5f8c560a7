"""Counter bills (`counter.services`): an order paid and delivered at once, in the counter's own
series, with the online invoice's GST, stock out through the catalog, tenders adding up exactly."""

from decimal import Decimal

import pytest
from django.utils import timezone

from catalog.models import Financial
from conftest import client_for
from counter.models import BillTender, CounterBill
from counter.tests.conftest import bill_body, post_bill
from orders.models import DocumentSeries, Order, OrderEvent
from orders.series import financial_year


def state():
    return (
        Order.objects.count(),
        CounterBill.objects.count(),
        BillTender.objects.count(),
        dict(Financial.objects.values_list("pk", "count_in_stock")),
        list(DocumentSeries.objects.values_list("key", "fy", "last_number")),
    )


def test_a_cash_bill_is_a_paid_delivered_counter_order_in_the_counters_series(till, cashier, packs):
    body = bill_body((packs.rice_5kg, 2), (packs.oil_1l, 1))
    body["tenders"] = [{"method": "cash", "amount": "943.50", "tendered": "1000"}]
    answer = post_bill(cashier, body)

    assert answer.status_code == 201, answer.content
    bill = answer.json()
    fy = financial_year(timezone.now())
    assert bill["number"] == f"CTR1/{fy}/000001"
    assert bill["change"] == 56.5
    order = Order.objects.get(public_id=bill["_id"])
    assert (order.channel, order.status, order.is_paid, order.total_price) == (
        "counter",
        "delivered",
        True,
        Decimal("943.50"),
    )
    assert order.amount_paid == Decimal("943.50") and order.delivered_at is not None
    assert list(OrderEvent.objects.filter(order=order).values_list("from_status", "to_status")) == [
        ("", "placed"),
        ("placed", "delivered"),
    ]
    # The same GST as an online order: 5 % inside the price, split CGST + SGST.
    gst = bill["order"]["gst"]
    assert gst["interstate"] is False and gst["totals"]["total"] == 943.5
    assert gst["totals"]["cgst"] == gst["totals"]["sgst"]
    packs.rice_5kg.refresh_from_db()
    packs.oil_1l.refresh_from_db()
    assert (packs.rice_5kg.count_in_stock, packs.oil_1l.count_in_stock) == (23, 39)
    second = post_bill(cashier, bill_body((packs.oil_1l, 1))).json()
    assert second["number"] == f"CTR1/{fy}/000002"


def test_the_counter_never_refuses_a_pack_the_shopper_holds(till, cashier, packs):
    # The count says 3; the shopper holds 5 at the till.
    answer = post_bill(cashier, bill_body((packs.rice_1kg, 5)))
    assert answer.status_code == 201, answer.content
    packs.rice_1kg.refresh_from_db()
    assert packs.rice_1kg.count_in_stock == 0


def test_a_retry_with_the_same_key_answers_the_same_bill_and_moves_stock_once(till, cashier, packs):
    body = bill_body((packs.oil_1l, 2))
    first = post_bill(cashier, body, key="till-1-abc")
    again = post_bill(cashier, body, key="till-1-abc")
    assert (first.status_code, again.status_code) == (201, 201)
    assert first.json()["number"] == again.json()["number"]
    assert CounterBill.objects.count() == 1
    packs.oil_1l.refresh_from_db()
    assert packs.oil_1l.count_in_stock == 38
    other = post_bill(cashier, bill_body((packs.oil_1l, 3)), key="till-1-abc")
    assert other.status_code == 422


def _with_card(total: str):
    return [{"method": "upi", "amount": "100.00"}, {"method": "card", "amount": total, "reference": "APPR 4411"}]


def test_split_tenders_add_up_to_the_total(till, cashier, packs):
    body = bill_body((packs.rice_5kg, 1), tenders=[*_with_card("199.00"), {"method": "cash", "amount": "100"}])
    answer = post_bill(cashier, body)
    assert answer.status_code == 201, answer.content
    assert [(t["method"], t["amount"]) for t in answer.json()["tenders"]] == [
        ("upi", 100),
        ("card", 199),
        ("cash", 100),
    ]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda body: body["lines"][0].update(financialId="999999"), "unknown_pack"),
        (lambda body: body["lines"][0].update(qty=-1), None),
        (lambda body: body["lines"][0].update(qty=0), None),
        (lambda body: body["tenders"][0].update(amount="100.00"), "tender_below_total"),
        (lambda body: body["tenders"][0].update(amount="1000.00"), "tender_above_total"),
        (lambda body: body.update(tenders=[{"method": "card", "amount": "399.00"}]), "card_reference"),
        (lambda body: body.update(tenders=[{"method": "cash", "amount": "399.00", "tendered": "300"}]), "cash_short"),
        (lambda body: body.update(tenders=[{"method": "credit", "amount": "399.00"}]), "credit_needs_customer"),
        (lambda body: body.update(tenders=[{"method": "cheque", "amount": "399.00"}]), None),
        (lambda body: body.update(lines=[]), None),
        (lambda body: body.update(counter="NOPE"), None),
        (lambda body: body.update(customerPhone="12345"), "invalid_phone"),
    ],
)
def test_bad_input_is_a_clear_4xx_and_writes_nothing(till, cashier, packs, change, code):
    body = bill_body((packs.rice_5kg, 1))
    change(body)
    before = state()
    answer = post_bill(cashier, body)
    assert 400 <= answer.status_code < 500, answer.content
    assert answer.json()["message"]
    if code:
        assert answer.json()["code"] == code
    assert state() == before


def test_a_bill_without_its_key_is_refused(till, cashier, packs):
    answer = client_for(cashier).post("/api/counter/bills", bill_body((packs.oil_1l, 1)), format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "idempotency_key_required"


def test_the_refusal_speaks_the_staff_members_language(till, cashier, packs):
    body = bill_body((packs.rice_5kg, 1), tenders=[{"method": "cash", "amount": "100.00"}])
    english = post_bill(cashier, body).json()["message"]
    telugu = post_bill(cashier, body, language="te").json()["message"]
    assert english == "The payment (₹100.00) is less than the bill's total (₹399.00)."
    assert telugu != english and "₹100.00" in telugu and "₹399.00" in telugu


def test_a_customers_phone_links_the_bill_and_their_store_credit_pays(till, cashier, shopper, packs):
    from payments.credit import credit_balance, credit_grant

    credit_grant(user=shopper, amount=Decimal("50.00"), reason="goodwill")
    body = bill_body(
        (packs.oil_1l, 1),
        tenders=[{"method": "credit", "amount": "50.00"}, {"method": "upi", "amount": "95.50"}],
        phone=shopper.phone_no,
    )
    answer = post_bill(cashier, body)
    assert answer.status_code == 201, answer.content
    order = Order.objects.get(public_id=answer.json()["_id"])
    assert order.user == shopper and order.store_credit_applied == Decimal("50.00")
    assert order.amount_paid == Decimal("95.50")
    assert credit_balance(user=shopper) == Decimal("0.00")
    # The bill is in the customer's own orders.
    mine = client_for(shopper).get("/api/orders/mine").json()
    assert [o["_id"] for o in mine] == [order.public_id]


def test_a_walk_in_bill_belongs_to_nobody_who_can_sign_in(till, cashier, packs):
    answer = post_bill(cashier, bill_body((packs.oil_1l, 1)))
    order = Order.objects.get(public_id=answer.json()["_id"])
    assert not order.user.is_active and not order.user.has_usable_password()


def test_the_quote_prices_lines_from_the_server(till, cashier, packs):
    answer = client_for(cashier).post(
        "/api/counter/quote", {"lines": [{"financialId": str(packs.oil_1l.pk), "qty": 2}]}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["total"] == 291
    assert answer.json()["lines"][0]["tax"] == 13.86
    unknown = client_for(cashier).post(
        "/api/counter/quote", {"lines": [{"financialId": "424242", "qty": 1}]}, format="json"
    )
    assert unknown.status_code == 400


def test_the_upi_qr_asks_for_the_exact_amount(till, cashier, settings):
    settings.STORE_UPI_ID = "shop@okaxis"
    answer = client_for(cashier).get("/api/counter/upi", {"amount": "943.5", "note": "CTR1"})
    assert answer.status_code == 200
    assert answer.json()["uri"] == "upi://pay?pa=shop@okaxis&pn=SMLR%20Mart&am=943.50&cu=INR&tn=CTR1"
    assert answer.json()["svg"].startswith("<svg")
    assert client_for(cashier).get("/api/counter/upi", {"amount": "-1"}).status_code == 400


def test_a_bill_is_found_by_its_printed_number(till, cashier, packs):
    bill = post_bill(cashier, bill_body((packs.oil_1l, 1))).json()
    found = client_for(cashier).get("/api/counter/bills", {"number": bill["number"]})
    assert found.status_code == 200 and found.json()["_id"] == bill["_id"]
    assert client_for(cashier).get("/api/counter/bills", {"number": "CTR1/2020-21/000009"}).status_code == 404
