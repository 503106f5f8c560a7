"""GSTR-3B of the hand-made October (books/tests/shop.py), and the set-off of credit against tax."""

from books import itc
from books.gstr3b import gstr3b, set_off
from books.periods import period_of


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


def test_without_purchases_the_itc_is_zero_and_all_tax_is_paid_in_cash(october, october_period):
    summary = gstr3b(october_period).summary()
    assert summary["inputTaxAvailable"] is True and summary["purchases"] == 0
    assert summary["inputTax"] == {"igst": 0.0, "cgst": 0.0, "sgst": 0.0}
    assert summary["payableInCash"] == {"igst": 146.93, "cgst": 32.46, "sgst": 32.46}


def test_the_periods_input_tax_is_the_inventorys_rows_less_its_debit_notes(purchases, october_period):
    tax = itc.input_tax(october_period)
    # P1 and P2 posted in October (P3 on 1 November); the debit note of 20 October takes 19 + 19 back
    assert (tax.documents, tax.debit_notes) == (2, 1)
    assert (tax.taxable_value, tax.cgst, tax.sgst, tax.igst) == (724000, 18400, 18400, 12000)
    november = itc.input_tax(period_of("112026"))
    assert (november.documents, november.cgst, november.sgst, november.igst) == (1, 3600, 3600, 0)


def test_the_purchases_input_tax_is_set_off_and_the_rest_paid_in_cash(purchases, october_period):
    built = gstr3b(october_period)
    summary = built.summary()
    assert summary["inputTaxAvailable"] is True and summary["purchases"] == 2
    assert summary["inputTax"] == {"igst": 120.0, "cgst": 184.0, "sgst": 184.0}
    # IGST credit 120.00 against IGST 146.93 (26.93 left); CGST credit 184.00 pays CGST 32.46 and
    # the IGST's 26.93; SGST credit 184.00 pays SGST 32.46 (never CGST): nothing in cash
    assert summary["payableInCash"] == {"igst": 0.0, "cgst": 0.0, "sgst": 0.0}
    assert summary["carriedForward"] == {"igst": 0.0, "cgst": 124.61, "sgst": 151.54}
    assert built.as_json()["itc_elg"]["itc_avl"][-1] == {
        "ty": "OTH",
        "iamt": 120.0,
        "camt": 184.0,
        "samt": 184.0,
        "csamt": 0.0,
    }
    assert built.as_json()["itc_elg"]["itc_net"] == {"iamt": 120.0, "camt": 184.0, "samt": 184.0, "csamt": 0.0}


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
