"""The TallyPrime import of the hand-made October: every voucher balances to the paisa, and the
ledgers add up to the returns' figures."""

import xml.etree.ElementTree as ET
from collections import Counter
from datetime import timedelta
from decimal import Decimal

from books import tally
from books.gstr1 import gstr1
from books.itc import input_tax
from books.tests.shop import BUYER_GSTIN, at, give_back, sale
from orders.models import Order


def parsed(span):
    return ET.fromstring("".join(tally.tally_xml(span)).encode())


def entries(voucher):
    return [
        (
            entry.findtext("LEDGERNAME"),
            entry.findtext("ISDEEMEDPOSITIVE"),
            Decimal(entry.findtext("AMOUNT")),
        )
        for entry in voucher.iter("ALLLEDGERENTRIES.LIST")
    ]


def test_the_envelope_is_an_import_of_vouchers(october, purchases, october_period, settings):
    settings.TALLY_COMPANY = "SMLR Mart Retail & Co"
    root = parsed(october_period)
    assert root.tag == "ENVELOPE"
    assert root.findtext("HEADER/TALLYREQUEST") == "Import Data"
    assert root.findtext("BODY/IMPORTDATA/REQUESTDESC/REPORTNAME") == "Vouchers"
    assert root.findtext("BODY/IMPORTDATA/REQUESTDESC/STATICVARIABLES/SVCURRENTCOMPANY") == "SMLR Mart Retail & Co"
    vouchers = root.findall("BODY/IMPORTDATA/REQUESTDATA/TALLYMESSAGE/VOUCHER")
    # O1, O2, O4, O5, O6, O8 (O3 cancelled the same month); 4 notes (O3's void); P1, P2; one debit note
    assert Counter(v.get("VCHTYPE") for v in vouchers) == {"Sales": 6, "Credit Note": 4, "Purchase": 2, "Debit Note": 1}
    assert all(v.findtext("VOUCHERTYPENAME") == v.get("VCHTYPE") for v in vouchers)


def test_every_voucher_balances_to_the_paisa(october, purchases, october_period):
    vouchers = parsed(october_period).iter("VOUCHER")
    for voucher in vouchers:
        lines = entries(voucher)
        assert lines, voucher.findtext("VOUCHERNUMBER")
        debits = sum(-amount for _, positive, amount in lines if positive == "Yes")
        credits = sum(amount for _, positive, amount in lines if positive == "No")
        assert all(amount < 0 for _, positive, amount in lines if positive == "Yes")
        assert all(amount > 0 for _, positive, amount in lines if positive == "No")
        assert debits == credits, voucher.findtext("VOUCHERNUMBER")
        assert all(amount == amount.quantize(Decimal("0.01")) for *_, amount in lines)


def test_the_ledgers_add_up_to_gstr1_and_the_input_tax(october, purchases, october_period):
    net = gstr1(october_period).summary()["net"]
    totals: dict[str, Decimal] = Counter()
    for voucher in parsed(october_period).iter("VOUCHER"):
        for name, _, amount in entries(voucher):
            totals[name] += amount  # credits positive
    income = sum(amount for name, amount in totals.items() if name.startswith(("Sales", "Delivery")))
    assert income == Decimal(str(net["taxableValue"]))
    assert totals["Output CGST 2.5%"] + totals["Output CGST 6%"] + totals["Output CGST 9%"] == Decimal(str(net["cgst"]))
    assert sum(amount for name, amount in totals.items() if name.startswith("Output IGST")) == Decimal(str(net["igst"]))
    itc = input_tax(october_period)
    assert -sum(amount for name, amount in totals.items() if name.startswith("Input CGST")) == Decimal(itc.cgst) / 100
    assert -totals["Input IGST 5%"] == Decimal("120.00")
    assert totals["Godavari Traders"] == Decimal("6006.00") - Decimal("798.00")


def test_a_business_sale_names_its_buyer_and_the_ledgers_come_from_settings(october, october_period, settings):
    settings.TALLY_LEDGERS = {**settings.TALLY_LEDGERS, "sales": "Local sales {rate} pc", "cash": "Cash in hand"}
    root = parsed(october_period)
    o6 = next(v for v in root.iter("VOUCHER") if v.findtext("VOUCHERNUMBER") == october.orders["O6"].invoice_number)
    assert o6.findtext("PARTYGSTIN") == BUYER_GSTIN and o6.findtext("PLACEOFSUPPLY") == "Andhra Pradesh"
    names = [name for name, *_ in entries(o6)]
    assert names == ["Cash in hand", "Local sales 12 pc", "Sales exempt", "Output CGST 6%", "Output SGST 6%"]
    o5 = next(v for v in root.iter("VOUCHER") if v.findtext("VOUCHERNUMBER") == october.orders["O5"].invoice_number)
    assert o5.findtext("PLACEOFSUPPLY") == "Puducherry"
    assert [name for name, *_ in entries(o5)] == ["Cash in hand", "Local sales 12 pc", "Output IGST 12%"]


def test_a_sale_partly_paid_by_store_credit_debits_the_store_credit_ledger(october, october_period, customer):
    order = sale(customer, when=at(10, 20), lines=[(october.packs.rice, 1), (october.packs.oil, 1)])
    Order.objects.filter(pk=order.pk).update(
        payment_method=Order.PaymentMethod.ONLINE, store_credit_applied=Decimal("100.50")
    )
    voucher = next(
        v for v in parsed(october_period).iter("VOUCHER") if v.findtext("VOUCHERNUMBER") == order.invoice_number
    )
    lines = entries(voucher)
    assert [(name, positive, amount) for name, positive, amount in lines if positive == "Yes"] == [
        ("Online payments clearing", "Yes", Decimal("-465.00")),
        ("Store credit", "Yes", Decimal("-100.50")),
    ]
    assert voucher.findtext("PARTYLEDGERNAME") == "Online payments clearing"
    debits = sum(-amount for _, positive, amount in lines if positive == "Yes")
    credits = sum(amount for _, positive, amount in lines if positive == "No")
    assert debits == credits == Decimal("565.50")


def test_a_sale_paid_wholly_by_store_credit_debits_only_that_ledger(october, october_period, customer):
    order = sale(customer, when=at(10, 21), lines=[(october.packs.tomato, 2)])
    Order.objects.filter(pk=order.pk).update(store_credit_applied=Decimal("40.00"))
    voucher = next(
        v for v in parsed(october_period).iter("VOUCHER") if v.findtext("VOUCHERNUMBER") == order.invoice_number
    )
    assert entries(voucher) == [("Store credit", "Yes", Decimal("-40.00")), ("Sales exempt", "No", Decimal("40.00"))]
    assert voucher.findtext("PARTYLEDGERNAME") == "Store credit"


def _credit_back(order, note, paise: int) -> None:
    """As a refund as store credit leaves it: the entry written with the note (`payments.credit`)."""
    from payments.credit import credit_refund
    from payments.models import StoreCreditEntry

    entry = credit_refund(order=order, paise=paise, reason="Damaged")
    note.refresh_from_db()  # dated by the test after it was made
    StoreCreditEntry.objects.filter(pk=entry.pk).update(created_at=note.created_at + timedelta(seconds=1))


def _balanced(voucher) -> bool:
    lines = entries(voucher)
    debits = sum(-amount for _, positive, amount in lines if positive == "Yes")
    credits = sum(amount for _, positive, amount in lines if positive == "No")
    return bool(lines) and debits == credits


def test_a_refund_as_store_credit_credits_the_store_credit_ledger_and_a_card_refund_the_gateway(
    october, purchases, october_period, customer
):
    p = october.packs
    cash = sale(customer, when=at(10, 20), lines=[(p.rice, 1), (p.oil, 1)])
    cash_note = give_back(cash, p.rice, packs=1, when=at(10, 21))
    _credit_back(cash, cash_note, 42000)
    card = sale(customer, when=at(10, 22), lines=[(p.ghee, 1), (p.oil, 1)])
    Order.objects.filter(pk=card.pk).update(payment_method=Order.PaymentMethod.ONLINE)
    card_note = give_back(card, p.ghee, packs=1, when=at(10, 23))
    # Part of a refund as credit, the rest to the gateway (an online order that had spent credit)
    mixed = sale(customer, when=at(10, 24), lines=[(p.rice, 1), (p.oil, 1)])
    Order.objects.filter(pk=mixed.pk).update(payment_method=Order.PaymentMethod.ONLINE)
    mixed_note = give_back(mixed, p.rice, packs=1, when=at(10, 25))
    _credit_back(mixed, mixed_note, 10050)

    root = parsed(october_period)
    vouchers = {v.findtext("VOUCHERNUMBER"): v for v in root.iter("VOUCHER")}
    assert all(_balanced(voucher) for voucher in vouchers.values()), [
        number for number, voucher in vouchers.items() if not _balanced(voucher)
    ]
    refunds = {
        note.number: [(name, amount) for name, positive, amount in entries(vouchers[note.number]) if positive == "No"]
        for note in (cash_note, card_note, mixed_note)
    }
    assert refunds[cash_note.number] == [("Store credit", Decimal("420.00"))]
    assert vouchers[cash_note.number].findtext("PARTYLEDGERNAME") == "Store credit"
    assert refunds[card_note.number] == [("Online payments clearing", Decimal("1120.00"))]
    assert refunds[mixed_note.number] == [
        ("Online payments clearing", Decimal("319.50")),
        ("Store credit", Decimal("100.50")),
    ]
    # October's own notes gave no credit back: still the way their orders were paid
    assert refunds_of(vouchers[october.notes["O5"].number]) == ["Cash"]


def refunds_of(voucher) -> list[str]:
    return [
        name for name, positive, _ in entries(voucher) if positive == "No" and not name.startswith(("Sales", "Out"))
    ]


def test_a_store_credit_far_from_any_note_is_no_refund_of_one(october, october_period, customer):
    p = october.packs
    order = sale(customer, when=at(10, 20), lines=[(p.rice, 2)])
    note = give_back(order, p.rice, packs=1, when=at(10, 21))
    _credit_back(order, note, 42000)
    from payments.models import StoreCreditEntry

    # A goodwill refund a day later (no credit note): not this note's money
    StoreCreditEntry.objects.filter(order=order).update(created_at=at(10, 22))
    voucher = next(v for v in parsed(october_period).iter("VOUCHER") if v.findtext("VOUCHERNUMBER") == note.number)
    assert refunds_of(voucher) == ["Cash"]
