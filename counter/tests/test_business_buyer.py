"""A business buyer at the counter: an optional GSTIN and legal name on a bill, checked, named on
the invoice by the books' one writer (`books.buyers`), shown on the receipt; both or neither."""

import pytest

from counter.models import CounterBill
from counter.tests.conftest import bill_body, post_bill
from orders.models import Order

GSTIN = "37AAPFU0939F1ZU"


def test_a_bill_names_its_business_buyer(till, cashier, packs):
    body = {**bill_body((packs.oil_1l, 1)), "buyerGstin": " 37aapfu0939f1zu ", "buyerName": "Sri  Lakshmi Traders"}
    answer = post_bill(cashier, body)
    assert answer.status_code == 201, answer.content
    assert answer.json()["buyer"] == {"gstin": GSTIN, "name": "Sri Lakshmi Traders", "stateCode": GSTIN[:2]}
    assert answer.json()["order"]["buyer"] == answer.json()["buyer"]  # the invoice names them too
    order = Order.objects.get(public_id=answer.json()["_id"])
    assert (order.invoice_buyer.gstin, order.invoice_buyer.name, order.invoice_buyer.by_id) == (
        GSTIN,
        "Sri Lakshmi Traders",
        cashier.pk,
    )


def test_a_bill_without_a_buyer_names_none(till, cashier, packs):
    answer = post_bill(cashier, bill_body((packs.oil_1l, 1)))
    assert answer.status_code == 201 and answer.json()["buyer"] is None


@pytest.mark.parametrize(
    "gstin, name, language, says",
    [
        ("37AAPFU0939F1ZX", "Traders", "en", "GSTIN"),
        (GSTIN, "", "en", "both the GSTIN and the legal name"),
        ("", "Traders", "te", "రెండూ కావాలి"),
    ],
)
def test_a_bad_buyer_is_a_clear_400_and_writes_nothing(till, cashier, packs, gstin, name, language, says):
    body = {**bill_body((packs.oil_1l, 1)), "buyerGstin": gstin, "buyerName": name}
    answer = post_bill(cashier, body, language=language)
    assert answer.status_code == 400, answer.content
    assert says in answer.json()["message"]
    assert not CounterBill.objects.exists() and not Order.objects.filter(channel="counter").exists()
