"""A search that names a brand ('Heritage', the search box's "Brand: Heritage") says so in its
answer's `picked`, so the list shows that brand's cards only, not the products' other brands
(issue 45); a size named picks the brand to show first and nothing more. Both paths: SQLite's
portable one here, PostgreSQL's own answer when the suite runs on it."""

import json

import pytest

from catalog import answers

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def dairy():
    shelf = make_category("DAIRY", sequence=1)
    milk = make_product(
        "Toned Milk",
        category=shelf,
        brands={"Heritage": [("500", "ml", "28", "28", 9)], "Jersey": [("1", "L", "56", "54", 9)]},
    )
    curd = make_product("Curd", category=shelf, brands={"Jersey": [("500", "g", "40", "38", 9)]})
    return milk, curd


def picked(keyword: str) -> dict:
    return json.loads(answers.product_list(keyword=keyword, page=1, page_size=12)).get("picked", {})


def test_a_brand_named_marks_that_brand_as_the_only_one_to_show(dairy):
    milk, _curd = dairy
    heritage = milk.details.get(brand="Heritage")
    assert picked("Heritage") == {str(milk.pk): {"detail": str(heritage.pk), "brand": True}}


def test_a_size_named_picks_a_brand_to_show_first_only(dairy):
    milk, _curd = dairy
    entry = picked("milk 1 L")[str(milk.pk)]
    assert entry["detail"] == str(milk.details.get(brand="Jersey").pk) and "brand" not in entry
