"""Money and the numbers people type: amounts in rupees with two decimals (paise), parsed the same
way everywhere, and written for people the Indian way."""

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

CENT = Decimal("0.01")


def decimal_or_none(value) -> Decimal | None:
    """The finite number that `value` spells (a number or numeric text), else None.

    True/False are not numbers here (Python would read them as 1 and 0), nor are NaN and infinity,
    which `Decimal` accepts but no price, quantity or coordinate can be.
    """
    if value is None or isinstance(value, bool):
        return None
    try:
        number = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() else None


def to_paise(amount: Decimal) -> Decimal:
    """`amount` rounded to paise, halves up (₹10.005 → ₹10.01)."""
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def rupees(amount: Decimal) -> str:
    """`1234567.5` → `12,34,567.50` (Indian digit grouping, two decimals, no ₹ sign)."""
    whole, fraction = f"{Decimal(amount):.2f}".split(".")
    sign = "-" if whole.startswith("-") else ""
    whole = whole.lstrip("-")
    if len(whole) > 3:
        head, tail = whole[:-3], whole[-3:]
        groups = []
        while len(head) > 2:
            groups.insert(0, head[-2:])
            head = head[:-2]
        if head:
            groups.insert(0, head)
        whole = ",".join([*groups, tail])
    return f"{sign}{whole}.{fraction}"
