"""PostgreSQL only: the fast path stays honest (issue 30). Every answer `catalog.answers` builds in
SQL is the JSON `serializers` writes, the wire format's owner, for every product of the demo
catalog (`manage.py seed_demo`) and for the edge shapes (no brands, a brand without packs, no
picture, Telugu names, zero stock, every GST rate, uploaded photos, odd sizes and prices).

"The same" is what a client parsing the JSON gets, and stricter than Python's `==` on `json.loads`:
every object is kept as its keys in order, and every number as a JSON number of its exact value
(Python's `==` takes `true` for `1` and a number for its float). A field added to one side and not
the other, a key moved, a value written as another type, all fail it. Only how a whole number is
spelled may differ: the SQL writes `450` and `0`, the serializers (through orjson, like DRF's
renderer) `450.0` and `0.0`; JavaScript reads the same number from both.
"""

import json
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from catalog import answers, selectors, serializers
from catalog.models import Category, Detail, GstRate, Product
from common.pagination import CATEGORY_PRODUCTS, PRODUCT_LIST

from .factories import make_category, make_pack, make_product

UPLOADED = "/media/catalog/uploads/0123456789abcdef0123456789abcdef.webp"


class Number(Decimal):
    """A JSON number, equal only to a JSON number of the same value (never to `true` or a string)."""

    def __eq__(self, other):
        return isinstance(other, Number) and Decimal.__eq__(self, other)

    __hash__ = Decimal.__hash__


def strict(body: bytes):
    """The JSON `body` with its objects as [(key, value), ...] in order and its numbers as `Number`."""
    return json.loads(body, object_pairs_hook=list, parse_int=Number, parse_float=Number, parse_constant=Number)


def _is_object(value) -> bool:
    return isinstance(value, list) and all(isinstance(pair, tuple) and isinstance(pair[0], str) for pair in value)


def first_difference(fast, portable, where: str = "") -> str | None:
    """Where two `strict` values first differ (a path of indexes), for the failure message."""
    if _is_object(fast) and _is_object(portable) and [k for k, _ in fast] != [k for k, _ in portable]:
        return f"at {where or '/'}: keys {[k for k, _ in fast]} (SQL) != {[k for k, _ in portable]} (serializers)"
    if isinstance(fast, list | tuple) and type(fast) is type(portable) and len(fast) == len(portable):
        for index, (one, two) in enumerate(zip(fast, portable, strict=True)):
            found = first_difference(one, two, f"{where}/{index}")
            if found:
                return found
        return None
    if type(fast) is type(portable) and fast == portable:
        return None
    return f"at {where or '/'}: {repr(fast)[:300]} != {repr(portable)[:300]}"


def _portable(monkeypatch, fn, kwargs) -> bytes:
    with monkeypatch.context() as patch:
        patch.setattr(answers, "_fast", lambda: False)
        return fn(**kwargs)


def _differences(monkeypatch, cases) -> list[str]:
    """Each case whose two answers differ, with where they first do."""
    found = []
    for fn, kwargs in cases:
        fast, portable = strict(fn(**kwargs)), strict(_portable(monkeypatch, fn, kwargs))
        if fast != portable:
            found.append(f"{fn.__name__}({kwargs}): {first_difference(fast, portable)}")
    return found


def _all_pages(fn, page_size: int, **kwargs) -> list[tuple]:
    """Every page of a list (and the first page past its end)."""
    total = json.loads(fn(page=1, page_size=page_size, **kwargs))["pages"]
    return [(fn, {**kwargs, "page": page, "page_size": page_size}) for page in range(1, total + 2)]


def _every_answer(products: list[Product]) -> list[tuple]:
    """Every public answer `answers` builds, over `products`: every page of every list (the
    default and the largest size), every category's pages by key and by name, each product found
    by its name, its Telugu name or a brand, suggestions for each, featured and top."""
    cases = [(answers.featured, {}), (answers.top, {})]
    for size in (PRODUCT_LIST.default, PRODUCT_LIST.most):
        cases += _all_pages(answers.product_list, size, keyword="")
    cases += _all_pages(answers.category_products, CATEGORY_PRODUCTS.most, category=selectors.ALL_CATEGORIES)
    for category in Category.objects.order_by("id"):
        cases += _all_pages(answers.category_products, CATEGORY_PRODUCTS.default, category=category.key)
        cases.append((answers.category_products, {"category": category.name, "page": 1, "page_size": 5}))
    # Each product is searched for once and suggested once, each time by another of what shoppers
    # type (a search takes 20-40 ms a path; every product by all of them took a minute): its name,
    # its Telugu name or one of its brands (a brand's products lead with it), and for suggestions
    # what a shopper has typed so far, a space included ("Oil ": the portable path trimmed it and
    # the SQL did not, until this test compared them).
    searched, suggested = set(), set()
    for number, product in enumerate(products):
        brands = [detail.brand for detail in product.details.all()] or [product.name]
        brand = brands[number // 3 % len(brands)]
        searched.add((product.name, product.name_te or product.name, brand)[number % 3])
        suggested.add((product.name[:4], product.name_te[:3] or product.name, brand[:5])[number % 3])
    for term in sorted(term for term in searched if term.strip()):
        cases.append((answers.product_list, {"keyword": term, "page": 1, "page_size": PRODUCT_LIST.default}))
    for term in sorted(term for term in suggested if term.strip()):
        cases.append((answers.suggestions, {"term": term}))
    return cases


@pytest.fixture
def demo_catalog(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    call_command("seed_demo", stdout=StringIO())
    return list(Product.objects.prefetch_related("details").order_by("id"))


@pytest.mark.postgres
@pytest.mark.django_db
def test_every_answer_about_every_demo_product_is_the_serializers_json(demo_catalog, monkeypatch):
    cases = _every_answer(demo_catalog)
    listed = {
        product["_id"]
        for fn, kwargs in cases
        if fn is answers.product_list and kwargs["keyword"] == ""
        for product in json.loads(fn(**kwargs))["products"]
    }
    assert listed == {str(product.pk) for product in demo_catalog}, "every demo product is compared"
    assert len(demo_catalog) > 150
    assert _differences(monkeypatch, cases) == []


@pytest.fixture
def edge_shapes(settings, tmp_path):
    """Products of every shape the wire format has to write."""
    settings.MEDIA_ROOT = tmp_path
    telugu = make_category("పప్పులు TELUGU", name_te="పప్పులు")
    plain = make_category("PLAIN")
    unlisted = make_category("UNLISTED", featured=False)
    Detail.objects.filter(product=make_product("No brands at all", category=plain)).delete()
    make_product("Brand without packs", category=plain, brands={"Empty": []})
    bare = make_product("No pictures", category=plain, brands={"Bare": [("1", "kg", "50", "50", 1)]})
    Product.objects.filter(pk=bare.pk).update(image="")
    Detail.objects.filter(product=bare).update(images=[])
    make_product(
        "Out of stock", category=telugu, brands={"Gone": [("1", "kg", "80", "72", 0), ("2", "kg", "150", "0", 0)]}
    )
    make_product("కంది పప్పు", name_te="కంది పప్పు", category=telugu, brands={"తెలుగు బ్రాండ్": [("500", "g", "75", "70", 4)]})
    for rate in GstRate.values:
        product = make_product(f"Taxed at {rate}", category=unlisted)
        Product.objects.filter(pk=product.pk).update(gst_rate=rate, hsn_code="" if rate == 0 else "09041100")
    photo = make_product("Uploaded photos", category=plain, brands={"Snap": [("0.25", "kg", "99.99", "99.99", 7)]})
    Product.objects.filter(pk=photo.pk).update(image=UPLOADED)
    Detail.objects.filter(product=photo).update(images=[UPLOADED, "/media/plain.svg", UPLOADED + "?v=2"])
    sizes = make_product(
        "Odd sizes and prices",
        category=telugu,
        brands={
            "Sizes": [("1000", "g", "1234567.5", "1234567.5", 9999), ("1.5", "L", "0.01", "0.01", 1)],
            "Sample": [("1", "kg", "0", "0", 0)],
        },
    )
    make_pack(Detail.objects.get(product=sizes, brand="Sample"), "10", "pcs", "10", "9.5", 3)
    Product.objects.filter(pk=sizes.pk).update(rating=Decimal("3.33"), num_reviews=9)
    Product.objects.filter(name="Out of stock").update(rating=Decimal("5"), num_reviews=1)
    quoted = make_product('Quotes " \\ and\nlines', category=plain)
    Product.objects.filter(pk=quoted.pk).update(description='"Tab\there", emoji 🍚, \\u0000-free, </script>')
    return list(Product.objects.prefetch_related("details").order_by("id"))


@pytest.mark.postgres
@pytest.mark.django_db
def test_every_answer_about_the_edge_shapes_is_the_serializers_json(edge_shapes, monkeypatch):
    cases = _every_answer(edge_shapes)
    assert _differences(monkeypatch, cases) == []
    every = json.loads(answers.product_list(keyword="", page=1, page_size=PRODUCT_LIST.most))["products"]
    shapes = {product["name"]: product for product in every}
    assert shapes["No brands at all"]["details"] == []
    assert shapes["Brand without packs"]["details"][0]["financials"] == []
    assert (shapes["No pictures"]["image"], shapes["No pictures"]["details"][0]["images"]) == ("", [])
    assert {pack["countInStock"] for pack in shapes["Out of stock"]["details"][0]["financials"]} == {0}
    assert shapes["కంది పప్పు"]["categoryTe"] == "పప్పులు"
    assert sorted(product["gstRate"] for name, product in shapes.items() if name.startswith("Taxed")) == sorted(
        GstRate.values
    )
    assert shapes["Uploaded photos"]["details"][0]["images"][0]["thumbnail"].endswith("-card.webp")


def test_the_comparison_is_strict_where_pythons_equality_is_not():
    assert strict(b'{"price":60.5}') == strict(b'{"price": 60.50}')
    assert strict(b'{"price":450}') == strict(b'{"price":450.0}')  # whole numbers: see the docstring
    assert strict(b'{"price":60.5}') != strict(b'{"price":60.51}')
    assert strict(b'{"ok":true}') != strict(b'{"ok":1}')  # equal to Python's ==
    assert strict(b'{"ok":0}') != strict(b'{"ok":false}')
    assert strict(b'{"n":1}') != strict(b'{"n":"1"}')
    assert strict(b'{"a":1,"b":2}') != strict(b'{"b":2,"a":1}')
    assert strict(b'{"a":"\\u0c15"}') == strict('{ "a" : "క" }'.encode())
    assert first_difference(strict(b'{"a":[{"b":1}]}'), strict(b'{"a":[{"b":1,"c":2}]}')) == (
        "at /0/1/0: keys ['b'] (SQL) != ['b', 'c'] (serializers)"
    )
    assert first_difference(strict(b'{"a":[1,2]}'), strict(b'{"a":[1,3]}')) == "at /0/1/1: Decimal('2') != Decimal('3')"


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_field_added_to_one_side_only_fails_it(edge_shapes, monkeypatch):
    """What issue 30 asks of the comparison: a field one side writes and the other does not fails."""
    cases = [
        (answers.product_list, {"keyword": "", "page": 1, "page_size": 5}),
        (answers.suggestions, {"term": "taxed"}),
    ]
    assert _differences(monkeypatch, cases) == []

    product_data = serializers.product_data
    with monkeypatch.context() as patch:  # the serializers write a field the SQL does not
        patch.setattr(serializers, "product_data", lambda product, **kw: {**product_data(product, **kw), "extra": 1})
        assert len(_differences(monkeypatch, cases)) == len(cases)

    answers._every_product_statement.cache_clear()
    answers._suggestions_compiled.cache_clear()  # compiled statements hold PRODUCT as it was
    try:
        with monkeypatch.context() as patch:  # the SQL writes one the serializers do not
            patch.setattr(
                answers, "PRODUCT", answers.PRODUCT.replace('p.slug AS "slug"', 'p.slug AS "slug", 1 AS "extra"')
            )
            assert len(_differences(monkeypatch, cases)) == len(cases)
    finally:
        answers._every_product_statement.cache_clear()
        answers._suggestions_compiled.cache_clear()
    assert _differences(monkeypatch, cases) == []
