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


_ONES = (
    "Zero One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve Thirteen Fourteen Fifteen Sixteen "
    "Seventeen Eighteen Nineteen"
).split()
_TENS = "_ _ Twenty Thirty Forty Fifty Sixty Seventy Eighty Ninety".split()
# The Indian system: hundred, thousand, lakh (1,00,000), crore (1,00,00,000); past 99 crore, crores of crores.
_INDIAN_UNITS = ((10_000_000, "Crore"), (100_000, "Lakh"), (1_000, "Thousand"), (100, "Hundred"))


def _below_hundred(number: int) -> str:
    if number < 20:
        return _ONES[number]
    tens, ones = divmod(number, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


def number_in_words(number: int) -> str:
    """778 → 'Seven Hundred Seventy-Eight'; 12,34,567 → 'Twelve Lakh Thirty-Four Thousand Five
    Hundred Sixty-Seven' (the Indian system: lakh and crore, not million)."""
    if number < 100:
        return _below_hundred(number)
    for size, name in _INDIAN_UNITS:
        if number >= size:
            head, rest = divmod(number, size)
            return f"{number_in_words(head)} {name}" + (f" {number_in_words(rest)}" if rest else "")
    raise AssertionError("unreachable")  # pragma: no cover


def rupees_in_words(amount: Decimal) -> str:
    """An amount as an Indian invoice writes it out: 'Rupees Seven Hundred Seventy-Eight Only',
    'Rupees Twelve and Fifty Paise Only', 'Fifty Paise Only' (rounded to paise, halves up)."""
    paise_total = int(to_paise(Decimal(amount)) * 100)
    if paise_total < 0:
        raise ValueError("A negative amount has no words on an invoice.")
    whole, paise = divmod(paise_total, 100)
    if whole and paise:
        return f"Rupees {number_in_words(whole)} and {number_in_words(paise)} Paise Only"
    if paise:
        return f"{number_in_words(paise)} Paise Only"
    return f"Rupees {number_in_words(whole)} Only"
