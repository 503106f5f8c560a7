"""GST on an order: the one owner of the tax rules the invoice prints.

Prices are GST-inclusive (as MRPs are), so the tax is taken out of what the shopper pays, never
added on top: a line of ₹105 at 5 % is ₹100 taxable value and ₹5 tax.

- **When**: at placement. Each order line keeps its HSN code, rate, taxable value and tax, and the
  order keeps its place of supply, so a later change of a product's rate (or of the pincode data)
  never changes an invoice already issued.
- **Split**: the place of supply is the delivery state (`delivery.check`, from the pincode).
  Inside the store's own state (`STORE_STATE`, Andhra Pradesh) the tax is split equally into CGST
  and SGST; anywhere else (Yanam, Puducherry: 533464) it is inter-state and all IGST.
- **Rounding**: each line's tax is rounded to paise on its own (to an even number of paise inside
  the state, so CGST and SGST are the same), and its taxable value is the rest of the line. So the
  lines add up exactly to the items total, the summary per rate adds up exactly to the lines, and
  the invoice adds up exactly to the total paid; no round-off line is ever needed.
- **Delivery charge**: a separate supply of a service (SAC 996813, local delivery) at 18 %, inside
  the price like everything else, split the same way. The shop charges no delivery today
  (`orders.rules.SHIPPING_PRICE` is 0), so invoices show no delivery line; should it ever charge,
  the order keeps the charge's tax as it keeps its lines'.

Orders placed before GST was recorded have no tax on their lines (`gst_rate` is null); their
invoice has no tax part (`tax_invoice` answers None) rather than a guess from today's rates.
"""

from dataclasses import dataclass, field
from decimal import Decimal

from django.conf import settings

from common.gstin import state_code  # the state codes' one owner (a GSTIN starts with one)
from common.money import round_to_paise

ZERO = Decimal("0.00")
DELIVERY_SAC = "996813"
DELIVERY_GST_RATE = 18


def is_interstate(place_of_supply: str) -> bool:
    """A supply to another state than the store's (IGST) rather than within it (CGST + SGST)."""
    return state_code(place_of_supply) != state_code(settings.STORE_STATE) or not state_code(place_of_supply)


@dataclass(frozen=True)
class Tax:
    """A GST-inclusive amount taken apart: taxable value + tax = the amount, to the paisa."""

    rate: int
    taxable_value: Decimal
    tax: Decimal


def tax_included(amount: Decimal, rate: int, *, interstate: bool) -> Tax:
    """The tax inside `amount` at `rate` per cent: amount × rate / (100 + rate), to the paisa.

    Within the state the tax is rounded to an even number of paise, so that it splits into equal
    CGST and SGST halves; the taxable value is what is left, so the two always add up.
    """
    amount = round_to_paise(Decimal(amount))
    exact = amount * rate / (100 + rate)
    tax = round_to_paise(exact) if interstate else round_to_paise(exact / 2) * 2
    return Tax(rate=rate, taxable_value=amount - tax, tax=tax)


@dataclass(frozen=True)
class Split:
    """A tax as the invoice prints it: CGST + SGST (within the state) or IGST."""

    cgst: Decimal
    sgst: Decimal
    igst: Decimal

    @classmethod
    def of(cls, tax: Decimal | None, *, interstate: bool) -> "Split | None":
        if tax is None:
            return None
        if interstate:
            return cls(cgst=ZERO, sgst=ZERO, igst=tax)
        half = tax / 2  # an even number of paise (`tax_included`), so exact
        return cls(cgst=half, sgst=half, igst=ZERO)


@dataclass
class RateTotal:
    """All of an invoice's lines at one rate, added up."""

    rate: int
    taxable_value: Decimal = ZERO
    tax: Decimal = ZERO
    split: Split = field(default_factory=lambda: Split(ZERO, ZERO, ZERO))

    @property
    def total(self) -> Decimal:
        return self.taxable_value + self.tax

    def add(self, taxable_value: Decimal, tax: Decimal, split: Split) -> None:
        self.taxable_value += taxable_value
        self.tax += tax
        self.split = Split(self.split.cgst + split.cgst, self.split.sgst + split.sgst, self.split.igst + split.igst)


@dataclass(frozen=True)
class TaxInvoice:
    """The tax part of an order's invoice, from what the order stored at placement."""

    store_gstin: str
    store_state: str
    store_state_code: str
    place_of_supply: str
    place_of_supply_code: str
    interstate: bool
    delivery: RateTotal | None  # None when nothing was charged for delivery
    rates: list[RateTotal]  # goods and delivery together, by rate
    totals: RateTotal


def tax_invoice(order) -> TaxInvoice | None:
    """The invoice's tax figures for an order (its items loaded); None for an order placed before
    GST was recorded on its lines."""
    items = list(order.items.all())
    if order.gst_interstate is None or any(item.gst_rate is None for item in items):
        return None
    interstate = order.gst_interstate
    by_rate: dict[int, RateTotal] = {}
    totals = RateTotal(rate=0)

    def count(rate: int, taxable_value: Decimal, tax: Decimal) -> None:
        split = Split.of(tax, interstate=interstate)
        by_rate.setdefault(rate, RateTotal(rate=rate)).add(taxable_value, tax, split)
        totals.add(taxable_value, tax, split)

    for item in items:
        count(item.gst_rate, item.taxable_value, item.tax)
    delivery = None
    if order.shipping_price:
        delivery = RateTotal(rate=order.shipping_gst_rate)
        delivery.add(
            order.shipping_taxable_value, order.shipping_tax, Split.of(order.shipping_tax, interstate=interstate)
        )
        count(order.shipping_gst_rate, order.shipping_taxable_value, order.shipping_tax)
    return TaxInvoice(
        store_gstin=settings.STORE_GST_NUMBER,
        store_state=settings.STORE_STATE,
        store_state_code=state_code(settings.STORE_STATE),
        place_of_supply=order.place_of_supply,
        place_of_supply_code=state_code(order.place_of_supply),
        interstate=interstate,
        delivery=delivery,
        rates=[by_rate[rate] for rate in sorted(by_rate)],
        totals=totals,
    )


def line_split(item, *, interstate: bool | None) -> Split | None:
    """One order line's CGST / SGST / IGST; None when the order has no GST recorded."""
    if interstate is None or item.tax is None:
        return None
    return Split.of(item.tax, interstate=interstate)
