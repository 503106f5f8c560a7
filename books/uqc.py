"""The unit quantity code (UQC) of GSTR-1's HSN summary, from a pack's units and size.

A line of 3 packs of `500 g` is 1.5 KGS; 2 packs of `1.5 L` are 3 LTR; 4 packs of `6 pcs` are 24 PCS;
a `pack` (a unit sold as one, e.g. a gift box) counts in PAC. A service (SAC, HSN chapter 99: the
delivery charge) has no quantity: UQC `NA`, quantity 0, as the portal asks.
"""

from decimal import Decimal, InvalidOperation

# units → (UQC, what one unit of the pack size is in that UQC)
UNITS = {
    "g": ("KGS", Decimal("0.001")),
    "kg": ("KGS", Decimal("1")),
    "ml": ("LTR", Decimal("0.001")),
    "L": ("LTR", Decimal("1")),
    "pcs": ("PCS", Decimal("1")),
    "pack": ("PAC", Decimal("1")),
}
SERVICE = "NA"
OTHERS = "OTH"
# The codes this shop can write (the JSON Schema's `uqc` enumeration: books/schema/gstr1.schema.json).
CODES = sorted({code for code, _ in UNITS.values()} | {SERVICE, OTHERS})


def is_service(hsn_code: str) -> bool:
    return str(hsn_code or "").startswith("99")


def uqc_and_quantity(*, hsn_code: str, units: str, quantity: str, packs: int) -> tuple[str, Decimal]:
    """('KGS', Decimal('1.5')) for 3 packs of 500 g; ('NA', 0) for a service; ('OTH', packs) for
    units or a size the table does not know."""
    if is_service(hsn_code):
        return SERVICE, Decimal(0)
    known = UNITS.get(str(units or "").strip())
    try:
        size = Decimal(str(quantity))
    except (InvalidOperation, ValueError):
        size = None
    if known is None or size is None or not size.is_finite() or size <= 0:
        return OTHERS, Decimal(packs)
    code, factor = known
    return code, size * factor * packs
