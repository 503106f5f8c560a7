import pytest

from catalog import selectors
from catalog.selectors import PackRef
from common.errors import NotFound

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def shelf():
    rice = make_category("RICE & PULSES", sequence=2)
    oils = make_category("OILS", sequence=1)
    return {
        "sona": make_product("Sona Masoori Rice", category=rice, brands={"Lalitha": [("10", "kg", "720", "699", 5)]}),
        "dal": make_product("Toor Dal", category=rice, brands={"Tata Sampann": [("1", "kg", "180", "170", 5)]}),
        "bran": make_product("Rice Bran Oil", category=oils, brands={"Fortune": [("1", "L", "175", "160", 5)]}),
        "gingelly": make_product(
            "Gingelly Oil", category=oils, brands={"Idhayam": [("1", "L", "400", "380", 0)], "Gold Winner": []}
        ),
    }


def _names(products):
    return [product.name for product in products]


def test_product_list_pages_by_id(shelf):
    page = selectors.product_list(page=1, page_size=3)
    assert (_names(page.items), page.page, page.pages) == (["Sona Masoori Rice", "Toor Dal", "Rice Bran Oil"], 1, 2)
    page = selectors.product_list(page=2, page_size=3)
    assert (_names(page.items), page.pages) == (["Gingelly Oil"], 2)


def test_product_list_past_the_end_is_empty(shelf):
    page = selectors.product_list(page=9, page_size=3)
    assert (page.items, page.page, page.pages) == ([], 9, 2)


@pytest.mark.parametrize(
    ("keyword", "names"),
    [
        ("RICE", ["Sona Masoori Rice", "Rice Bran Oil", "Toor Dal"]),  # names first, then category RICE & PULSES
        ("idhayam", ["Gingelly Oil"]),  # brand
        ("  gold  ", ["Gingelly Oil"]),  # second brand, trimmed, listed once
        ("oils", ["Rice Bran Oil", "Gingelly Oil"]),  # category
        ("", ["Sona Masoori Rice", "Toor Dal", "Rice Bran Oil", "Gingelly Oil"]),
        ("ghee", []),
    ],
)
def test_keyword_matches_name_brand_and_category_case_insensitively(shelf, keyword, names):
    assert _names(selectors.product_list(keyword=keyword).items) == names


def test_keyword_lists_exact_brand_matches_first_then_names_then_the_rest():
    atta = make_category("FLOURS")
    other_atta = make_product("Whole Wheat Atta", category=atta, brands={"Pillsbury": [], "Aashirvaad": []})
    named = make_product("Aashirvaad Style Chakki Atta", category=atta, brands={"Annapurna": []})
    similar = make_product("Multigrain Atta", category=atta, brands={"Aashirvaad Select": []})
    exact = make_product("Sugar Free Atta", category=atta, brands={"AASHIRVAAD": []})

    page = selectors.product_list(keyword="Aashirvaad")

    # The brand is the text (by name among them), a name starting with it, a brand starting with it.
    assert [product.pk for product in page.items] == [exact.pk, other_atta.pk, named.pk, similar.pk]
    # On a product sold by several brands, the searched brand's card comes first.
    assert [detail.brand for detail in page.items[1].details.all()] == ["Aashirvaad", "Pillsbury"]


def test_keyword_ranking_holds_across_pages():
    for number in range(3):
        make_product(f"Aashirvaad Namesake {number}", brands={"Other": []})
    exact = make_product("Atta", brands={"Aashirvaad": []})

    first = selectors.product_list(keyword="aashirvaad", page=1, page_size=2)
    second = selectors.product_list(keyword="aashirvaad", page=2, page_size=2)

    assert first.items[0].pk == exact.pk
    assert len({p.pk for p in first.items + second.items}) == 4


def test_keyword_matching_many_brands_lists_a_product_once():
    make_product("Dal", brands={"Tata A": [], "Tata B": [], "Tata C": []})
    page = selectors.product_list(keyword="tata")
    assert (_names(page.items), page.pages) == (["Dal"], 1)


def test_category_names_in_sequence(shelf):
    assert list(selectors.category_names()) == ["OILS", "RICE & PULSES"]


@pytest.mark.parametrize("ref", ["OILS", "oils", "Oils"])
def test_category_products_by_name_or_key(shelf, ref):
    name, _, page = selectors.category_products(category=ref)
    assert (name, _names(page.items)) == ("OILS", ["Rice Bran Oil", "Gingelly Oil"])


def test_category_all_lists_every_product(shelf):
    name, _, page = selectors.category_products(category="all", page_size=2)
    assert (name, len(page.items), page.pages) == ("all", 2, 2)


def test_unknown_category_is_not_found(shelf):
    with pytest.raises(NotFound):
        selectors.category_products(category="CHOCOLATES")


def test_featured_categories_have_their_first_five_products_in_sequence():
    first = make_category("BATH & BODY", sequence=1)
    second = make_category("EGGS & DAIRY", sequence=2)
    make_category("HIDDEN", sequence=0, featured=False)
    bath = [make_product(f"Soap {n}", category=first) for n in range(7)]
    eggs = [make_product(f"Eggs {n}", category=second) for n in range(3)]
    featured = selectors.featured_categories()
    assert [entry.category.name for entry in featured] == ["BATH & BODY", "EGGS & DAIRY"]
    assert featured[0].products == bath[:5]
    assert featured[1].products == eggs


def test_suggestions_need_three_characters(shelf):
    assert selectors.suggestions(q="  ri ") == selectors.Suggestions(products=[], brands=[])
    assert selectors.suggestions(q="") == selectors.Suggestions(products=[], brands=[])


def test_suggestions_rank_words_starting_with_the_text_then_the_category_that_names_it(shelf):
    # Both names have a word starting with 'ric'; the RICE & PULSES category puts the rice first.
    found = selectors.suggestions(q="rIc")
    assert _names(found.products) == ["Sona Masoori Rice", "Rice Bran Oil"]


def test_suggestions_brands_are_distinct_and_sorted():
    for name in ("Atta", "Salt", "Tea"):
        make_product(name, brands={"Tata Sampann": [], "Tata Salt": []})
    make_product("Dal", brands={"Rajdhani": []})
    assert selectors.suggestions(q="tata").brands == ["Tata Salt", "Tata Sampann"]


def test_suggestions_are_capped():
    category = make_category()
    for n in range(10):
        make_product(f"Rice {n}", category=category, brands={f"Rice Brand {n}": []})
    found = selectors.suggestions(q="rice")
    assert len(found.products) == selectors.SUGGESTED_PRODUCTS
    assert found.brands == [f"Rice Brand {n}" for n in range(5)]


def test_product_get_by_slug_or_id(shelf):
    sona = shelf["sona"]
    assert selectors.product_get(ref=sona.slug) == sona
    assert selectors.product_get(ref=str(sona.pk)) == sona
    with pytest.raises(NotFound):
        selectors.product_get(ref="no-such-product")
    with pytest.raises(NotFound):
        selectors.product_get(ref="999999")


def test_top_products_by_rating_then_reviews(shelf):
    from decimal import Decimal

    shelf["dal"].rating, shelf["dal"].num_reviews = Decimal("4.5"), 2
    shelf["dal"].save()
    shelf["bran"].rating, shelf["bran"].num_reviews = Decimal("4.5"), 9
    shelf["bran"].save()
    assert _names(selectors.top_products())[:3] == ["Rice Bran Oil", "Toor Dal", "Sona Masoori Rice"]


def test_financial_batch_returns_current_records_and_leaves_out_stale_ones(shelf):
    sona, bran = shelf["sona"], shelf["bran"]
    sona_detail, bran_detail = sona.details.get(), bran.details.get()
    sona_pack, bran_pack = sona_detail.financials.get(), bran_detail.financials.get()
    records = selectors.financial_batch(
        items=[
            PackRef(bran.pk, bran_detail.pk, bran_pack.pk),
            PackRef(sona.pk, sona_detail.pk, sona_pack.pk),
            PackRef(sona.pk, bran_detail.pk, sona_pack.pk),  # pack moved to another brand
            PackRef(sona.pk, sona_detail.pk, 999999),  # deleted
        ]
    )
    assert records == [bran_pack, sona_pack]
