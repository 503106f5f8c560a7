"""The suggested purchase order per supplier, and the same as a text message for the supplier: the
words and a `wa.me` link to the supplier's mobile number, in the manager's language."""

from urllib.parse import parse_qs, urlparse

import pytest

from catalog.models import Financial
from conftest import client_for
from inventory.services import supplier_create

from .conftest import REFUSED, entered, gstin, line

pytestmark = pytest.mark.django_db


@pytest.fixture
def running_low(admin_user, local_supplier, pack):
    """Rice 1 kg last bought from Godavari Traders, then down to 2 packs (threshold 5)."""
    draft = entered(admin_user, local_supplier, line(pack, qty=24))
    assert client_for(admin_user).post(f"/api/inventory/purchases/{draft['id']}/post").status_code == 200
    Financial.objects.filter(pk=pack.pk).update(count_in_stock=2, low_stock_threshold=5)
    return pack


def test_the_reorder_list_is_ready_to_send_to_the_supplier_on_whatsapp(admin_user, running_low):
    answer = client_for(admin_user).get("/api/inventory/reorder")
    assert answer.status_code == 200, answer.data
    [group] = answer.data["suppliers"]
    [row] = group["lines"]
    assert group["supplier"]["name"] == "Godavari Traders"
    assert group["message"].splitlines() == [
        "Purchase order from SMLR Mart (GSTIN 37ABCDE1234F1Z5):",
        f"{row['pack']}: {row['qty']} packs",
        "Please confirm the delivery date.",
    ]
    link = urlparse(group["whatsappUrl"])
    assert (link.scheme, link.netloc, link.path) == ("https", "wa.me", "/919848012345")
    assert parse_qs(link.query)["text"] == [group["message"]]

    telugu = client_for(admin_user).get("/api/inventory/reorder", HTTP_ACCEPT_LANGUAGE="te").data["suppliers"][0]
    assert any("\u0c00" <= char <= "\u0c7f" for char in telugu["message"])


def test_a_supplier_without_a_mobile_number_gets_no_link(admin_user, pack):
    landline = supplier_create(name="Kakinada Wholesale", gstin=gstin("37AAACK1234A1Z"), phone="0884 234567")
    draft = entered(admin_user, landline, line(pack, qty=24))
    assert client_for(admin_user).post(f"/api/inventory/purchases/{draft['id']}/post").status_code == 200
    Financial.objects.filter(pk=pack.pk).update(count_in_stock=0, low_stock_threshold=5)
    [group] = client_for(admin_user).get("/api/inventory/reorder").data["suppliers"]
    assert group["whatsappUrl"] is None and group["message"]


def test_only_the_manager_sees_the_reorder_list(people, running_low):
    for role, status in REFUSED.items():
        assert client_for(people[role]).get("/api/inventory/reorder").status_code == status


def sms_to(admin_user, supplier, language="en"):
    return client_for(admin_user).post(
        "/api/inventory/reorder/sms", {"supplierId": str(supplier.pk)}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )


def test_the_purchase_order_goes_to_the_suppliers_phone_as_an_sms_once(
    admin_user, local_supplier, running_low, sms_outbox
):
    order = client_for(admin_user).get("/api/inventory/reorder").data["suppliers"][0]["message"]

    first = sms_to(admin_user, local_supplier)
    assert first.status_code == 200, first.data
    assert (first.data["phone"], first.data["message"], first.data["alreadySent"]) == ("9848012345", order, False)
    assert sms_outbox() == sms_outbox("9848012345") == [order]

    again = sms_to(admin_user, local_supplier)  # pressed twice, retried, or a second manager
    assert (again.status_code, again.data["alreadySent"]) == (200, True)
    assert len(sms_outbox()) == 1

    Financial.objects.filter(pk=running_low.pk).update(count_in_stock=0)  # the order changes: a new text
    assert sms_to(admin_user, local_supplier).data["alreadySent"] is False
    assert len(sms_outbox()) == 2


def test_a_supplier_without_a_mobile_or_without_an_order_is_told_why_in_the_managers_language(
    admin_user, local_supplier, far_supplier, running_low, sms_outbox
):
    landline = supplier_create(name="Kakinada Wholesale", gstin=gstin("37AAACK1234A1Z"), phone="0884 234567")
    for supplier, status, code in ((landline, 400, "no_mobile"), (far_supplier, 400, "no_mobile")):
        answer = sms_to(admin_user, supplier, language="te")
        assert (answer.status_code, answer.data["code"]) == (status, code), answer.data
        assert any("\u0c00" <= char <= "\u0c7f" for char in answer.data["message"])
    with_mobile = supplier_create(name="Yanam Traders", gstin=gstin("37AAACY1234A1Z"), phone="98490 11111")
    answer = sms_to(admin_user, with_mobile)
    assert (answer.status_code, answer.data["code"]) == (409, "nothing_to_reorder")
    for body in ({}, {"supplierId": "x"}, {"supplierId": "999999"}):
        answer = client_for(admin_user).post("/api/inventory/reorder/sms", body, format="json")
        assert answer.status_code == 404, (body, answer.data)
    assert sms_outbox() == []


def test_only_the_manager_texts_a_supplier(people, local_supplier, running_low, sms_outbox):
    for role, status in REFUSED.items():
        answer = client_for(people[role]).post(
            "/api/inventory/reorder/sms", {"supplierId": str(local_supplier.pk)}, format="json"
        )
        assert answer.status_code == status, role
    assert sms_outbox() == []
