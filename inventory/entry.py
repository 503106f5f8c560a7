"""A purchase line as staff type it (the screen, the API, a supplier's CSV file) checked into the
values a `PurchaseLine` stores: the one place each rule of a purchase line is written.

Every refusal is an `InvalidValue` whose message names the field and what is wrong with it, in the
staff member's language; the CSV import puts the file's line number in front.
"""

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from catalog.gst import to_gst_rate
from catalog.models import Financial
from common.errors import InvalidValue
from common.fields import as_whole_number
from common.money import CENT, decimal_or_none, rupees

from .models import PurchaseLine
from .tax import line_tax

MAX_QTY = 100_000
MAX_COST = Decimal("9999999.99")
BATCH_NUMBER_LENGTH = 40

QTY = gettext_lazy("Quantity")
UNIT_COST = gettext_lazy("Unit cost before GST")
MRP = gettext_lazy("MRP")
BATCH = gettext_lazy("Batch number")
PACKED_ON = gettext_lazy("Packed on")
BEST_BEFORE = gettext_lazy("Best before")
INVOICE_DATE = gettext_lazy("Invoice date")


@dataclass(frozen=True)
class LineIn:
    """One line as typed: every value as it came (text or a JSON number), checked by `line_checked`."""

    pack: object
    qty: object
    unit_cost: object
    gst_rate: object
    batch_number: object
    best_before: object
    mrp: object
    packed_on: object = None


class PriceAboveMrp(InvalidValue):
    """The pack sells for more than the MRP printed on this batch (Legal Metrology): the figures
    travel with the error so the screen can show them."""

    def __init__(self, *, pack: Financial, mrp: Decimal, batch_number: str):
        super().__init__(
            gettext(
                "{pack} sells at ₹{price}, above the MRP ₹{mrp} printed on batch {batch}: lower its selling price first."
            ).format(pack=pack_name(pack), price=rupees(pack.dprice), mrp=rupees(mrp), batch=batch_number),
            code="price_above_mrp",
            sellingPrice=f"{pack.dprice:.2f}",
            mrp=f"{mrp:.2f}",
        )


def pack_name(pack: Financial) -> str:
    """'Sona Masoori Rice, Lalitha 5 kg': a pack as a purchase names it."""
    return f"{pack.detail.product.name}, {pack.detail.brand} {pack.label}"


def whole_number(value, *, label) -> int:
    number = as_whole_number(value)
    if number is None or not 1 <= number <= MAX_QTY:
        raise InvalidValue(
            gettext("{label} must be a whole number from 1 to {most}.").format(label=label, most=MAX_QTY),
            code="bad_quantity",
        )
    return number


def money_above_zero(value, *, label) -> Decimal:
    amount = decimal_or_none(value)
    if amount is None or amount != amount.quantize(CENT) or not 0 < amount <= MAX_COST:
        raise InvalidValue(
            gettext("{label} must be an amount above zero, in rupees with at most 2 decimals.").format(label=label),
            code="bad_amount",
        )
    return amount.quantize(CENT)


def a_date(value, *, label, required: bool = True) -> datetime.date | None:
    if isinstance(value, datetime.date):
        return value
    text = str(value or "").strip()
    if not text and not required:
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise InvalidValue(
            gettext("{label} must be a date written as YYYY-MM-DD.").format(label=label), code="bad_date"
        ) from None


def invoice_date_checked(value) -> datetime.date:
    day = a_date(value, label=INVOICE_DATE)
    if day > timezone.localdate():
        raise InvalidValue(gettext("The invoice date cannot be in the future."), code="bad_date")
    return day


def packs_named(values) -> dict[int, Financial]:
    """The packs these lines name (by id), with brand and product, in one query."""
    ids = {as_whole_number(value) for value in values} - {None}
    return {pack.pk: pack for pack in Financial.objects.select_related("detail__product").filter(pk__in=ids)}


def mrp_respected(*, pack: Financial, mrp: Decimal, batch_number: str) -> None:
    """Refuses a batch whose printed MRP is below what the shop sells the pack for."""
    if pack.dprice > mrp:
        raise PriceAboveMrp(pack=pack, mrp=mrp, batch_number=batch_number)


def line_checked(line: LineIn, *, packs: dict[int, Financial], interstate: bool) -> PurchaseLine:
    """The line's stored values (not saved), or the first rule it breaks."""
    pack = packs.get(as_whole_number(line.pack))
    if pack is None:
        raise InvalidValue(gettext("No pack has the id {pack}.").format(pack=line.pack), code="bad_pack")
    qty = whole_number(line.qty, label=QTY)
    unit_cost = money_above_zero(line.unit_cost, label=UNIT_COST)
    rate = to_gst_rate(line.gst_rate)
    batch_number = " ".join(str(line.batch_number or "").split())
    if not batch_number or len(batch_number) > BATCH_NUMBER_LENGTH:
        raise InvalidValue(
            gettext("{label} is required, at most {most} characters.").format(label=BATCH, most=BATCH_NUMBER_LENGTH),
            code="bad_batch",
        )
    today = timezone.localdate()
    packed_on = a_date(line.packed_on, label=PACKED_ON, required=False)
    best_before = a_date(line.best_before, label=BEST_BEFORE)
    if packed_on is not None and packed_on > today:
        raise InvalidValue(gettext("The packed date cannot be in the future."), code="bad_date")
    if best_before < today:
        raise InvalidValue(
            gettext("The best-before date {date} has passed: expired stock is not bought for sale.").format(
                date=best_before.isoformat()
            ),
            code="expired",
        )
    if packed_on is not None and best_before < packed_on:
        raise InvalidValue(gettext("The best-before date comes before the packed date."), code="bad_date")
    mrp = money_above_zero(line.mrp, label=MRP)
    mrp_respected(pack=pack, mrp=mrp, batch_number=batch_number)
    tax = line_tax(qty=qty, unit_cost=unit_cost, rate=rate, interstate=interstate)
    return PurchaseLine(
        financial=pack,
        qty=qty,
        unit_cost=unit_cost,
        gst_rate=rate,
        taxable_value=tax.taxable_value,
        cgst=tax.cgst,
        sgst=tax.sgst,
        igst=tax.igst,
        batch_number=batch_number,
        packed_on=packed_on,
        best_before=best_before,
        mrp=mrp,
    )
