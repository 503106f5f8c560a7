from decimal import Decimal

import pytest

from catalog.pricing import PricingError, discount_percent, dprice_for_discount, pack_prices


@pytest.mark.parametrize(
    ("price", "dprice", "discount"),
    [
        ("100", "90", 10),
        ("450", "399", 11),
        ("3", "2", 33),
        ("100", "100", 0),
        ("100", "0", 100),
        ("0", "0", 0),
        ("8", "7.5", 6),
        ("200", "199", 1),
    ],
)
def test_discount_is_rounded_percentage_below_mrp(price, dprice, discount):
    assert discount_percent(Decimal(price), Decimal(dprice)) == discount


def test_half_percent_rounds_up():
    assert discount_percent(Decimal("200"), Decimal("199")) == 1  # 0.5% -> 1
    assert discount_percent(Decimal("40"), Decimal("39.8")) == 1  # 0.5% -> 1, not banker's 0


def test_selling_price_from_discount_is_rounded_to_paise():
    assert dprice_for_discount(Decimal("450"), 11) == Decimal("400.50")
    assert dprice_for_discount(Decimal("99.99"), 33) == Decimal("66.99")


def test_pack_prices_from_dprice():
    prices = pack_prices(price="450", dprice="399")
    assert (prices.price, prices.dprice, prices.discount) == (Decimal("450.00"), Decimal("399.00"), 11)


def test_pack_prices_from_discount_rederives_discount_from_rounded_price():
    prices = pack_prices(price=Decimal("0.10"), discount=33)
    assert prices.dprice == Decimal("0.07")
    assert prices.discount == discount_percent(prices.price, prices.dprice) == 30


def test_pack_prices_without_dprice_or_discount_sells_at_mrp():
    assert pack_prices(price=120).dprice == Decimal("120.00")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"price": "100", "dprice": "101"}, "cannot be more than"),
        ({"price": "-1"}, "cannot be negative"),
        ({"price": "abc"}, "must be a number"),
        ({"price": "NaN"}, "must be a number"),
        ({"price": True}, "must be a number"),
        ({"price": "100", "discount": "101"}, "from 0 to 100"),
        ({"price": "100", "discount": "12.5"}, "from 0 to 100"),
        ({"price": "1e12"}, "too large"),
    ],
)
def test_bad_prices_are_refused_with_a_reason(kwargs, message):
    with pytest.raises(PricingError, match=message):
        pack_prices(**kwargs)
