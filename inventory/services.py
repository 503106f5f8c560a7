"""Writes of suppliers and purchases: entering a supplier's invoice, posting it (its packs on the
shelf through `catalog.stock`, its input tax recorded), and sending goods back on a debit note.

Lock order: the purchase's row first (its status UPDATE, which two postings of one purchase queue
on), then the packs (inside `catalog.stock`), then the debit note series (`orders.series`, last).
"""

import re
from collections import defaultdict
from collections.abc import Sequence
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, InvalidValue, NotFound
from common.fields import as_whole_number
from common.gstin import to_gstin
from common.money import to_paise
from common.text import clean_text
from orders.series import DEBIT_NOTES, financial_year, series_next

from . import entry
from .models import InputTax, Purchase, PurchaseLine, PurchaseReturn, PurchaseReturnLine, Supplier
from .tax import ZERO, line_tax, supplier_interstate

MAX_LINES = 500
MAX_LEAD_TIME_DAYS = 90
# GST invoice numbers: at most 16 characters, letters, digits, '/' and '-' (rule 46(b)).
INVOICE_NUMBER = re.compile(r"[A-Za-z0-9/-]{1,16}")


def supplier_create(
    *, name: str, gstin: str, phone: str = "", address: str = "", lead_time_days: object = 2
) -> Supplier:
    """A new supplier; its GSTIN checked (format, state, check character) and unique."""
    gstin = to_gstin(gstin)
    lead = as_whole_number(lead_time_days)
    if lead is None or not 0 <= lead <= MAX_LEAD_TIME_DAYS:
        raise InvalidValue(
            gettext("The lead time must be a whole number of days from 0 to {most}.").format(most=MAX_LEAD_TIME_DAYS),
            code="bad_lead_time",
        )
    fields = {
        "name": clean_text(name, label=gettext("Name"), max_length=200),
        "phone": clean_text(phone, label=gettext("Phone"), max_length=15, required=False),
        "address": clean_text(address, label=gettext("Address"), max_length=500, required=False),
    }
    try:
        with transaction.atomic():
            return Supplier.objects.create(gstin=gstin, lead_time_days=lead, **fields)
    except IntegrityError:
        raise Conflict(
            gettext("A supplier with GSTIN {gstin} is already recorded.").format(gstin=gstin), code="duplicate_supplier"
        ) from None


def supplier_get(*, supplier_id) -> Supplier:
    found = Supplier.objects.filter(pk=as_whole_number(supplier_id) or 0).first()
    if found is None:
        raise NotFound(gettext("Supplier not found."))
    return found


def _invoice_number(value) -> str:
    number = str(value or "").strip()
    if INVOICE_NUMBER.fullmatch(number) is None:
        raise InvalidValue(
            gettext("The invoice number is 1 to 16 letters, digits, '/' or '-'."), code="bad_invoice_number"
        )
    return number


def _duplicate(supplier: Supplier, number: str, fy: str) -> Conflict:
    return Conflict(
        gettext("Invoice {number} of {supplier} ({fy}) is already entered.").format(
            number=number, supplier=supplier.name, fy=fy
        ),
        code="duplicate_invoice",
    )


@transaction.atomic
def purchase_create(
    *, supplier_id, invoice_number, invoice_date, lines: Sequence[entry.LineIn], by, line_numbers=None
) -> Purchase:
    """A supplier's invoice entered as a draft: every line checked, all or nothing.

    `line_numbers` (the CSV file's) names a refused line by its number in the file; else by its
    place in `lines`, from 1.
    """
    supplier = supplier_get(supplier_id=supplier_id)
    number = _invoice_number(invoice_number)
    day = entry.invoice_date_checked(invoice_date)
    if not lines:
        raise InvalidValue(gettext("A purchase has at least one line."), code="no_lines")
    if len(lines) > MAX_LINES:
        raise InvalidValue(gettext("A purchase has at most {most} lines.").format(most=MAX_LINES), code="too_many")
    interstate = supplier_interstate(supplier.gstin)
    packs = entry.packs_named(line.pack for line in lines)
    checked = []
    for index, line in enumerate(lines):
        try:
            checked.append(entry.line_checked(line, packs=packs, interstate=interstate))
        except InvalidValue as refused:
            where = line_numbers[index] if line_numbers else index + 1
            refused.message = gettext("Line {line}: {reason}").format(line=where, reason=refused.message)
            refused.extra["line"] = where
            raise
    fy = financial_year(day)
    if Purchase.objects.filter(supplier=supplier, fy=fy, invoice_number__iexact=number).exists():
        raise _duplicate(supplier, number, fy)
    try:
        with transaction.atomic():
            purchase = Purchase.objects.create(
                supplier=supplier, invoice_number=number, invoice_date=day, fy=fy, interstate=interstate, created_by=by
            )
    except IntegrityError:  # the same invoice entered at the same moment by someone else
        raise _duplicate(supplier, number, fy) from None
    for line in checked:
        line.purchase = purchase
    PurchaseLine.objects.bulk_create(checked)
    return purchase


def purchase_get(*, purchase_id) -> Purchase:
    found = (
        Purchase.objects.select_related("supplier")
        .prefetch_related("lines__financial__detail__product", "returns__lines")
        .filter(pk=as_whole_number(purchase_id) or 0)
        .first()
    )
    if found is None:
        raise NotFound(gettext("Purchase not found."))
    return found


def _input_tax_rows(lines, **common) -> list[InputTax]:
    """One row per GST rate: the lines' taxable value and tax added up (signed by the caller)."""
    by_rate: dict[int, list[Decimal]] = defaultdict(lambda: [ZERO, ZERO, ZERO, ZERO])
    for rate, taxable, cgst, sgst, igst in lines:
        sums = by_rate[rate]
        for i, amount in enumerate((taxable, cgst, sgst, igst)):
            sums[i] += amount
    return [
        InputTax(gst_rate=rate, taxable_value=t, cgst=c, sgst=s, igst=i, **common)
        for rate, (t, c, s, i) in sorted(by_rate.items())
    ]


@transaction.atomic
def purchase_post(*, purchase_id, by) -> Purchase:
    """The invoice's packs on the shelf, one batch per line, and its input tax recorded; once.

    The status UPDATE is the guard: a second posting (a double tap, two staff at once) finds no
    draft to update and is refused (409); on PostgreSQL it waits for the first to commit, then
    finds it posted. A line whose batch has expired since, or whose pack now sells above the
    batch's MRP, refuses the whole posting and nothing moves.
    """
    from catalog.stock import stock_receive

    now = timezone.now()
    purchase_id = as_whole_number(purchase_id) or 0
    if not Purchase.objects.filter(pk=purchase_id, status=Purchase.Status.DRAFT).update(
        status=Purchase.Status.POSTED, posted_at=now, posted_by=by
    ):
        if Purchase.objects.filter(pk=purchase_id).exists():
            raise Conflict(gettext("This purchase is already posted."), code="already_posted")
        raise NotFound(gettext("Purchase not found."))
    purchase = purchase_get(purchase_id=purchase_id)
    today = timezone.localdate()
    for line in purchase.lines.all():
        if line.best_before < today:
            raise InvalidValue(
                gettext("Batch {batch} expired on {date}: it cannot be posted.").format(
                    batch=line.batch_number, date=line.best_before.isoformat()
                ),
                code="expired",
            )
        entry.mrp_respected(pack=line.financial, mrp=line.mrp, batch_number=line.batch_number)
    for line in sorted(purchase.lines.all(), key=lambda line: line.financial_id):  # the packs' lock order
        line.batch = stock_receive(
            pack=line.financial_id,
            qty=line.qty,
            batch_no=line.batch_number,
            best_before=line.best_before,
            unit_cost_paise=to_paise(line.unit_cost),
            by=by,
            reference=purchase_reference(purchase),
        )
        PurchaseLine.objects.filter(pk=line.pk).update(batch=line.batch)
    InputTax.objects.bulk_create(
        _input_tax_rows(
            [(line.gst_rate, line.taxable_value, line.cgst, line.sgst, line.igst) for line in purchase.lines.all()],
            supplier=purchase.supplier,
            supplier_gstin=purchase.supplier.gstin,
            purchase=purchase,
            document=InputTax.Document.INVOICE,
            document_number=purchase.invoice_number,
            document_date=purchase.invoice_date,
            recorded_on=today,
        )
    )
    return purchase_get(purchase_id=purchase_id)


def purchase_reference(purchase: Purchase) -> str:
    """The purchase as its stock movements name it."""
    return f"purchase {purchase.pk}"


@transaction.atomic
def purchase_return_make(
    *, purchase_id, lines: Sequence[tuple[object, object]], reason: str, note: str = "", by
) -> PurchaseReturn:
    """Packs of a posted purchase sent back to its supplier: out of the batch each line became,
    on a debit note (the DN series) that takes their input tax back. At most what was bought and
    not yet sent back, and what is still on that batch's shelf."""
    from catalog.stock import stock_to_supplier

    if reason not in PurchaseReturn.Reason.values:
        raise InvalidValue(gettext("A return is for expired or damaged goods."), code="bad_reason")
    note = clean_text(note, label=gettext("Note"), max_length=200, required=False)
    purchase = Purchase.objects.select_for_update().filter(pk=as_whole_number(purchase_id) or 0).first()
    if purchase is None:
        raise NotFound(gettext("Purchase not found."))
    if not purchase.is_posted:
        raise Conflict(gettext("Only a posted purchase can be returned."), code="not_posted")
    bought = {line.pk: line for line in purchase.lines.select_related("financial__detail__product")}
    returned = _returned_so_far(purchase)
    wanted: dict[int, int] = defaultdict(int)
    for line_id, qty in lines:
        line = bought.get(as_whole_number(line_id))
        if line is None:
            raise InvalidValue(gettext("That line is not one of this purchase's."), code="bad_line")
        wanted[line.pk] += entry.whole_number(qty, label=entry.QTY)
    if not wanted:
        raise InvalidValue(gettext("A return has at least one line."), code="no_lines")
    for line_id, qty in wanted.items():
        left = bought[line_id].qty - returned.get(line_id, 0)
        if qty > left:
            raise Conflict(
                gettext("Only {left} of {pack} from this purchase can still be returned.").format(
                    left=left, pack=entry.pack_name(bought[line_id].financial)
                ),
                code="return_too_many",
            )
    made = PurchaseReturn(purchase=purchase, reason=reason, note=note, made_by=by, made_at=timezone.now())
    return_lines = []
    for line_id in sorted(wanted, key=lambda pk: (bought[pk].financial_id, pk)):  # the packs' lock order
        line, qty = bought[line_id], wanted[line_id]
        stock_to_supplier(
            pack=line.financial_id, batch=line.batch_id, qty=qty, by=by, reference=purchase_reference(purchase)
        )
        tax = line_tax(qty=qty, unit_cost=line.unit_cost, rate=line.gst_rate, interstate=purchase.interstate)
        return_lines.append(
            PurchaseReturnLine(
                line=line, qty=qty, taxable_value=tax.taxable_value, cgst=tax.cgst, sgst=tax.sgst, igst=tax.igst
            )
        )
    made.debit_note_number = series_next(key=DEBIT_NOTES, on=made.made_at)  # last lock (orders.series)
    made.save()
    for row in return_lines:
        row.purchase_return = made
    PurchaseReturnLine.objects.bulk_create(return_lines)
    InputTax.objects.bulk_create(
        _input_tax_rows(
            [
                (bought[row.line_id].gst_rate, -row.taxable_value, -row.cgst, -row.sgst, -row.igst)
                for row in return_lines
            ],
            supplier=purchase.supplier,
            supplier_gstin=purchase.supplier.gstin,
            purchase=purchase,
            purchase_return=made,
            document=InputTax.Document.DEBIT_NOTE,
            document_number=made.debit_note_number,
            document_date=timezone.localdate(made.made_at),
            recorded_on=timezone.localdate(made.made_at),
        )
    )
    return made


def _returned_so_far(purchase: Purchase) -> dict[int, int]:
    from django.db.models import Sum

    rows = PurchaseReturnLine.objects.filter(purchase_return__purchase=purchase).values("line_id")
    return {row["line_id"]: row["qty"] for row in rows.annotate(qty=Sum("qty"))}
