"""The unit sale price a pack must show beside its price (Legal Metrology (Packaged Commodities)
Rules, rule 6(10)): rupees per kg or per litre, per 100 g or 100 ml for a pack under 1 kg or 1 L,
or per piece or pack for counted goods, to 2 decimals (halves up), from the selling price.

`BASES` is the rule as data, read by both of its computations: `unit_price` (the serializers, the
audit) and `sql_unit_price` (the catalog's SQL fast path, `answers.PACK`), so the two can't follow
different rules; `tests/test_unit_price.py` checks on PostgreSQL that they agree on rounding cases.
"""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from common.money import CENT


@dataclass(frozen=True)
class Basis:
    label: str  # what the price is for, as the wire writes it: "kg", "100 g", "piece"
    per: Decimal  # how many of the pack's units that is


@dataclass(frozen=True)
class UnitRule:
    small: Basis  # for a pack of less than `whole` of its units
    whole: Decimal | None = None
    large: Basis | None = None


BASES: dict[str, UnitRule] = {
    "g": UnitRule(Basis("100 g", Decimal(100)), Decimal(1000), Basis("kg", Decimal(1000))),
    "kg": UnitRule(Basis("100 g", Decimal("0.1")), Decimal(1), Basis("kg", Decimal(1))),
    "ml": UnitRule(Basis("100 ml", Decimal(100)), Decimal(1000), Basis("L", Decimal(1000))),
    "L": UnitRule(Basis("100 ml", Decimal("0.1")), Decimal(1), Basis("L", Decimal(1))),
    "pcs": UnitRule(Basis("piece", Decimal(1))),
    "pack": UnitRule(Basis("pack", Decimal(1))),
}
BASIS_LABELS = sorted({basis.label for rule in BASES.values() for basis in (rule.small, rule.large) if basis})


@dataclass(frozen=True)
class UnitPrice:
    amount: Decimal
    basis: str


def _basis(rule: UnitRule, quantity: Decimal) -> Basis:
    return rule.large if rule.whole is not None and quantity >= rule.whole else rule.small


def unit_price(*, dprice: Decimal, quantity: Decimal, units: str) -> UnitPrice | None:
    """The pack's unit sale price, or None when it can't be computed (no size, unknown units)."""
    rule = BASES.get(units)
    if rule is None or quantity is None or quantity <= 0 or dprice is None:
        return None
    basis = _basis(rule, quantity)
    amount = (Decimal(dprice) * basis.per / Decimal(quantity)).quantize(CENT, rounding=ROUND_HALF_UP)
    return UnitPrice(amount=amount, basis=basis.label)


def _case(table: str, pick) -> str:
    """SQL choosing, for the pack row `table`, `pick(basis)` by its units and size (NULL otherwise)."""
    branches = []
    for units, rule in BASES.items():
        if rule.whole is None:
            chosen = pick(rule.small)
        else:
            chosen = f"CASE WHEN {table}.quantity >= {rule.whole} THEN {pick(rule.large)} ELSE {pick(rule.small)} END"
        branches.append(f"WHEN '{units}' THEN {chosen}")
    return f"CASE WHEN {table}.quantity > 0 THEN CASE {table}.units {' '.join(branches)} END END"


def sql_unit_price(table: str) -> str:
    """`unit_price(...).amount` in SQL (PostgreSQL's `round` takes halves away from zero: up here)."""
    return _case(table, lambda basis: f"round({table}.dprice * {basis.per} / {table}.quantity, 2)")


def sql_unit_price_basis(table: str) -> str:
    """`unit_price(...).basis` in SQL."""
    return _case(table, lambda basis: f"'{basis.label}'")
