"""A hand-made October 2026 for the books' tests: every figure of it worked out by hand.

The store is in Andhra Pradesh (37); Yanam is in Puducherry (34): inter-state, IGST. Prices include
GST. The packs and what one of each carries:

| pack                         | HSN      | rate | price   | taxable (intra / inter) | tax          |
|------------------------------|----------|------|---------|-------------------------|--------------|
| Sona Masoori Rice 5 kg       | 1006     | 5 %  | 420.00  | 400.00                  | 20.00        |
| Sunflower Oil 1 L            | 1512     | 5 %  | 145.50  | 138.58 / 138.57         | 6.92 / 6.93  |
| Tomatoes 500 g (exempt)      | 0702     | 0 %  | 20.00   | 20.00                   | 0            |
| Marie Biscuits 6 pcs         | 19053100 | 18 % | 59.00   | 50.00                   | 9.00         |
| Cow Ghee 1 L                 | 0405     | 12 % | 1120.00 | 1000.00                 | 120.00       |

(Oil within the state: 145.50 × 5 / 105 = 6.928…, rounded to an even number of paise so that CGST
and SGST are equal: 6.92, 3.46 each; between states 6.93 IGST.)

The orders (IST):
- O7 website, AP, 30 Sep 23:59:59: 1 biscuits; cancelled 1 Oct (its credit note is October's).
- O1 website, AP, 5 Oct: 2 rice, 1 oil, 2 tomatoes; a short pick of 1 rice (credit note).
- O2 counter CTR1, 6 Oct: 3 biscuits, 1 tomatoes.
- (a CTR1 number set aside for the till and never used: a gap in the series)
- O3 phone, AP, 7 Oct: 1 oil; cancelled the same day (a cancelled invoice, its note void).
- O4 website, Yanam, 8 Oct: 1 rice, 1 oil (inter-state, small: b2cs).
- O5 website, Yanam, 9 Oct: 2 ghee = 2240.00 (inter-state, over a threshold of ₹2,000: b2cl);
  1 ghee given back on a problem report (credit note: cdnur).
- O6 counter CTR1, 10 Oct, a business buyer with a GSTIN: 1 ghee, 1 tomatoes (b2b); the ghee
  given back (credit note: cdnr).
- O8 counter CTR1, 31 Oct 23:59:59: 1 rice (October's last second).
- O9 website, AP, 1 Nov 00:00:00: 1 rice (November's).
"""

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from catalog.models import Category, Detail, Financial, Product
from orders.buyers import invoice_buyer_set
from orders.credit_notes import credit_note_issue, credit_note_issue_for_rest
from orders.lines import line_retax, line_snapshot
from orders.models import CreditNote, Order
from orders.series import INDIA, ONLINE_INVOICES, series_next
from orders.tax import TaxInvoice, tax_invoice

AP, YANAM = "Andhra Pradesh", "Puducherry"
BUYER_GSTIN = "37AAPFU0939F1ZU"
BUYER_NAME = "Sri Lakshmi Caterers"


def at(month: int, day: int, hour: int = 10, minute: int = 0, second: int = 0) -> datetime:
    return datetime(2026, month, day, hour, minute, second, tzinfo=INDIA)


@dataclass
class Packs:
    rice: Financial
    oil: Financial
    tomato: Financial
    biscuits: Financial
    ghee: Financial


def _pack(name: str, hsn: str, rate: int, quantity: str, units: str, price: str) -> Financial:
    category, _ = Category.objects.get_or_create(key="books", defaults={"name": "BOOKS", "sequence": 1})
    product = Product.objects.create(
        name=name, slug=name.lower().replace(" ", "-"), category=category, hsn_code=hsn, gst_rate=rate
    )
    detail = Detail.objects.create(product=product, brand="SMLR")
    return Financial.objects.create(
        detail=detail, quantity=Decimal(quantity), units=units, price=Decimal(price), dprice=Decimal(price)
    )


def make_packs() -> Packs:
    return Packs(
        rice=_pack("Sona Masoori Rice", "1006", 5, "5", "kg", "420.00"),
        oil=_pack("Sunflower Oil", "1512", 5, "1", "L", "145.50"),
        tomato=_pack("Tomatoes", "0702", 0, "500", "g", "20.00"),
        biscuits=_pack("Marie Biscuits", "19053100", 18, "6", "pcs", "59.00"),
        ghee=_pack("Cow Ghee", "0405", 12, "1", "L", "1120.00"),
    )


def sale(user, *, when: datetime, lines, channel="website", state=AP, series=ONLINE_INVOICES) -> Order:
    """An order as placement (or the counter) leaves it, numbered in `series`."""
    order = Order(
        invoice_number=series_next(key=series, on=when),
        user=user,
        channel=channel,
        shipping_street="1 Main Road",
        shipping_city="Yanam" if state == YANAM else "Amalapuram",
        shipping_postal_code="533464" if state == YANAM else "533201",
        payment_method=Order.PaymentMethod.CASH_OR_UPI,
        items_price=0,
        shipping_price=0,
        total_price=0,
        place_of_supply=state,
        gst_interstate=state != AP,
        created_at=when,
    )
    built = [line_snapshot(order=order, pack=pack, qty=qty) for pack, qty in lines]
    order.items_price = order.total_price = sum((line.line_total for line in built), Decimal(0))
    order.save()
    for line in built:
        line.order = order
        line.save()
    ISSUED[order.pk] = tax_invoice(Order.objects.prefetch_related("items").get(pk=order.pk))
    return order


def _dated(note: CreditNote | None, when: datetime) -> CreditNote:
    CreditNote.objects.filter(pk=note.pk).update(created_at=when)
    return note


def short_pick(order: Order, pack: Financial, *, packs: int, when: datetime) -> CreditNote:
    """As packing does it: a credit note for `packs`, then the line lowered and re-taxed."""
    line = order.items.get(financial=pack)
    note = credit_note_issue(order=order, lines=[(line, packs)], reason="Short at packing")
    line.qty -= packs
    line_retax(line, interstate=order.gst_interstate)
    line.save()
    return _dated(note, when)


def give_back(order: Order, pack: Financial, *, packs: int, when: datetime) -> CreditNote:
    """A return or an approved problem report: a credit note, the line left as invoiced."""
    line = order.items.get(financial=pack)
    return _dated(credit_note_issue(order=order, lines=[(line, packs)], reason="Damaged"), when)


def cancel(order: Order, *, when: datetime) -> CreditNote:
    Order.objects.filter(pk=order.pk).update(status=Order.Status.CANCELLED, cancelled_at=when)
    order.refresh_from_db()
    return _dated(credit_note_issue_for_rest(order=order, reason="Cancelled"), when)


@dataclass
class October:
    packs: Packs
    orders: dict[str, Order]
    notes: dict[str, CreditNote]
    issued: dict[str, TaxInvoice]  # each invoice as it was printed when issued, before any change


ISSUED: dict[int, TaxInvoice] = {}


def build_october(user) -> October:
    p = make_packs()
    o = {}
    n = {}
    o["O7"] = sale(user, when=at(9, 30, 23, 59, 59), lines=[(p.biscuits, 1)])
    o["O1"] = sale(user, when=at(10, 5), lines=[(p.rice, 2), (p.oil, 1), (p.tomato, 2)])
    n["O7"] = cancel(o["O7"], when=at(10, 1, 9))
    n["O1"] = short_pick(o["O1"], p.rice, packs=1, when=at(10, 5, 12))
    o["O2"] = sale(user, when=at(10, 6), lines=[(p.biscuits, 3), (p.tomato, 1)], channel="counter", series="CTR1")
    series_next(key="CTR1", on=at(10, 6))  # a number the till set aside and never used
    o["O3"] = sale(user, when=at(10, 7), lines=[(p.oil, 1)], channel="phone")
    n["O3"] = cancel(o["O3"], when=at(10, 7, 15))
    o["O4"] = sale(user, when=at(10, 8), lines=[(p.rice, 1), (p.oil, 1)], state=YANAM)
    o["O5"] = sale(user, when=at(10, 9), lines=[(p.ghee, 2)], state=YANAM)
    n["O5"] = give_back(o["O5"], p.ghee, packs=1, when=at(10, 12))
    o["O6"] = sale(user, when=at(10, 10), lines=[(p.ghee, 1), (p.tomato, 1)], channel="counter", series="CTR1")
    invoice_buyer_set(order=o["O6"], gstin=BUYER_GSTIN, name=BUYER_NAME)
    n["O6"] = give_back(o["O6"], p.ghee, packs=1, when=at(10, 11))
    o["O8"] = sale(user, when=at(10, 31, 23, 59, 59), lines=[(p.rice, 1)], channel="counter", series="CTR1")
    o["O9"] = sale(user, when=at(11, 1, 0, 0, 0), lines=[(p.rice, 1)])
    return October(packs=p, orders=o, notes=n, issued={name: ISSUED[order.pk] for name, order in o.items()})
