"""Money and the numbers people type: amounts in rupees with two decimals (paise), parsed the same
way everywhere, and written for people the Indian way."""

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.db.models import BigIntegerField, Expression, F, Sum
from django.db.models.functions import Cast, Round

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


def round_to_paise(amount: Decimal) -> Decimal:
    """`amount` in rupees rounded to paise, halves up (₹10.005 → ₹10.01), still in rupees."""
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def to_paise(rupees: Decimal | str | int) -> int:
    """Rupees as whole paise, halves up: `Decimal("12.345")` → 1235, `"286"` → 28600.

    The one way from rupees to paise (with `to_rupees` the one way back; a test holds every other
    module to them). Never `int(amount * 100)`: it cuts instead of rounding, so an amount with a
    third decimal (a tax or gateway figure) lost a paisa, and a float (`0.29 * 100` is
    `28.999999999999996`) lost one on ordinary prices.
    """
    number = rupees if isinstance(rupees, Decimal) else Decimal(str(rupees).strip())
    return int((number * 100).to_integral_value(rounding=ROUND_HALF_UP))


def to_rupees(paise: int | Decimal | None) -> Decimal:
    """Whole paise (a column, a `sql_paise_sum`; None for no rows) as rupees: `12345` → `Decimal("123.45")`."""
    return (Decimal(paise or 0) / 100).quantize(CENT)


def sql_paise(amount: str | Expression) -> Cast:
    """A money column (its name, or an expression of one) as whole paise, for the database to compare.

    SQLite keeps a DecimalField as a binary floating-point number, so arithmetic on money there is
    not exact: `299.97 - 14.28` is `285.69000000000005`, and a CHECK or filter that compares a sum
    or a difference of amounts failed on ordinary prices. Each amount rounded to whole paise is an
    integer on every database, and integers add, subtract and compare exactly (a double holds every
    integer up to 2**53 paise; the widest money column holds under 10**12). On PostgreSQL (`numeric`,
    exact already) the same expression means the same, so one constraint serves both. Round each
    column, then add: `sql_paise("b") + sql_paise("c")`, so that no arithmetic is ever done on the
    floating-point rupees.
    """
    column = F(amount) if isinstance(amount, str) else amount
    return Cast(Round(column * 100), output_field=BigIntegerField())


def sql_paise_sum(column: str) -> Sum:
    """Sum of a money column, added up as whole paise (`sql_paise`); `to_rupees` reads the result.

    A plain `Sum` of a DecimalField is added up in floating point on SQLite and read back with 15
    significant digits (`Decimal("1234.57000000000")`), not as the money it is.
    """
    return Sum(sql_paise(column))


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


_ONES_TE = (
    "సున్నా ఒకటి రెండు మూడు నాలుగు ఐదు ఆరు ఏడు ఎనిమిది తొమ్మిది పది పదకొండు పన్నెండు పదమూడు పద్నాలుగు పదిహేను పదహారు పదిహేడు పద్దెనిమిది పందొమ్మిది"
).split()
_TENS_TE = "_ _ ఇరవై ముప్పై నలభై యాభై అరవై డెబ్బై ఎనభై తొంభై".split()
# Each unit as (one of it, one of it with more after, several: alone, several with more after or
# before a noun): వంద / నూట ఇరవై / మూడు వందలు / మూడు వందల ఇరవై, వెయ్యి / రెండు వేలు / రెండు వేల.
_INDIAN_UNITS_TE = (
    (10_000_000, ("కోటి", "కోటి", "కోట్లు", "కోట్ల")),
    (100_000, ("లక్ష", "లక్ష", "లక్షలు", "లక్షల")),
    (1_000, ("వెయ్యి", "వెయ్యి", "వేలు", "వేల")),
    (100, ("వంద", "నూట", "వందలు", "వందల")),
)


def number_in_telugu_words(number: int, *, before_noun: bool = False) -> str:
    """778 → 'ఏడు వందల డెబ్బై ఎనిమిది'; 12,34,567 → 'పన్నెండు లక్షల ముప్పై నాలుగు వేల ఐదు
    వందల అరవై ఏడు' (lakh and crore, as `number_in_words`). `before_noun`: the form that comes
    before what is counted ('ఒక', 'మూడు వందల' రూపాయలు) instead of the one said alone ('ఒకటి', 'మూడు వందలు')."""
    if number < 100:
        tens, ones = divmod(number, 10)
        if number < 20:
            words = _ONES_TE[number]
        else:
            words = _TENS_TE[tens] + (f" {_ONES_TE[ones]}" if ones else "")
        if before_noun and words.endswith("ఒకటి"):
            return words.removesuffix("ఒకటి") + "ఒక"
        return words
    for size, (one, one_more, several, several_more) in _INDIAN_UNITS_TE:
        if number >= size:
            head, rest = divmod(number, size)
            more = bool(rest) or before_noun
            if head == 1:
                unit = one_more if rest else one
            else:
                unit = f"{number_in_telugu_words(head, before_noun=True)} {several_more if more else several}"
            return unit + (f" {number_in_telugu_words(rest, before_noun=before_noun)}" if rest else "")
    raise AssertionError("unreachable")  # pragma: no cover


def _rupees_in_telugu_words(whole: int, paise: int) -> str:
    """'ఏడు వందల డెబ్బై ఎనిమిది రూపాయలు మాత్రమే', 'పన్నెండు రూపాయల యాభై పైసలు మాత్రమే'."""
    parts = []
    if whole or not paise:
        rupee = "రూపాయి" if whole == 1 else ("రూపాయల" if paise else "రూపాయలు")
        parts.append(f"{number_in_telugu_words(whole, before_noun=True)} {rupee}")
    if paise:
        parts.append(f"{number_in_telugu_words(paise, before_noun=True)} {'పైసా' if paise == 1 else 'పైసలు'}")
    return " ".join(parts) + " మాత్రమే"


def rupees_in_words(amount: Decimal, language: str = "en") -> str:
    """An amount as an Indian invoice writes it out: 'Rupees Seven Hundred Seventy-Eight Only',
    'Rupees Twelve and Fifty Paise Only', 'Fifty Paise Only' (rounded to paise, halves up); in
    Telugu (`language="te"`) 'ఏడు వందల డెబ్బై ఎనిమిది రూపాయలు మాత్రమే'."""
    paise_total = to_paise(Decimal(amount))
    if paise_total < 0:
        raise ValueError("A negative amount has no words on an invoice.")
    whole, paise = divmod(paise_total, 100)
    if language == "te":
        return _rupees_in_telugu_words(whole, paise)
    if whole and paise:
        return f"Rupees {number_in_words(whole)} and {number_in_words(paise)} Paise Only"
    if paise:
        return f"{number_in_words(paise)} Paise Only"
    return f"Rupees {number_in_words(whole)} Only"
