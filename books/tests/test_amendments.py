"""A buyer named after filing: October's GSTR-1 is marked filed, then a GSTIN is named on two of its
consumer invoices; November's return amends them (`b2ba`, original number and date) and takes them
out of October's `b2cs` rows (`b2csa`), figures worked out by hand and recomputed from October's
documents as they now stand."""

import json

import pytest

from books.filing import gstr1_mark_filed
from books.gstr1 import gstr1
from books.models import Gstr1Amendment, Gstr1Filing
from books.periods import period_of, today_in_india
from books.tests.shop import BUYER_GSTIN, BUYER_NAME
from books.tests.test_gstr1_schema import errors
from common.errors import Conflict
from common.gstin import check_character
from orders.buyers import invoice_buyer_set

pytestmark = pytest.mark.django_db
OTHER_GSTIN = "29AAPFU0939F1Z" + check_character("29AAPFU0939F1Z")


@pytest.fixture
def filed_october(october, admin_user):
    return gstr1_mark_filed(period=period_of("102026"), by=admin_user)


def _named(october, *names, gstin=BUYER_GSTIN):
    for name in names:
        invoice_buyer_set(order=october.orders[name], gstin=gstin, name=BUYER_NAME)


def test_filing_keeps_what_october_reported(october, filed_october):
    reported = filed_october.reported
    assert reported["b2b"] == {october.orders["O6"].invoice_number: BUYER_GSTIN}
    assert reported["b2cl"] == [october.orders["O5"].invoice_number]
    # (INTER, 34, 5): O4's rice and oil; (INTRA, 37, 5): O1 (one rice after the short pick) and O8
    rows = {tuple(row[:3]): row[3:] for row in reported["b2cs"]}
    assert rows[("INTER", "34", 5)] == [53857, 0, 0, 2693]
    assert rows[("INTRA", "37", 5)] == [40000 + 13858 + 40000, 1000 + 346 + 1000, 1000 + 346 + 1000, 0]


def test_a_buyer_named_after_filing_is_amended_in_the_next_return(october, filed_october):
    _named(october, "O4", "O8")
    november = gstr1(period_of("112026"))
    data = november.as_json()
    o4, o8 = october.orders["O4"], october.orders["O8"]
    [entry] = data["b2ba"]
    assert entry["ctin"] == BUYER_GSTIN
    invoices = {inv["oinum"]: inv for inv in entry["inv"]}
    assert invoices[o4.invoice_number] == {
        "oinum": o4.invoice_number,
        "oidt": "08-10-2026",
        "inum": o4.invoice_number,
        "idt": "08-10-2026",
        "val": 565.5,
        "pos": "34",
        "rchrg": "N",
        "inv_typ": "R",
        "itms": [{"num": 1, "itm_det": {"txval": 538.57, "rt": 5, "iamt": 26.93, "csamt": 0}}],
    }
    assert invoices[o8.invoice_number]["oidt"] == "31-10-2026"
    b2csa = {(row["omon"], row["sply_ty"], row["pos"]): row["itms"] for row in data["b2csa"]}
    # O4 was October's only inter-state consumer sale at 5 %: its row is now nothing
    assert b2csa[("102026", "INTER", "34")] == [{"rt": 5, "txval": 0.0, "iamt": 0.0, "csamt": 0}]
    # O8's one rice out of (INTRA, 37, 5): O1's rice and oil are left
    assert b2csa[("102026", "INTRA", "37")] == [{"rt": 5, "txval": 538.58, "camt": 13.46, "samt": 13.46, "csamt": 0}]
    assert november.summary()["counts"]["amendments"] == 2
    assert [e for e in errors(data) if "too long" not in e] == []

    # Recomputed from October's documents as they stand now (the invoices name their buyer)
    rebuilt = {(row["sply_ty"], row["pos"], row["rt"]): row for row in gstr1(period_of("102026")).as_json()["b2cs"]}
    assert ("INTER", "34", 5) not in rebuilt
    assert rebuilt[("INTRA", "37", 5)]["txval"] == b2csa[("102026", "INTRA", "37")][0]["txval"]
    assert rebuilt[("INTRA", "37", 5)]["camt"] == b2csa[("102026", "INTRA", "37")][0]["camt"]


def test_no_amendment_without_a_filed_return(october):
    _named(october, "O4")
    data = gstr1(period_of("112026")).as_json()
    assert "b2ba" not in data and "b2csa" not in data


def test_filing_the_amending_return_records_the_change_and_it_is_not_amended_again(october, filed_october, admin_user):
    _named(october, "O4")
    november = gstr1_mark_filed(period=period_of("112026"), by=admin_user)
    [record] = Gstr1Amendment.objects.all()
    assert (record.invoice_number, record.original, record.reported_in) == (
        october.orders["O4"].invoice_number,
        filed_october,
        november,
    )
    assert (record.old_gstin, record.new_gstin, record.new_name) == ("", BUYER_GSTIN, BUYER_NAME)
    assert november.reported["b2csa"] == [["102026", "INTER", "34", 5, 0, 0, 0, 0]]
    # November, filed, is rebuilt as it was uploaded; December carries nothing more
    assert [inv["oinum"] for inv in gstr1(period_of("112026")).as_json()["b2ba"][0]["inv"]] == [record.invoice_number]
    assert "b2ba" not in gstr1(period_of("122026")).as_json()

    # The GSTIN corrected later: December amends the b2b invoice, no b2cs row moves this time
    _named(october, "O4", gstin=OTHER_GSTIN)
    december = gstr1(period_of("122026")).as_json()
    assert [entry["ctin"] for entry in december["b2ba"]] == [OTHER_GSTIN]
    assert december["b2csa"] == []


def test_a_b2cl_invoice_named_later_is_left_to_the_owner(october, filed_october):
    _named(october, "O5")
    november = gstr1(period_of("112026"))
    assert "b2ba" not in november.as_json()
    assert any("was reported in b2cl of 102026" in problem for problem in november.summary()["problems"])


def test_marking_is_refused_before_the_period_ends_and_twice(october, filed_october, admin_user):
    with pytest.raises(Conflict) as again:
        gstr1_mark_filed(period=period_of("102026"), by=admin_user)
    assert again.value.extra["code"] == "already_filed"
    with pytest.raises(Conflict) as current:
        gstr1_mark_filed(period=period_of(today_in_india().strftime("%m%Y")), by=admin_user)
    assert current.value.extra["code"] == "period_not_over"
    assert Gstr1Filing.objects.count() == 1


def test_a_month_of_a_filed_quarter_cannot_be_marked(october, admin_user):
    gstr1_mark_filed(period=period_of("092026", quarterly=True), by=admin_user)
    with pytest.raises(Conflict) as overlap:
        gstr1_mark_filed(period=period_of("082026"), by=admin_user)
    assert overlap.value.extra["code"] == "already_filed" and "overlaps" in overlap.value.message


@pytest.fixture
def owner(as_user, admin_user):
    return as_user(admin_user)


def test_the_screen_reads_the_filed_state_and_the_amendments(october, owner):
    before = owner.get("/api/books/gstr1/filing", {"period": "102026"}).json()
    assert before == {"fp": "102026", "quarterly": False, "filed": None, "cannotMark": "", "amendments": []}
    marked = owner.post("/api/books/gstr1/filing", {"period": "102026"}, content_type="application/json")
    assert marked.status_code == 201
    assert marked.json()["filed"]["at"] and marked.json()["cannotMark"] == ""
    again = owner.post("/api/books/gstr1/filing", {"period": "102026"}, content_type="application/json")
    assert again.status_code == 409 and again.json()["code"] == "already_filed"
    _named(october, "O4")
    november = owner.get("/api/books/gstr1/filing", {"period": "112026"}).json()
    assert november["filed"] is None
    assert november["amendments"] == [
        {
            "invoice": october.orders["O4"].invoice_number,
            "date": "2026-10-08",
            "originalPeriod": "102026",
            "oldGstin": "",
            "newGstin": BUYER_GSTIN,
            "buyerName": BUYER_NAME,
            "value": 565.5,
            "byHand": False,
        }
    ]
    the_json = json.loads(owner.get("/api/books/gstr1", {"period": "112026"}).content)
    assert the_json["b2ba"][0]["inv"][0]["oinum"] == october.orders["O4"].invoice_number


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({}, 400, "invalid_period"),
        ({"period": "132026"}, 400, "invalid_period"),
        ({"period": "012099"}, 400, "period_in_future"),
        ({"period": "122026", "quarterly": True}, 409, "period_not_over"),
    ],
)
def test_bad_filing_requests_are_told_why(october, owner, body, status, code):
    response = owner.post("/api/books/gstr1/filing", body, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (status, code)


def test_the_workbook_carries_the_amendments(october, filed_october):
    from openpyxl import load_workbook

    from books import workbooks

    _named(october, "O4")
    book = load_workbook(workbooks.gstr1_file(gstr1(period_of("112026"))), read_only=True)
    assert book.sheetnames == [*workbooks.GSTR1_SHEETS, "b2ba", "b2csa", "cdnra"]
    b2ba = [list(row) for row in book["b2ba"].iter_rows(values_only=True)]
    number = october.orders["O4"].invoice_number
    assert b2ba[1][:6] == [BUYER_GSTIN, number, "08-Oct-2026", number, "08-Oct-2026", 565.5]
    b2csa = [list(row) for row in book["b2csa"].iter_rows(values_only=True)]
    assert b2csa[1][:6] == ["102026", "INTER", "34", "OE", 5, 0]


def test_a_corrected_gstin_amends_the_invoice_and_its_filed_credit_note(october, filed_october):
    o6, note = october.orders["O6"], october.notes["O6"]
    assert filed_october.reported["cdnr"] == {note.number: BUYER_GSTIN}
    _named(october, "O6", gstin=OTHER_GSTIN)
    data = gstr1(period_of("112026")).as_json()
    assert [(entry["ctin"], [inv["oinum"] for inv in entry["inv"]]) for entry in data["b2ba"]] == [
        (OTHER_GSTIN, [o6.invoice_number])
    ]
    assert data["b2csa"] == []
    [entry] = data["cdnra"]
    assert entry["ctin"] == OTHER_GSTIN
    assert entry["nt"] == [
        {
            "ont_num": note.number,
            "ont_dt": "11-10-2026",
            "ntty": "C",
            "nt_num": note.number,
            "nt_dt": "11-10-2026",
            "val": 1120.0,
            "pos": "37",
            "rchrg": "N",
            "inv_typ": "R",
            "itms": [{"num": 1, "itm_det": {"txval": 1000.0, "rt": 12, "camt": 60.0, "samt": 60.0, "csamt": 0}}],
        }
    ]
    assert [e for e in errors(data) if "too long" not in e] == []
