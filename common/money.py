"""Money: amounts in rupees with two decimals (paise), and how the server writes them for people."""

from decimal import Decimal


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
