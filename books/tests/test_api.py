"""The books' API: the owner's downloads, and bad input answered 400 with a message, never a 500."""

import json

import pytest

from books.tests.test_gstr1_schema import errors


@pytest.fixture
def owner(as_user, admin_user):
    return as_user(admin_user)


def test_the_owner_downloads_the_october_gstr1(october, owner):
    response = owner.get("/api/books/gstr1", {"period": "102026"})
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="GSTR1_37ABCDE1234F1Z5_102026.json"'
    data = json.loads(response.content)
    assert data["fp"] == "102026" and len(data["b2cs"]) == 3
    assert all("too long" in message for message in errors(data))  # only the series' long numbers


def test_the_summary_and_a_quarter(october, owner):
    summary = owner.get("/api/books/gstr1", {"period": "122026", "quarterly": "true", "part": "summary"}).json()
    assert (summary["from"], summary["to"], summary["quarterly"]) == ("2026-10-01", "2026-12-31", True)
    three_b = owner.get("/api/books/gstr3b", {"period": "102026"}).json()
    assert three_b["summary"]["outward"]["taxableValue"] == 2577.15
    assert three_b["json"]["ret_period"] == "102026"


def test_a_register_downloads_as_csv(october, owner):
    response = owner.get("/api/books/registers/sales.csv", {"from": "2026-10-01", "to": "2026-10-31"})
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    lines = b"".join(response.streaming_content).decode().splitlines()
    assert lines[0].startswith("Invoice number,Date,Channel")
    assert len(lines) == 1 + 10  # O1 2 rates, O2 2, O3, O4, O5, O6 2, O8
    hsn = owner.get("/api/books/registers/hsn.csv", {"from": "2026-10-01", "to": "2026-10-31"})
    assert len(b"".join(hsn.streaming_content).decode().splitlines()) == 1 + 7


@pytest.mark.parametrize(
    ("path", "query", "code"),
    [
        ("/api/books/gstr1", {"period": "132026"}, "invalid_period"),
        ("/api/books/gstr1", {}, "invalid_period"),
        ("/api/books/gstr1", {"period": "012099"}, "period_in_future"),
        ("/api/books/gstr3b", {"period": "052026", "quarterly": "1"}, "invalid_period"),
        ("/api/books/registers/sales.csv", {"from": "2026-03-31", "to": "2026-04-01"}, "range_across_years"),
        ("/api/books/registers/day-book.csv", {"from": "yesterday", "to": "2026-04-01"}, "invalid_date"),
    ],
)
def test_bad_input_is_a_400_with_a_message(owner, path, query, code, db):
    response = owner.get(path, query, HTTP_ACCEPT="text/csv")
    assert response.status_code == 400
    body = response.json()
    assert body["message"] and body.get("code", code) == code


def test_the_gstr1_download_asks_a_constant_number_of_queries(october, owner, django_assert_max_num_queries):
    with django_assert_max_num_queries(20):
        assert owner.get("/api/books/gstr1", {"period": "102026"}).status_code == 200


def test_a_bad_period_is_told_in_telugu(owner, db):
    response = owner.get("/api/books/gstr1", {"period": "132026"}, HTTP_ACCEPT_LANGUAGE="te")
    assert response.status_code == 400
    assert response.json()["message"] == "రిటర్న్ కాలాన్ని MMYYYY రూపంలో రాయాలి, ఉదా. ఏప్రిల్ 2027కి 042027."


def test_the_workbook_the_new_registers_and_the_tally_file_download(october, purchases, owner):
    from io import BytesIO

    from openpyxl import load_workbook

    book = owner.get("/api/books/gstr1.xlsx", {"period": "102026"})
    assert book.status_code == 200
    assert book["Content-Disposition"] == 'attachment; filename="GSTR1_37ABCDE1234F1Z5_102026.xlsx"'
    assert "b2cs" in load_workbook(BytesIO(b"".join(book.streaming_content)), read_only=True).sheetnames
    october_range = {"from": "2026-10-01", "to": "2026-10-31"}
    purchases_csv = owner.get("/api/books/registers/purchases.csv", october_range)
    lines = b"".join(purchases_csv.streaming_content).decode().splitlines()
    assert lines[0].startswith("Supplier invoice number,") and len(lines) == 1 + 3
    notes = owner.get("/api/books/registers/debit-notes.xlsx", october_range)
    assert notes["Content-Type"].startswith("application/vnd.openxmlformats")
    rows = list(load_workbook(BytesIO(b"".join(notes.streaming_content))).active.iter_rows(values_only=True))
    assert rows[1][0] == "DN/2026-27/000001"
    xml = owner.get("/api/books/tally.xml", october_range)
    assert xml.status_code == 200 and xml["Content-Type"].startswith("application/xml")
    assert b"".join(xml.streaming_content).count(b"<VOUCHER ") == 13


@pytest.mark.parametrize(
    ("path", "query", "code"),
    [
        ("/api/books/gstr1.xlsx", {"period": "012099"}, "period_in_future"),
        ("/api/books/tally.xml", {"from": "2026-03-31", "to": "2026-04-01"}, "range_across_years"),
        ("/api/books/registers/purchases.xlsx", {"from": "2026-04-02", "to": "2026-04-01"}, "invalid_range"),
    ],
)
def test_the_new_downloads_refuse_bad_input_with_a_400(owner, path, query, code, db):
    response = owner.get(path, query)
    assert response.status_code == 400
    assert response.json()["code"] == code
