"""Pack barcodes (issue 41): which codes are valid, one pack per code, the counter's scan, the edit
screen's codes, Django admin's inline, the CSV column and the label sheet's symbols."""

import io

import pytest
from django.db import IntegrityError, transaction

from catalog import barcodes
from catalog.importing import import_rows, read_rows
from catalog.models import Barcode
from catalog.services import barcode_add, barcode_add_shop_code, barcodes_set
from catalog.tests.factories import make_category, make_product
from common.errors import Conflict, InvalidValue
from conftest import client_for

pytestmark = pytest.mark.django_db

# Real codes from packs and the GS1 examples: each check digit verified by hand.
EAN13 = "8901063010314"  # a GS1 India (890) code
EAN13_OTHER = "4006381333931"
EAN8 = "96385074"
UPCA = "036000291452"


@pytest.fixture
def pack(db):
    product = make_product("Toor Dal", brands={"Loose": [("500", "g", "90", "80", 5)]})
    return product.details.get().financials.get()


@pytest.fixture
def other_pack(db):
    product = make_product("Moong Dal", brands={"Loose": [("1", "kg", "150", "140", 5)]})
    return product.details.get().financials.get()


# --- The rules of a code -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "kind"),
    [(EAN13, "ean13"), (EAN13_OTHER, "ean13"), (EAN8, "ean8"), (UPCA, "upca"), ("2100000000173", "shop")],
)
def test_valid_codes_and_their_kinds(code, kind):
    assert barcodes.parse(code) == (code, kind)


def test_check_digit_of_every_kind():
    assert barcodes.check_digit(EAN13[:-1]) == EAN13[-1]
    assert barcodes.check_digit(EAN8[:-1]) == EAN8[-1]
    assert barcodes.check_digit(UPCA[:-1]) == UPCA[-1]


@pytest.mark.parametrize("wrong", ["8901063010315", "96385075", "036000291453", "2100000000170"])
def test_a_wrong_check_digit_is_refused_naming_the_code(wrong):
    with pytest.raises(InvalidValue) as refused:
        barcodes.parse(wrong)
    assert wrong in refused.value.message


@pytest.mark.parametrize(
    "bad", ["", "12345", "89010630103141", "89010630103a4", "８９０１０６３０１０３１４", "0" * 20]
)
def test_what_is_no_barcode_is_refused(bad):
    with pytest.raises(InvalidValue):
        barcodes.parse(bad)


def test_other_in_store_prefixes_are_refused():
    body = "200000000017"
    with pytest.raises(InvalidValue, match="21"):
        barcodes.parse(body + barcodes.check_digit(body))


def test_a_upc_a_sent_as_ean_13_is_the_same_code():
    assert barcodes.parse("0" + UPCA) == (UPCA, "upca")
    assert barcodes.normalise("8901 0630-10314") == EAN13


def test_the_shop_code_of_a_pack():
    assert barcodes.shop_code(17) == "2100000000173"
    code, kind = barcodes.parse(barcodes.shop_code(123456))
    assert kind == "shop" and code.startswith("21")


# --- One pack per code ---------------------------------------------------------------------------


def test_a_code_names_one_pack_in_the_whole_catalog(pack, other_pack):
    barcode_add(pack=pack, code=EAN13)
    with pytest.raises(Conflict) as refused:
        barcode_add(pack=other_pack, code=EAN13)
    assert "Toor Dal" in refused.value.message
    assert barcode_add(pack=pack, code=EAN13).pack == pack  # the same pack again: no change
    assert Barcode.objects.count() == 1


def test_the_database_keeps_one_row_per_code(pack, other_pack):
    Barcode.objects.create(pack=pack, code=EAN13, kind="ean13")
    with pytest.raises(IntegrityError), transaction.atomic():
        Barcode.objects.create(pack=other_pack, code=EAN13, kind="ean13")


def test_the_database_refuses_what_is_not_digits(pack):
    with pytest.raises(IntegrityError), transaction.atomic():
        Barcode.objects.create(pack=pack, code="ABC12345", kind="ean8")


def test_setting_a_packs_codes_is_all_or_nothing(pack, other_pack):
    barcode_add(pack=other_pack, code=EAN8)
    barcodes_set(pack=pack, codes=[EAN13])
    with pytest.raises(Conflict):
        barcodes_set(pack=pack, codes=[UPCA, EAN8])
    assert list(pack.barcodes.values_list("code", flat=True)) == [EAN13]
    made = barcodes_set(pack=pack, codes=[UPCA], shop_code=True)
    assert {barcode.code for barcode in made} == {UPCA, barcodes.shop_code(pack.pk)}


# --- The counter's scan --------------------------------------------------------------------------


def _staff(make_user, admin_user):
    from accounts.services import user_role_set

    people = {"anonymous": None, "customer": make_user(name="Asha"), "owner": admin_user}
    for role in ("cashier", "packer", "rider"):
        people[role] = user_role_set(actor=admin_user, user=make_user(name=role), role=role)
    return people


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 401), ("customer", 403), ("cashier", 200), ("packer", 403), ("rider", 403), ("owner", 200)],
)
def test_who_may_scan(pack, make_user, admin_user, role, status):
    barcode_add(pack=pack, code=EAN13)
    response = client_for(_staff(make_user, admin_user)[role]).get(f"/api/products/barcode/{EAN13}")
    assert response.status_code == status
    assert ("message" in response.json()) == (status != 200)


def test_a_scan_answers_the_pack_as_the_counter_bills_it(pack, admin_user):
    barcode_add(pack=pack, code=UPCA)
    response = client_for(admin_user).get(f"/api/products/barcode/0{UPCA}")  # the scanner's EAN-13 form
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("private") or "no-store" in response["Cache-Control"]
    body = response.json()
    assert body["code"] == UPCA and body["kind"] == "upca"
    assert body["financialId"] == str(pack.pk) and body["brandId"] == str(pack.detail_id)
    assert (body["name"], body["brand"], body["quantity"], body["units"]) == ("Toor Dal", "Loose", "500", "g")
    assert (body["dprice"], body["countInStock"]) == (80, 5)


@pytest.mark.parametrize(
    ("code", "status"),
    # A code shaped as one (what the schema says) but with a wrong check digit or another shop's
    # prefix: no pack can carry it, so 404, saying why; what is no code at all: 400.
    [(EAN13, 404), ("8901063010315", 404), ("2000000000176", 404), ("abc", 400), ("123456789", 400), ("1" * 20, 400)],
)
def test_a_bad_or_unknown_code_is_a_clear_4xx(pack, admin_user, code, status):
    response = client_for(admin_user).get(f"/api/products/barcode/{code}", HTTP_ACCEPT_LANGUAGE="te")
    assert response.status_code == status
    assert response.json()["message"]
    if code == "8901063010315":
        assert "చెక్ అంకె" in response.json()["message"]  # in the cashier's language


# --- The edit screen -----------------------------------------------------------------------------


def _edit(user, pack, **fields):
    detail = pack.detail
    body = {"quantity": pack.quantity_display, "units": pack.units, **fields}
    return client_for(user).put(f"/api/products/{detail.product.slug}/details/{detail.pk}", body, format="json")


def test_the_edit_screen_sets_a_packs_codes(pack, admin_user):
    assert _edit(admin_user, pack, barcodes=[EAN13, " 0" + UPCA], shopCode=True).status_code == 200
    listed = client_for(admin_user).get(f"/api/products/{pack.detail.product.slug}/details/{pack.detail_id}/barcodes")
    assert listed.json() == {
        "barcodes": [
            {"financialId": str(pack.pk), "code": EAN13, "kind": "ean13"},
            {"financialId": str(pack.pk), "code": UPCA, "kind": "upca"},
            {"financialId": str(pack.pk), "code": barcodes.shop_code(pack.pk), "kind": "shop"},
        ]
    }
    assert _edit(admin_user, pack, barcodes=[]).status_code == 200
    assert not pack.barcodes.exists()


def test_a_refused_code_writes_nothing_of_the_form(pack, other_pack, admin_user):
    barcode_add(pack=other_pack, code=EAN8)
    response = _edit(admin_user, pack, brand="Renamed", barcodes=[EAN8])
    assert response.status_code == 409 and "Moong Dal" in response.json()["message"]
    pack.detail.refresh_from_db()
    assert pack.detail.brand == "Loose"
    bad = _edit(admin_user, pack, barcodes=["8901063010315"])
    assert bad.status_code == 400 and "8901063010315" in bad.json()["message"]


def test_a_cashier_cannot_change_codes(pack, make_user, admin_user):
    assert _edit(_staff(make_user, admin_user)["cashier"], pack, barcodes=[EAN13]).status_code == 403


# --- Django admin --------------------------------------------------------------------------------


def test_django_admin_edits_a_packs_codes_inline(pack, admin_user):
    from django.test import Client

    client = Client()
    client.force_login(admin_user)
    url = f"/staff/catalog/financial/{pack.pk}/change/"
    page = client.get(url)
    assert page.status_code == 200 and b"barcodes-TOTAL_FORMS" in page.content
    form = {
        "detail": pack.detail_id,
        "quantity": "500",
        "units": "g",
        "price": "90",
        "dprice": "80",
        "count_in_stock": "5",
        "barcodes-TOTAL_FORMS": "1",
        "barcodes-INITIAL_FORMS": "0",
        "barcodes-0-code": "8901063010315",
    }
    refused = client.post(url, form)
    assert refused.status_code == 200 and b"check digit" in refused.content
    form["barcodes-0-code"] = EAN13
    assert client.post(url, form).status_code == 302
    assert list(pack.barcodes.values_list("code", "kind")) == [(EAN13, "ean13")]


# --- The CSV import ------------------------------------------------------------------------------

HEADER = "category,product,brand,quantity,units,price,dprice,count_in_stock,barcodes\n"


def test_the_csv_import_adds_codes_and_the_shops_own(db):
    make_category("PULSES")
    text = HEADER + f'PULSES,Toor Dal,Loose,500,g,90,80,5,"{EAN13} shop"\nPULSES,Toor Dal,Loose,1,kg,170,160,5,{EAN8}\n'
    rows, rejections = read_rows(io.StringIO(text))
    assert rejections == []
    assert import_rows(rows, dry_run=True).barcodes_added == 3
    assert not Barcode.objects.exists()
    summary = import_rows(rows, dry_run=False)
    assert summary.barcodes_added == 3
    half = Barcode.objects.get(code=EAN13).pack
    assert set(half.barcodes.values_list("kind", flat=True)) == {"ean13", "shop"}
    rows, rejections = read_rows(io.StringIO(text))
    assert import_rows(rows, dry_run=False).barcodes_added == 0  # again: nothing new


def test_the_csv_import_refuses_bad_and_taken_codes(pack):
    barcode_add(pack=pack, code=EAN13)
    category = pack.detail.product.category.name
    text = HEADER + (
        f"{category},Other Dal,Loose,1,kg,100,90,1,8901063010315\n"
        f"{category},Other Dal,Loose,2,kg,100,90,1,{EAN13}\n"
        f"{category},Other Dal,Loose,3,kg,100,90,1,{EAN8}\n"
        f"{category},Other Dal,Loose,4,kg,100,90,1,{EAN8}\n"
    )
    rows, rejections = read_rows(io.StringIO(text))
    assert [rejection.line for rejection in rejections] == [2, 3, 5]
    assert "check digit" in rejections[0].reason
    assert "already on" in rejections[1].reason
    assert "row 4" in rejections[2].reason


# --- The label sheet -----------------------------------------------------------------------------


def test_the_label_sheet_draws_the_shops_codes_with_the_library(pack, other_pack, admin_user):
    pytest.importorskip("barcode")  # python-barcode (requirements.txt)
    code = barcode_add_shop_code(pack=pack).code
    barcode_add(pack=other_pack, code=EAN13)  # a maker's code: not the shop's to print
    response = client_for(admin_user).get("/api/products/barcodes/labels")
    assert response.status_code == 200
    [label] = response.json()["labels"]
    assert label["code"] == code and label["name"] == "Toor Dal"
    svg = label["svg"]
    assert svg.startswith("<svg") and "style=" not in svg  # the CSP allows no inline styles
    assert svg.count("<rect") > 20 and code[1:7] in svg  # the bars, and the digits under them
    only = client_for(admin_user).get("/api/products/barcodes/labels", {"pack": [other_pack.pk]})
    assert only.json() == {"labels": []}
    assert client_for(admin_user).get("/api/products/barcodes/labels", {"pack": ["x"]}).status_code == 400
