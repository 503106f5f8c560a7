"""GSTR-1 of the hand-made October (books/tests/shop.py): every figure below worked out by hand."""

from books.gstr1 import gstr1
from books.periods import period_of
from books.tests.shop import BUYER_GSTIN


def built(period) -> dict:
    return gstr1(period).as_json()


def test_the_header_names_the_store_the_period_and_the_version(october, october_period):
    data = built(october_period)
    assert (data["gstin"], data["fp"], data["version"]) == ("37ABCDE1234F1Z5", "102026", "GST3.1.2")


def test_b2cs_nets_the_credit_notes_of_consumer_sales_by_supply_type_place_and_rate(october, october_period):
    # INTRA 37 5 %: O1 rice 800 + oil 138.58 + O8 rice 400, less O1's short pick 400 = 938.58;
    #   CGST 20 + 3.46 + 10 - 10 = 23.46, SGST the same.
    # INTRA 37 18 %: O2 biscuits 150, less O7's cancellation (September's sale) 50 = 100; 9 + 9.
    # INTER 34 5 %: O4 rice 400 + oil 138.57 = 538.57; IGST 20 + 6.93 = 26.93.
    # O3 (cancelled in October) is nowhere; O5 is b2cl, O6 b2b; tomatoes are exempt (nil).
    assert built(october_period)["b2cs"] == [
        {"sply_ty": "INTER", "pos": "34", "typ": "OE", "rt": 5, "txval": 538.57, "iamt": 26.93, "csamt": 0},
        {
            "sply_ty": "INTRA",
            "pos": "37",
            "typ": "OE",
            "rt": 5,
            "txval": 938.58,
            "camt": 23.46,
            "samt": 23.46,
            "csamt": 0,
        },
        {"sply_ty": "INTRA", "pos": "37", "typ": "OE", "rt": 18, "txval": 100.0, "camt": 9.0, "samt": 9.0, "csamt": 0},
    ]


def test_b2cl_lists_inter_state_consumer_invoices_over_the_threshold_and_cdnur_their_notes(october, october_period):
    data = built(october_period)
    o5 = october.orders["O5"]
    assert data["b2cl"] == [
        {
            "pos": "34",
            "inv": [
                {
                    "inum": o5.invoice_number,
                    "idt": "09-10-2026",
                    "val": 2240.0,
                    "itms": [{"num": 1, "itm_det": {"txval": 2000.0, "rt": 12, "iamt": 240.0, "csamt": 0}}],
                }
            ],
        }
    ]
    assert data["cdnur"] == [
        {
            "typ": "B2CL",
            "ntty": "C",
            "nt_num": october.notes["O5"].number,
            "nt_dt": "12-10-2026",
            "val": 1120.0,
            "pos": "34",
            "itms": [{"num": 1, "itm_det": {"txval": 1000.0, "rt": 12, "iamt": 120.0, "csamt": 0}}],
        }
    ]


def test_the_threshold_is_a_setting_an_invoice_under_it_goes_to_b2cs(october, october_period, settings):
    settings.GST_B2CL_THRESHOLD = 100000  # ₹1 lakh: O5's ₹2,240 is a small invoice
    data = built(october_period)
    assert data["b2cl"] == [] and data["cdnur"] == []
    inter_12 = [row for row in data["b2cs"] if row["sply_ty"] == "INTER" and row["rt"] == 12]
    # O5's 2000 less its note's 1000, IGST 240 - 120
    assert inter_12 == [
        {"sply_ty": "INTER", "pos": "34", "typ": "OE", "rt": 12, "txval": 1000.0, "iamt": 120.0, "csamt": 0}
    ]


def test_an_invoice_of_exactly_the_threshold_is_not_large(october, october_period, settings):
    settings.GST_B2CL_THRESHOLD = 2240
    assert built(october_period)["b2cl"] == []


def test_b2b_and_cdnr_name_the_buyer_gstin(october, october_period):
    data = built(october_period)
    o6, note = october.orders["O6"], october.notes["O6"]
    item = {"num": 1, "itm_det": {"txval": 1000.0, "rt": 12, "camt": 60.0, "samt": 60.0, "csamt": 0}}
    assert data["b2b"] == [
        {
            "ctin": BUYER_GSTIN,
            "inv": [
                {
                    "inum": o6.invoice_number,
                    "idt": "10-10-2026",
                    "val": 1140.0,  # the ghee and the (exempt) tomatoes
                    "pos": "37",
                    "rchrg": "N",
                    "inv_typ": "R",
                    "itms": [item],  # the exempt line is in `nil`, not here
                }
            ],
        }
    ]
    assert data["cdnr"] == [
        {
            "ctin": BUYER_GSTIN,
            "nt": [
                {
                    "ntty": "C",
                    "nt_num": note.number,
                    "nt_dt": "11-10-2026",
                    "val": 1120.0,
                    "pos": "37",
                    "rchrg": "N",
                    "inv_typ": "R",
                    "itms": [item],
                }
            ],
        }
    ]


def test_exempt_goods_are_reported_in_nil_by_buyer_and_supply_type(october, october_period):
    # Tomatoes: O1 2 × 20 and O2 20 to consumers; O6 20 to the business buyer.
    assert built(october_period)["nil"] == {
        "inv": [
            {"sply_ty": "INTRAB2B", "expt_amt": 20.0, "nil_amt": 0, "ngsup_amt": 0},
            {"sply_ty": "INTRAB2C", "expt_amt": 60.0, "nil_amt": 0, "ngsup_amt": 0},
        ]
    }


def test_the_hsn_summary_by_code_uqc_and_rate_split_b2b_and_b2c_net_of_notes(october, october_period):
    hsn = built(october_period)["hsn"]
    row = lambda code, desc, uqc, qty, rt, txval, iamt, camt, samt: {  # noqa: E731
        "hsn_sc": code, "desc": desc, "uqc": uqc, "qty": qty, "rt": rt,
        "txval": txval, "iamt": iamt, "camt": camt, "samt": samt, "csamt": 0,
    }  # fmt: skip
    numbered = lambda rows: [{"num": i, **r} for i, r in enumerate(rows, start=1)]  # noqa: E731
    assert hsn["hsn_b2c"] == numbered(
        [
            # ghee: O5's 2 L less its note's 1 L
            row("0405", "SMLR Cow Ghee", "LTR", 1.0, 12, 1000.0, 120.0, 0.0, 0.0),
            # tomatoes: O1 2 × 500 g, O2 500 g
            row("0702", "SMLR Tomatoes", "KGS", 1.5, 0, 60.0, 0.0, 0.0, 0.0),
            # rice: O1 2 × 5 kg, O4 5 kg, O8 5 kg, less O1's short pick 5 kg
            row("1006", "SMLR Sona Masoori Rice", "KGS", 15.0, 5, 1200.0, 20.0, 20.0, 20.0),
            # oil: O1 1 L (intra), O4 1 L (inter)
            row("1512", "SMLR Sunflower Oil", "LTR", 2.0, 5, 277.15, 6.93, 3.46, 3.46),
            # biscuits (HSN 19053100, 4 digits): O2 3 × 6 pcs less O7's cancellation 6 pcs
            row("1905", "SMLR Marie Biscuits", "PCS", 12.0, 18, 100.0, 0.0, 9.0, 9.0),
        ]
    )
    assert hsn["hsn_b2b"] == numbered(
        [
            row("0405", "SMLR Cow Ghee", "LTR", 0.0, 12, 0.0, 0.0, 0.0, 0.0),  # sold and given back
            row("0702", "SMLR Tomatoes", "KGS", 0.5, 0, 20.0, 0.0, 0.0, 0.0),
        ]
    )


def test_six_digit_hsn_codes_when_the_turnover_setting_says_so(october, october_period, settings):
    settings.GST_HSN_DIGITS = 6
    codes = [row["hsn_sc"] for row in built(october_period)["hsn"]["hsn_b2c"]]
    assert codes == ["0405", "0702", "1006", "1512", "190531"]  # a 4-digit code stays as it is


def test_doc_issue_counts_each_series_with_its_cancelled_and_unused_numbers(october, october_period):
    o, n = october.orders, october.notes
    docs = built(october_period)["doc_issue"]["doc_det"]
    assert docs == [
        {
            "doc_num": 1,
            "docs": [
                # CTR1: O2 (1), the unused number (2), O6 (3), O8 (4)
                {"num": 1, "from": o["O2"].invoice_number, "to": o["O8"].invoice_number, "totnum": 4, "cancel": 1, "net_issue": 3},
                # SMLR: O1 (2), O3 (3, cancelled), O4 (4), O5 (5); O7 (1) is September's, O9 (6) November's
                {"num": 2, "from": o["O1"].invoice_number, "to": o["O5"].invoice_number, "totnum": 4, "cancel": 1, "net_issue": 3},
            ],
        },
        {
            "doc_num": 5,
            "docs": [
                # O7, O1, O3 (void with its invoice), O5, O6
                {"num": 1, "from": n["O7"].number, "to": n["O6"].number, "totnum": 5, "cancel": 1, "net_issue": 4},
            ],
        },
    ]  # fmt: skip
    assert o["O2"].invoice_number == "CTR1/2026-27/000001" and o["O1"].invoice_number == "SMLR/2026-27/000002"


def test_an_order_at_the_last_second_of_the_month_is_that_months_and_the_next_second_the_next(october):
    october_numbers = {inv["inum"] for row in built(period_of("102026"))["b2cl"] for inv in row["inv"]}
    november = gstr1(period_of("112026"))
    assert november.counts["invoices"] == 1  # O9 alone
    assert october_numbers.isdisjoint({october.orders["O9"].invoice_number})
    october_docs = built(period_of("102026"))["doc_issue"]["doc_det"][0]["docs"]
    assert october.orders["O8"].invoice_number in {doc["to"] for doc in october_docs}


def test_a_quarter_holds_its_three_months(october):
    quarter = gstr1(period_of("122026", quarterly=True))  # October to December
    # O1-O6, O8 (O3 cancelled) and O9; O7 is September's (the quarter before)
    assert (quarter.counts["invoices"], quarter.counts["cancelled_invoices"]) == (7, 1)
    september = gstr1(period_of("092026", quarterly=True))
    assert september.counts["invoices"] == 1  # O7: cancelled in October, so September reports it


def test_the_sections_add_up_to_the_invoices_less_the_credit_notes(october, october_period):
    built_return = gstr1(october_period)
    summary = built_return.summary()
    # invoices (O1 1018.58... as issued, O2, O4, O5, O6, O8): taxable 978.58 + 170 + 538.57 + 2000 + 1020 + 400
    assert summary["sections"]["invoices"]["taxableValue"] == 5107.15
    # notes O1 400, O5 1000, O6 1000, O7 50 (O3's is void with its invoice)
    assert summary["sections"]["credit_notes"]["taxableValue"] == 2450.0
    assert summary["net"]["taxableValue"] == 2657.15
    data = built_return.as_json()
    hsn_total = sum(row["txval"] for part in data["hsn"].values() for row in part)
    assert round(hsn_total, 2) == 2657.15


def test_the_summary_tells_the_owner_of_numbers_the_portal_refuses(october, october_period):
    summary = gstr1(october_period).summary()
    assert summary["counts"]["numbers_over_16_characters"] == 12  # October's 7 invoices and 5 credit notes
    assert summary["problems"] == [
        "12 document numbers are longer than 16 characters, which the portal refuses "
        "(e.g. SMLR/2026-27/000002, CTR1/2026-27/000001, SMLR/2026-27/000003)"
    ]


def test_the_return_ties_out_to_the_invoices_as_printed_and_the_credit_notes_own_totals(october, october_period):
    """Recomputed from the documents themselves: each invoice as `orders.tax.tax_invoice` printed it
    when issued, and each credit note's own header (its stored paise), not from the books' reader."""
    october_invoices = [name for name in ("O1", "O2", "O4", "O5", "O6", "O8")]  # O3 cancelled in October
    october_notes = [name for name in ("O1", "O5", "O6", "O7")]  # O3's is void with its invoice
    by_rate: dict[int, list[int]] = {}
    for name in october_invoices:
        for rate in october.issued[name].rates:
            totals = by_rate.setdefault(rate.rate, [0, 0, 0, 0])
            for i, amount in enumerate((rate.taxable_value, rate.split.cgst, rate.split.sgst, rate.split.igst)):
                totals[i] += int(amount * 100)
    notes_by_rate: dict[int, list[int]] = {}
    for name in october_notes:
        for line in october.notes[name].lines.all():
            totals = notes_by_rate.setdefault(line.gst_rate, [0, 0, 0, 0])
            for i, amount in enumerate((line.taxable_value_paise, line.cgst_paise, line.sgst_paise, line.igst_paise)):
                totals[i] += amount
    header = sum(october.notes[name].taxable_value_paise for name in october_notes)
    assert header == sum(totals[0] for totals in notes_by_rate.values())

    built_return = gstr1(october_period)
    data, summary = built_return.as_json(), built_return.summary()
    invoiced = sum(totals[0] for totals in by_rate.values())
    assert round(summary["sections"]["invoices"]["taxableValue"] * 100) == invoiced
    assert round(summary["sections"]["credit_notes"]["taxableValue"] * 100) == header
    net_by_rate = {
        rate: [a - b for a, b in zip(by_rate.get(rate, [0] * 4), notes_by_rate.get(rate, [0] * 4), strict=True)]
        for rate in set(by_rate) | set(notes_by_rate)
    }
    # The HSN summary by rate, B2B and B2C together, is the invoices less the notes, rate by rate.
    hsn_by_rate: dict[int, list[int]] = {}
    for row in data["hsn"]["hsn_b2b"] + data["hsn"]["hsn_b2c"]:
        totals = hsn_by_rate.setdefault(row["rt"], [0, 0, 0, 0])
        for i, key in enumerate(("txval", "camt", "samt", "iamt")):
            totals[i] += round(row[key] * 100)
    assert hsn_by_rate == net_by_rate
    # And the sections, rate by rate: b2b + b2cl + b2cs (netted) - cdnr - cdnur, exempt in nil.
    sections: dict[int, list[int]] = {}

    def count(rate, det, sign):
        totals = sections.setdefault(rate, [0, 0, 0, 0])
        for i, key in enumerate(("txval", "camt", "samt", "iamt")):
            totals[i] += sign * round(det.get(key, 0) * 100)

    for name, sign in (("b2b", 1), ("b2cl", 1)):
        for group in data[name]:
            for invoice in group["inv"]:
                for item in invoice["itms"]:
                    count(item["itm_det"]["rt"], item["itm_det"], sign)
    for group in data["cdnr"]:
        for note in group["nt"]:
            for item in note["itms"]:
                count(item["itm_det"]["rt"], item["itm_det"], -1)
    for note in data["cdnur"]:
        for item in note["itms"]:
            count(item["itm_det"]["rt"], item["itm_det"], -1)
    for row in data["b2cs"]:
        count(row["rt"], row, 1)
    sections[0] = [sum(round(row["expt_amt"] * 100) for row in data["nil"]["inv"]), 0, 0, 0]
    assert sections == net_by_rate


def test_the_number_of_queries_does_not_grow_with_the_orders(october, october_period, customer):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from books.tests.shop import YANAM, at, give_back, sale

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            gstr1(october_period).as_json()
        return len(captured)

    before = queries()
    p = october.packs
    for day in range(13, 18):
        order = sale(customer, when=at(10, day), lines=[(p.ghee, 2), (p.rice, 1)], state=YANAM)
        give_back(order, p.ghee, packs=1, when=at(10, day, 18))
    assert queries() == before
