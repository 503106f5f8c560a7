"""The database itself refuses packs and reviews that break the catalog's rules."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from catalog.models import Financial, Review

from .factories import make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def detail():
    return make_product(brands={"Aashirvaad": []}).details.get()


def _pack(detail, **overrides):
    fields = dict(
        detail=detail,
        quantity=Decimal("1"),
        units="kg",
        price=Decimal("100"),
        dprice=Decimal("90"),
        discount=10,
        count_in_stock=5,
    )
    fields.update(overrides)
    return Financial(**fields)


def _insert(financial):
    with pytest.raises(IntegrityError), transaction.atomic():
        # bulk_create skips model validation, so only the database can refuse the row.
        Financial.objects.bulk_create([financial])


def test_negative_stock_is_refused(detail):
    _insert(_pack(detail, count_in_stock=-1))


def test_selling_price_above_mrp_is_refused(detail):
    _insert(_pack(detail, price=Decimal("100"), dprice=Decimal("100.01")))


def test_negative_selling_price_is_refused(detail):
    _insert(_pack(detail, dprice=Decimal("-1")))


def test_discount_over_100_is_refused(detail):
    _insert(_pack(detail, discount=101))


def test_same_pack_size_twice_is_refused(detail):
    Financial.objects.bulk_create([_pack(detail)])
    _insert(_pack(detail, price=Decimal("200"), dprice=Decimal("200"), discount=0))


def test_same_size_in_other_units_is_a_different_pack(detail):
    Financial.objects.bulk_create([_pack(detail), _pack(detail, units="L")])
    assert detail.financials.count() == 2


def test_one_review_per_user_per_product(customer):
    product = make_product()
    Review.objects.create(product=product, user=customer, rating=5)
    with pytest.raises(IntegrityError), transaction.atomic():
        Review.objects.create(product=product, user=customer, rating=3)


@pytest.mark.parametrize("rating", [0, 6])
def test_rating_outside_1_to_5_is_refused(customer, rating):
    with pytest.raises(IntegrityError), transaction.atomic():
        Review.objects.bulk_create([Review(product=make_product(), user=customer, rating=rating)])


def test_quantity_display_drops_trailing_zeros(detail):
    assert _pack(detail, quantity=Decimal("500.000")).quantity_display == "500"
    assert _pack(detail, quantity=Decimal("1.500")).quantity_display == "1.5"
