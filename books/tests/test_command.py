import json

import pytest
from django.core.management import CommandError, call_command


def test_the_command_writes_the_returns_and_registers(october, purchases, tmp_path, capsys):
    call_command("gst_returns", "--period", "102026", "--out", str(tmp_path / "oct"))
    names = sorted(path.name for path in (tmp_path / "oct").iterdir())
    assert names == [
        "GSTR1_37ABCDE1234F1Z5_102026.json",
        "GSTR1_37ABCDE1234F1Z5_102026.xlsx",
        "GSTR3B_37ABCDE1234F1Z5_102026.json",
        "credit-notes-register-102026.csv",
        "day-book-102026.csv",
        "debit-notes-register-102026.csv",
        "hsn-register-102026.csv",
        "purchases-register-102026.csv",
        "sales-register-102026.csv",
        "summary_102026.json",
        "summary_102026.txt",
        "tally-102026.xml",
    ]
    summary = (tmp_path / "oct" / "summary_102026.txt").read_text()
    assert "input tax credit IGST 120.00, CGST 184.00, SGST 184.00 (2 purchases, 1 debit notes)" in summary
    assert "tax payable in cash IGST 0.00, CGST 0.00, SGST 0.00" in summary
    assert (tmp_path / "oct" / "tally-102026.xml").read_text().count("<VOUCHER ") == 13
    data = json.loads((tmp_path / "oct" / "GSTR1_37ABCDE1234F1Z5_102026.json").read_text())
    assert data["fp"] == "102026" and len(data["b2cs"]) == 3
    out = capsys.readouterr()
    assert "6 invoices, 4 credit notes, net taxable value 2657.15" in out.out
    assert "longer than 16 characters" in out.err


@pytest.mark.parametrize("period", ["13-2026", "012099"])
def test_a_bad_period_is_a_command_error(period, tmp_path, db):
    with pytest.raises(CommandError):
        call_command("gst_returns", "--period", period, "--out", str(tmp_path))
