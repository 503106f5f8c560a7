"""October 2026's purchases for the books' tests, as `inventory.services` leaves them when it posts
an invoice and makes a debit note (a Purchase, its lines, one `InputTax` row per rate; a return,
its lines, a negative `InputTax` row per rate), written here directly: books only read them.

- P1 Godavari Traders (AP, CGST + SGST), GT/101 of 3 Oct, posted 4 Oct: 10 rice at 380.00 (5 %:
  3,800.00, 95.00 + 95.00) and 2 ghee at 900.00 (12 %: 1,800.00, 108.00 + 108.00);
- P2 Pune Wholesale (Maharashtra, IGST), PW-55 of 9 Oct, posted 10 Oct: 20 oil at 120.00 (5 %:
  2,400.00, IGST 120.00);
- DN 20 Oct: 2 of P1's rice back to Godavari (760.00, 19.00 + 19.00 taken back);
- P3 Godavari, GT/140 of 31 Oct, posted 1 Nov: 10 biscuits at 40.00 (18 %: 400.00, 36.00 + 36.00),
  November's credit.

October's input tax: CGST 95 + 108 − 19 = 184.00, SGST 184.00, IGST 120.00, taxable 7,240.00.
"""

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from inventory.models import InputTax, Purchase, PurchaseLine, PurchaseReturn, PurchaseReturnLine, Supplier
from orders.series import INDIA

GODAVARI_GSTIN = "37AAPFU0939F1ZU"
PUNE_GSTIN = "27AAPFU0939F1ZV"
D = Decimal


@dataclass
class Purchases:
    p1: Purchase
    p2: Purchase
    p3: Purchase
    debit_note: PurchaseReturn


def _purchase(supplier, number, invoice_day, posted_day, lines) -> Purchase:
    interstate = supplier.gstin[:2] != "37"
    purchase = Purchase.objects.create(
        supplier=supplier,
        invoice_number=number,
        invoice_date=invoice_day,
        fy="2026-27",
        interstate=interstate,
        status=Purchase.Status.POSTED,
        posted_at=datetime(posted_day.year, posted_day.month, posted_day.day, 11, tzinfo=INDIA),
    )
    by_rate: dict[int, list[Decimal]] = {}
    for pack, qty, cost in lines:
        rate = pack.detail.product.gst_rate
        taxable = D(qty) * D(cost)
        half = (taxable * rate / 200).quantize(D("0.01"))
        igst = (taxable * rate / 100).quantize(D("0.01"))
        cgst, sgst, igst = (D(0), D(0), igst) if interstate else (half, half, D(0))
        PurchaseLine.objects.create(
            purchase=purchase,
            financial=pack,
            qty=qty,
            unit_cost=D(cost),
            gst_rate=rate,
            taxable_value=taxable,
            cgst=cgst,
            sgst=sgst,
            igst=igst,
            batch_number=f"B-{number}",
            best_before=date(2027, 6, 30),
            mrp=pack.price,
        )
        sums = by_rate.setdefault(rate, [D(0)] * 4)
        for i, amount in enumerate((taxable, cgst, sgst, igst)):
            sums[i] += amount
    for rate, (taxable, cgst, sgst, igst) in sorted(by_rate.items()):
        InputTax.objects.create(
            supplier=supplier,
            supplier_gstin=supplier.gstin,
            purchase=purchase,
            document=InputTax.Document.INVOICE,
            document_number=number,
            document_date=invoice_day,
            recorded_on=posted_day,
            gst_rate=rate,
            taxable_value=taxable,
            cgst=cgst,
            sgst=sgst,
            igst=igst,
        )
    return purchase


def _debit_note(purchase, number, day, pack, qty) -> PurchaseReturn:
    line = purchase.lines.get(financial=pack)
    taxable = D(qty) * line.unit_cost
    half = (taxable * line.gst_rate / 200).quantize(D("0.01"))
    made = PurchaseReturn.objects.create(
        purchase=purchase,
        debit_note_number=number,
        reason=PurchaseReturn.Reason.DAMAGED,
        made_at=datetime(day.year, day.month, day.day, 16, tzinfo=INDIA),
    )
    PurchaseReturnLine.objects.create(
        purchase_return=made, line=line, qty=qty, taxable_value=taxable, cgst=half, sgst=half, igst=0
    )
    InputTax.objects.create(
        supplier=purchase.supplier,
        supplier_gstin=purchase.supplier.gstin,
        purchase=purchase,
        purchase_return=made,
        document=InputTax.Document.DEBIT_NOTE,
        document_number=number,
        document_date=day,
        recorded_on=day,
        gst_rate=line.gst_rate,
        taxable_value=-taxable,
        cgst=-half,
        sgst=-half,
        igst=0,
    )
    return made


def build_purchases(packs) -> Purchases:
    godavari = Supplier.objects.create(name="Godavari Traders", gstin=GODAVARI_GSTIN)
    pune = Supplier.objects.create(name="Pune Wholesale", gstin=PUNE_GSTIN)
    p1 = _purchase(
        godavari, "GT/101", date(2026, 10, 3), date(2026, 10, 4), [(packs.rice, 10, "380.00"), (packs.ghee, 2, "900")]
    )
    p2 = _purchase(pune, "PW-55", date(2026, 10, 9), date(2026, 10, 10), [(packs.oil, 20, "120.00")])
    debit_note = _debit_note(p1, "DN/2026-27/000001", date(2026, 10, 20), packs.rice, 2)
    p3 = _purchase(godavari, "GT/140", date(2026, 10, 31), date(2026, 11, 1), [(packs.biscuits, 10, "40.00")])
    return Purchases(p1=p1, p2=p2, p3=p3, debit_note=debit_note)
