"""GSTR-3B of the hand-made October (books/tests/shop.py), and the set-off of credit against tax."""

from books import itc
from books.gstr3b import gstr3b, set_off


def test_outward_supplies_are_gstr1_net_of_its_notes(october, october_period):
    summary = gstr3b(october_period).summary()
    # b2b 1000 + b2cl 2000 + b2cs 1577.15 - cdnr 1000 - cdnur 1000; IGST 240 + 26.93 - 120;
    # CGST 60 + 32.46 - 60 (SGST the same)
    assert summary["outward"] == {
        "taxableValue": 2577.15,
        "cgst": 32.46,
        "sgst": 32.46,
        "igst": 146.93,
        "value": 2789.0,
    }
    assert summary["exempt"] == 80.0  # tomatoes: 40 + 20 to consumers, 20 to the business


def test_the_portal_json_has_3_1_3_2_and_4(october, october_period):
    data = gstr3b(october_period).as_json()
    assert (data["gstin"], data["ret_period"]) == ("37ABCDE1234F1Z5", "102026")
    assert data["sup_details"]["osup_det"] == {
        "txval": 2577.15,
        "iamt": 146.93,
        "camt": 32.46,
        "samt": 32.46,
        "csamt": 0.0,
    }
    assert data["sup_details"]["osup_nil_exmp"] == {"txval": 80.0}
    # Yanam: b2cs 538.57 (IGST 26.93) + b2cl 2000 (240) - cdnur 1000 (120)
    assert data["inter_sup"]["unreg_details"] == [{"pos": "34", "txval": 1538.57, "iamt": 146.93}]
    assert data["itc_elg"]["itc_net"] == {"iamt": 0.0, "camt": 0.0, "samt": 0.0, "csamt": 0.0}


def test_without_the_inventorys_purchases_the_itc_is_zero_and_says_so(october, october_period, monkeypatch):
    monkeypatch.setattr(itc, "_provider", lambda: None)
    summary = gstr3b(october_period).summary()
    assert summary["inputTaxAvailable"] is False
    assert summary["payableInCash"] == {"igst": 146.93, "cgst": 32.46, "sgst": 32.46}


def test_the_purchases_input_tax_is_set_off_and_the_rest_paid_in_cash(october, october_period, monkeypatch):
    asked = []

    def input_tax(*, start, end):
        asked.append((start.isoformat(), end.isoformat()))
        return {"documents": 3, "taxable_value": 100000, "igst": 10000, "cgst": 1000, "sgst": 500, "cess": 0}

    monkeypatch.setattr(itc, "_provider", lambda: input_tax)
    built = gstr3b(october_period)
    assert asked == [("2026-10-01T00:00:00+05:30", "2026-11-01T00:00:00+05:30")]
    summary = built.summary()
    assert summary["inputTaxAvailable"] is True and summary["purchases"] == 3
    # IGST credit 100.00 pays the IGST 146.93 in part; CGST 10.00 and SGST 5.00 credit pay their own
    assert summary["payableInCash"] == {"igst": 46.93, "cgst": 22.46, "sgst": 27.46}
    assert built.as_json()["itc_elg"]["itc_avl"][-1] == {
        "ty": "OTH",
        "iamt": 100.0,
        "camt": 10.0,
        "samt": 5.0,
        "csamt": 0.0,
    }


def test_igst_credit_goes_first_to_igst_then_cgst_then_sgst():
    result = set_off({"igst": 14693, "cgst": 3246, "sgst": 3246}, {"igst": 20000, "cgst": 1000, "sgst": 5000})
    assert result.used == {
        ("igst", "igst"): 14693,
        ("igst", "cgst"): 3246,
        ("igst", "sgst"): 2061,
        ("sgst", "sgst"): 1185,
    }
    assert result.cash == {"igst": 0, "cgst": 0, "sgst": 0}
    assert result.carried_forward == {"igst": 0, "cgst": 1000, "sgst": 3815}


def test_cgst_credit_never_pays_sgst_but_pays_igst():
    result = set_off({"igst": 500, "cgst": 0, "sgst": 700}, {"igst": 0, "cgst": 2000, "sgst": 0})
    assert result.used == {("cgst", "igst"): 500}
    assert result.cash == {"igst": 0, "cgst": 0, "sgst": 700}
    assert result.carried_forward == {"igst": 0, "cgst": 1500, "sgst": 0}
