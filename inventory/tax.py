"""GST on what the shop buys: the supplier's invoice adds the tax on top of the cost (a cost
before GST, unlike the shop's own GST-inclusive prices in `orders.tax`).

Within one state (the supplier's GSTIN and the shop's `STORE_STATE` share a state code) the tax is
CGST + SGST, each half the rate on the line's taxable value, rounded to paise on its own; between
states it is IGST at the whole rate. A debit note reverses part of a line the same way, so the
input tax the returns read is the invoice's less the debit notes', line by line.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings

from common.gstin import is_interstate_between
from common.money import round_to_paise

ZERO = Decimal("0.00")


@dataclass(frozen=True)
class LineTax:
    taxable_value: Decimal
    cgst: Decimal
    sgst: Decimal
    igst: Decimal

    @property
    def tax(self) -> Decimal:
        return self.cgst + self.sgst + self.igst


def supplier_interstate(gstin: str) -> bool:
    """Whether buying from this GSTIN crosses into the shop's state (IGST)."""
    return is_interstate_between(gstin, settings.STORE_STATE)


def line_tax(*, qty: int, unit_cost: Decimal, rate: int, interstate: bool) -> LineTax:
    """The taxable value (qty × cost before GST) and its GST, split as the states say."""
    taxable = round_to_paise(Decimal(qty) * unit_cost)
    if interstate:
        return LineTax(taxable, ZERO, ZERO, round_to_paise(taxable * rate / 100))
    half = round_to_paise(taxable * rate / 200)
    return LineTax(taxable, half, half, ZERO)
