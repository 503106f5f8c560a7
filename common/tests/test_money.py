from decimal import Decimal

import pytest

from common.money import (
    decimal_or_none,
    number_in_telugu_words,
    round_to_paise,
    rupees,
    rupees_in_words,
    to_paise,
    to_rupees,
)


@pytest.mark.parametrize(
    "amount, text",
    [
        ("0", "0.00"),
        ("145.5", "145.50"),
        ("1234.5", "1,234.50"),
        ("123456.78", "1,23,456.78"),
        ("12345678", "1,23,45,678.00"),
        ("-1234567.5", "-12,34,567.50"),
    ],
)
def test_rupees_use_indian_digit_grouping(amount, text):
    assert rupees(Decimal(amount)) == text


@pytest.mark.parametrize(
    "value, number",
    [
        ("12.50", Decimal("12.50")),
        (" 7 ", Decimal("7")),
        (3, Decimal("3")),
        (2.5, Decimal("2.5")),
        (Decimal("-1.25"), Decimal("-1.25")),
        ("1e3", Decimal("1000")),
    ],
)
def test_decimal_or_none_reads_numbers_and_numeric_text(value, number):
    assert decimal_or_none(value) == number


@pytest.mark.parametrize(
    "value", [True, False, None, "", "  ", "abc", "NaN", "nan", "Infinity", "-inf", float("nan"), [1]]
)
def test_decimal_or_none_refuses_what_is_not_a_finite_number(value):
    assert decimal_or_none(value) is None


@pytest.mark.parametrize(
    "amount, paise", [("10.005", "10.01"), ("10.004", "10.00"), ("-10.005", "-10.01"), ("7", "7.00"), ("0.125", "0.13")]
)
def test_round_to_paise_rounds_halves_up(amount, paise):
    assert str(round_to_paise(Decimal(amount))) == paise


@pytest.mark.parametrize(
    "rupees, paise",
    [
        (Decimal("12.345"), 1235),  # halves up, where int(12.345 * 100) cut it to 1234
        (Decimal("12.344"), 1234),
        (Decimal("-10.005"), -1001),
        ("286", 28600),
        (" 0.29 ", 29),
        (7, 700),
        (0.29, 29),  # a float: int(0.29 * 100) is 28
        (Decimal("0.005"), 1),
    ],
)
def test_to_paise_is_whole_paise_rounded_halves_up(rupees, paise):
    assert to_paise(rupees) == paise and isinstance(to_paise(rupees), int)


@pytest.mark.parametrize("paise, rupees", [(12345, "123.45"), (0, "0.00"), (None, "0.00"), (-50, "-0.50"), (7, "0.07")])
def test_to_rupees_is_two_decimal_rupees(paise, rupees):
    assert str(to_rupees(paise)) == rupees


@pytest.mark.parametrize("paise", [0, 1, 29, 12345, 99_999_999_999])
def test_to_rupees_and_to_paise_are_each_others_inverse(paise):
    assert to_paise(to_rupees(paise)) == paise


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("0.50", "Fifty Paise Only"),
        ("0.05", "Five Paise Only"),
        ("0", "Rupees Zero Only"),
        ("1", "Rupees One Only"),
        ("15", "Rupees Fifteen Only"),
        ("40", "Rupees Forty Only"),
        ("99.99", "Rupees Ninety-Nine and Ninety-Nine Paise Only"),
        ("101", "Rupees One Hundred One Only"),
        ("778", "Rupees Seven Hundred Seventy-Eight Only"),
        ("1000", "Rupees One Thousand Only"),
        ("1234.50", "Rupees One Thousand Two Hundred Thirty-Four and Fifty Paise Only"),
        ("20011", "Rupees Twenty Thousand Eleven Only"),
        ("100000", "Rupees One Lakh Only"),
        ("250000.25", "Rupees Two Lakh Fifty Thousand and Twenty-Five Paise Only"),
        ("1234567.89", "Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only"),
        (
            "9999999.99",
            "Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only",
        ),
        ("10000000", "Rupees One Crore Only"),
        ("10000000.00", "Rupees One Crore Only"),
        ("10.005", "Rupees Ten and One Paise Only"),  # rounded to paise, halves up, as every amount
    ],
)
def test_amounts_in_words_the_indian_way(amount, words):
    assert rupees_in_words(Decimal(amount)) == words


def test_a_negative_amount_has_no_words():
    with pytest.raises(ValueError):
        rupees_in_words(Decimal("-1"))
    with pytest.raises(ValueError):
        rupees_in_words(Decimal("-1"), "te")


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        ("0.50", "యాభై పైసలు మాత్రమే"),
        ("0.01", "ఒక పైసా మాత్రమే"),
        ("0", "సున్నా రూపాయలు మాత్రమే"),
        ("1", "ఒక రూపాయి మాత్రమే"),
        ("1.50", "ఒక రూపాయి యాభై పైసలు మాత్రమే"),
        ("15", "పదిహేను రూపాయలు మాత్రమే"),
        ("21", "ఇరవై ఒక రూపాయలు మాత్రమే"),
        ("99.99", "తొంభై తొమ్మిది రూపాయల తొంభై తొమ్మిది పైసలు మాత్రమే"),
        ("100", "వంద రూపాయలు మాత్రమే"),
        ("101", "నూట ఒక రూపాయలు మాత్రమే"),
        ("300", "మూడు వందల రూపాయలు మాత్రమే"),
        ("778", "ఏడు వందల డెబ్బై ఎనిమిది రూపాయలు మాత్రమే"),
        ("1000", "వెయ్యి రూపాయలు మాత్రమే"),
        ("1234.50", "వెయ్యి రెండు వందల ముప్పై నాలుగు రూపాయల యాభై పైసలు మాత్రమే"),
        ("20011", "ఇరవై వేల పదకొండు రూపాయలు మాత్రమే"),
        ("100000", "లక్ష రూపాయలు మాత్రమే"),
        ("250000.25", "రెండు లక్షల యాభై వేల రూపాయల ఇరవై ఐదు పైసలు మాత్రమే"),
        (
            "1234567.89",
            "పన్నెండు లక్షల ముప్పై నాలుగు వేల ఐదు వందల అరవై ఏడు రూపాయల ఎనభై తొమ్మిది పైసలు మాత్రమే",
        ),
        ("10000000", "కోటి రూపాయలు మాత్రమే"),
        ("30000000", "మూడు కోట్ల రూపాయలు మాత్రమే"),
        ("10.005", "పది రూపాయల ఒక పైసా మాత్రమే"),  # rounded to paise, halves up, as in English
    ],
)
def test_amounts_in_telugu_words(amount, words):
    assert rupees_in_words(Decimal(amount), "te") == words


@pytest.mark.parametrize(
    ("number", "alone", "before_a_noun"),
    [
        (1, "ఒకటి", "ఒక"),
        (31, "ముప్పై ఒకటి", "ముప్పై ఒక"),
        (100, "వంద", "వంద"),
        (300, "మూడు వందలు", "మూడు వందల"),
        (2000, "రెండు వేలు", "రెండు వేల"),
        (500000, "ఐదు లక్షలు", "ఐదు లక్షల"),
        (1001, "వెయ్యి ఒకటి", "వెయ్యి ఒక"),
    ],
)
def test_telugu_numbers_said_alone_and_before_what_they_count(number, alone, before_a_noun):
    assert number_in_telugu_words(number) == alone
    assert number_in_telugu_words(number, before_noun=True) == before_a_noun
