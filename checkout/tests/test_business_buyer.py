"""A business buyer at checkout (issue 43): the shopper may give a GSTIN and the business's legal name
with the order; both are checked before anything is written, the tax invoice names them (the order's
`buyer`), and the books report the invoice in GSTR-1's b2b. The existing client, which sends
neither, places its orders as before."""

import pytest

from catalog.models import Financial
from orders.models import InvoiceBuyer, Order
from orders.tests.conftest import line, payload

pytestmark = pytest.mark.django_db

GSTIN = "37AAPFU0939F1ZU"  # Andhra Pradesh (37), check character right


def post(client, body, language="en"):
    return client.post("/api/orders", body, format="json", HTTP_ACCEPT_LANGUAGE=language)


def test_an_order_with_a_gstin_names_its_business_buyer_on_the_invoice(as_user, shopper, packs):
    body = {
        **payload([line(packs.oil_1l, 2)], shopper),
        "buyerGstin": " 37aapfu0939f1zu ",
        "buyerName": " Sri  Traders ",
    }
    answer = post(as_user(shopper), body)
    assert answer.status_code == 201, answer.content
    assert answer.json()["buyer"] == {"gstin": GSTIN, "name": "Sri Traders", "stateCode": "37"}
    kept = InvoiceBuyer.objects.get(order__public_id=answer.json()["_id"])
    assert (kept.gstin, kept.name, kept.by_id) == (GSTIN, "Sri Traders", shopper.pk)
    # The shopper's own order page says the same.
    again = as_user(shopper).get(f"/api/orders/{answer.json()['_id']}")
    assert again.json()["buyer"] == answer.json()["buyer"]


def test_an_order_without_one_names_none_as_the_existing_client_sends_it(as_user, shopper, packs):
    answer = post(as_user(shopper), payload([line(packs.oil_1l, 1)], shopper))
    assert answer.status_code == 201 and answer.json()["buyer"] is None
    assert not InvoiceBuyer.objects.exists()


@pytest.mark.parametrize(
    "gstin, name, language, says",
    [
        ("37AAPFU0939F1ZX", "Sri Traders", "en", "GSTIN"),  # the check character is wrong
        ("37AAPFU0939", "Sri Traders", "en", "GSTIN"),
        (GSTIN, "", "en", "both the GSTIN and the legal name"),
        ("", "Sri Traders", "te", "రెండూ కావాలి"),
        (GSTIN, "x" * 201, "en", "200"),
    ],
)
def test_a_bad_buyer_is_a_clear_400_and_places_nothing(as_user, shopper, packs, gstin, name, language, says):
    stock = Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock
    body = {**payload([line(packs.oil_1l, 1)], shopper), "buyerGstin": gstin, "buyerName": name}
    answer = post(as_user(shopper), body, language)
    assert answer.status_code == 400, answer.content
    assert says in answer.json()["message"]
    assert not Order.objects.exists() and not InvoiceBuyer.objects.exists()
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == stock


def test_the_books_report_it_in_b2b(as_user, shopper, packs):
    from django.utils import timezone

    from books.gstr1 import gstr1
    from books.periods import period_of

    body = {**payload([line(packs.oil_1l, 2)], shopper), "buyerGstin": GSTIN, "buyerName": "Sri Traders"}
    answer = post(as_user(shopper), body)
    assert answer.status_code == 201, answer.content
    order = Order.objects.get(public_id=answer.json()["_id"])
    built = gstr1(period_of(timezone.localtime(order.created_at).strftime("%m%Y"))).as_json()
    assert [entry["ctin"] for entry in built["b2b"]] == [GSTIN]
    assert [invoice["inum"] for invoice in built["b2b"][0]["inv"]] == [order.invoice_number]
