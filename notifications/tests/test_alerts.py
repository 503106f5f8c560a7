"""Notify me when back: asking, listing, removing, and one text per shopper when the pack is back."""

import pytest

from catalog.services import financial_update
from catalog.tests.factories import make_product
from conftest import client_for
from notifications.alerts import BATCH_SIZE
from notifications.models import StockAlert

pytestmark = pytest.mark.django_db


@pytest.fixture
def empty_pack():
    product = make_product("Toor Dal", brands={"Tata": [("1", "kg", "180", "160", 0)]}, name_te="కంది పప్పు")
    return product.details.get().financials.get()


def ask(user, pack):
    return client_for(user).post("/api/alerts", {"financialId": str(pack.pk)}, format="json")


def test_a_shopper_asks_once_and_sees_the_alert(customer, empty_pack):
    response = ask(customer, empty_pack)
    assert response.status_code == 201
    assert ask(customer, empty_pack).status_code == 200  # asking again keeps the one alert
    listed = client_for(customer).get("/api/alerts").json()
    assert [
        (alert["financialId"], alert["name"], alert["brand"], alert["quantity"], alert["units"]) for alert in listed
    ] == [(str(empty_pack.pk), "Toor Dal", "Tata", "1", "kg")]


def test_bad_asks_get_clear_answers(customer, empty_pack):
    assert ask(None, empty_pack).status_code == 401
    client = client_for(customer)
    assert client.post("/api/alerts", {}, format="json").status_code == 400
    assert client.post("/api/alerts", {"financialId": "abc"}, format="json").status_code == 400
    assert client.post("/api/alerts", {"financialId": "999999"}, format="json").status_code == 404
    financial_update(financial=empty_pack, count_in_stock=5)
    in_stock = ask(customer, empty_pack)
    assert (in_stock.status_code, in_stock.json()["code"]) == (409, "in_stock")


def test_only_the_owner_removes_an_alert(customer, other_customer, empty_pack):
    alert_id = ask(customer, empty_pack).json()["_id"]
    assert client_for(other_customer).delete(f"/api/alerts/{alert_id}").status_code == 404
    assert client_for(customer).delete("/api/alerts/nonsense").status_code == 404
    assert client_for(customer).delete(f"/api/alerts/{alert_id}").status_code == 200
    assert not StockAlert.objects.exists()


def test_a_restock_texts_each_subscriber_once_in_their_language(
    make_user, empty_pack, sms_outbox, django_capture_on_commit_callbacks
):
    english, telugu = make_user(language="en"), make_user(language="te")
    for user in (english, telugu):
        assert ask(user, empty_pack).status_code == 201

    with django_capture_on_commit_callbacks(execute=True):
        financial_update(financial=empty_pack, count_in_stock=1)

    assert sms_outbox(english.phone_no) == [
        "Tata Toor Dal 1 kg is back in stock at SMLR Mart. "
        f"Order now: http://127.0.0.1:8000/product/{empty_pack.detail.product.slug}"
    ]
    [text] = sms_outbox(telugu.phone_no)
    assert text == (
        "Tata కంది పప్పు 1 kg SMLR Martలో మళ్ళీ స్టాక్‌లో ఉంది. "
        f"ఇప్పుడే ఆర్డర్ చేయండి: http://127.0.0.1:8000/product/{empty_pack.detail.product.slug}"
    )
    assert not StockAlert.objects.exists()  # the alerts ended

    # A later sell-out and restock texts nobody: nobody asked again.
    with django_capture_on_commit_callbacks(execute=True):
        financial_update(financial=empty_pack, count_in_stock=0)
    with django_capture_on_commit_callbacks(execute=True):
        financial_update(financial=empty_pack, count_in_stock=3)
    assert len(sms_outbox()) == 2


def test_a_change_that_leaves_the_pack_empty_texts_nobody(
    customer, empty_pack, sms_outbox, django_capture_on_commit_callbacks
):
    ask(customer, empty_pack)
    with django_capture_on_commit_callbacks(execute=True):
        financial_update(financial=empty_pack, dprice="150")
    assert sms_outbox() == []
    assert StockAlert.objects.count() == 1


def test_many_subscribers_are_texted_in_batches(make_user, empty_pack, sms_outbox, django_capture_on_commit_callbacks):
    users = [make_user() for _ in range(BATCH_SIZE + 5)]
    StockAlert.objects.bulk_create(StockAlert(user=user, financial=empty_pack) for user in users)
    with django_capture_on_commit_callbacks(execute=True):
        financial_update(financial=empty_pack, count_in_stock=1)
    assert sorted(set(message for message in sms_outbox())) and len(sms_outbox()) == BATCH_SIZE + 5
    assert not StockAlert.objects.exists()
