"""Stock taken and given back through `catalog.stock`: all or nothing, announced once, cache dropped."""

import pytest
from django.core.cache import cache

from catalog import caching
from catalog.models import Financial
from catalog.stock import InsufficientStock, stock_return, stock_take
from common.errors import DomainError

from .announcements import announcements
from .factories import make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def packs():
    oil = make_product("Oil", brands={"Freedom": [("1", "L", "165", "150", 5), ("5", "L", "800", "750", 2)]})
    rice = make_product("Rice", brands={"Lalitha": [("10", "kg", "720", "699", 1)]})
    oil_1l, oil_5l = oil.details.get().financials.order_by("quantity")
    return oil, rice, oil_1l, oil_5l, rice.details.get().financials.get()


def _stock(*packs) -> list[int]:
    return [Financial.objects.get(pk=pack.pk).count_in_stock for pack in packs]


def test_stock_take_decrements_every_line_and_announces_once(packs):
    oil, rice, oil_1l, oil_5l, rice_10kg = packs
    cache.set(caching.VERSION_KEY, "before")
    with announcements() as heard:
        taken = stock_take([(rice_10kg.pk, 1), (oil_1l.pk, 3)])
    assert _stock(oil_1l, oil_5l, rice_10kg) == [2, 2, 0]
    assert set(taken.packs) == {oil_1l.pk, rice_10kg.pk}
    assert heard == [(frozenset({oil.pk, rice.pk}), frozenset({oil_1l.pk, rice_10kg.pk}))]
    assert cache.get(caching.VERSION_KEY) != "before"


def test_stock_take_is_all_or_nothing_and_names_every_short_pack(packs):
    _oil, _rice, oil_1l, oil_5l, rice_10kg = packs
    with announcements() as heard, pytest.raises(InsufficientStock) as refused:
        stock_take([(oil_1l.pk, 1), (oil_5l.pk, 3), (rice_10kg.pk, 2)])
    assert [(pack.pk, available) for pack, available in refused.value.short] == [(oil_5l.pk, 2), (rice_10kg.pk, 1)]
    assert refused.value.status == 409
    assert _stock(oil_1l, oil_5l, rice_10kg) == [5, 2, 1]
    assert heard == []


def test_the_same_pack_twice_counts_together(packs):
    _oil, _rice, oil_1l, _oil_5l, _rice_10kg = packs
    with pytest.raises(InsufficientStock):
        stock_take([(oil_1l.pk, 3), (oil_1l.pk, 3)])
    stock_take([(oil_1l.pk, 2), (oil_1l.pk, 3)])
    assert _stock(oil_1l) == [0]


@pytest.mark.parametrize("qty", [0, -1, True, 1.5])
def test_stock_take_refuses_a_count_that_is_not_a_positive_whole_number(packs, qty):
    with pytest.raises(ValueError):
        stock_take([(packs[2].pk, qty)])


def test_stock_take_of_an_unknown_pack_is_refused(packs):
    with pytest.raises(DomainError, match="No pack has the id"):
        stock_take([(packs[2].pk, 1), (999_999, 1)])
    assert _stock(packs[2]) == [5]


def test_stock_return_adds_back_and_announces_once(packs):
    oil, _rice, oil_1l, oil_5l, _rice_10kg = packs
    with announcements() as heard:
        stock_return([(oil_1l.pk, 2), (oil_5l.pk, 1), (None, 4)])
    assert _stock(oil_1l, oil_5l) == [7, 3]
    assert heard == [(frozenset({oil.pk}), frozenset({oil_1l.pk, oil_5l.pk}))]


def test_stock_return_skips_packs_deleted_since(packs):
    _oil, _rice, oil_1l, _oil_5l, rice_10kg = packs
    gone = rice_10kg.pk
    rice_10kg.delete()
    with announcements() as heard:
        stock_return([(gone, 1)])
        stock_return([(oil_1l.pk, 1)])
    assert _stock(oil_1l) == [6]
    assert len(heard) == 1
