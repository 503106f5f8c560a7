"""Search that understands local names (issues 16 and 29): synonyms both ways, Telugu script,
one-edit typos, and the ranking's stock and popularity tie-breakers.

These run on the database the suite runs on (SQLite by default, PostgreSQL in CI), so both
databases are held to the same expectations; `test_search_quality.py` judges the ranking on the
demo catalog, and `test_postgres.py` checks that PostgreSQL reads the trigram indexes.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from catalog import search, selectors, services, stock
from catalog.models import Product, ProductSales, SearchSynonym
from common.text import one_edit

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db


@pytest.fixture
def shop():
    rice = make_category("RICE & PULSES", name_te="బియ్యం & పప్పులు")
    oils = make_category("OILS", name_te="నూనెలు")
    daily = make_category("DAILY NEEDS", name_te="నిత్యావసరాలు")
    products = {
        "sona": make_product("Sona Masoori Rice", name_te="సోనా మసూరి బియ్యం", category=rice),
        "basmati": make_product("Basmati Rice", name_te="బాస్మతి బియ్యం", category=rice),
        "toor": make_product("Toor Dal", name_te="కందిపప్పు", category=rice, brands={"Tata Sampann": []}),
        "moong": make_product("Moong Dal", name_te="పెసరపప్పు", category=rice),
        "gingelly": make_product("Gingelly Oil", name_te="నువ్వుల నూనె", category=oils, brands={"Idhayam": []}),
        "bran": make_product("Rice Bran Oil", name_te="తవుడు నూనె", category=oils, brands={"Fortune": []}),
        "salt": make_product("Iodised Salt", name_te="అయోడిన్ ఉప్పు", category=daily, brands={"Tata Salt": []}),
        "sugar": make_product("Sugar", name_te="పంచదార", category=daily),
        "chilli": make_product("Red Chilli Powder", name_te="కారం పొడి", category=daily),
    }
    for word, means in [
        ("biyyam", "rice"),
        ("pappu", "dal"),
        ("kandi pappu", "toor dal"),
        ("nune", "oil"),
        ("nuvvula nune", "gingelly oil"),
        ("uppu", "salt"),
        ("karam", "chilli powder"),
        ("panchadara", "sugar"),
    ]:
        SearchSynonym.objects.create(word=word, means=means)
    return products


def _suggested(q: str) -> list[str]:
    return [product.name for product in selectors.suggestions(q=q).products]


def _found(keyword: str) -> list[str]:
    return [product.name for product in selectors.product_list(keyword=keyword, page_size=48).items]


@pytest.mark.parametrize(
    ("q", "names"),
    [
        ("biyyam", ["Basmati Rice", "Rice Bran Oil", "Sona Masoori Rice"]),
        ("Biyy", ["Basmati Rice", "Rice Bran Oil", "Sona Masoori Rice"]),  # a word being typed
        ("pappu", ["Moong Dal", "Toor Dal"]),
        ("kandi pappu", ["Toor Dal"]),  # a listed phrase
        ("kandi", ["Toor Dal"]),  # the start of one
        ("nune", ["Gingelly Oil", "Rice Bran Oil"]),
        ("nuvvula nune", ["Gingelly Oil"]),
        ("uppu", ["Iodised Salt"]),
        ("karam", ["Red Chilli Powder"]),
        ("sona masoori biyyam", ["Sona Masoori Rice"]),  # the local word inside a longer text
    ],
)
def test_suggestions_understand_local_names(shop, q, names):
    assert sorted(_suggested(q)) == names


@pytest.mark.parametrize(
    ("q", "names"),
    [
        ("బియ్యం", ["Basmati Rice", "Sona Masoori Rice"]),
        ("కందిపప్పు", ["Toor Dal"]),
        ("పప్పు", ["Moong Dal", "Toor Dal"]),
        ("నూనె", ["Gingelly Oil", "Rice Bran Oil"]),
        ("కారం", ["Red Chilli Powder"]),
    ],
)
def test_suggestions_match_telugu_script(shop, q, names):
    assert sorted(_suggested(q)) == names


def test_the_name_ending_with_the_word_comes_before_the_name_starting_with_it_in_either_script(shop):
    # Rice is what "Basmati Rice" is; "Rice Bran Oil" is an oil (issue 29).
    assert _suggested("rice") == ["Basmati Rice", "Sona Masoori Rice", "Rice Bran Oil"]
    assert _suggested("బియ్యం")[0:2] == ["Basmati Rice", "Sona Masoori Rice"]
    assert _suggested("కంది") == ["Toor Dal"]


@pytest.mark.parametrize(
    ("keyword", "names"),
    [
        ("biyyam", ["Basmati Rice", "Sona Masoori Rice", "Rice Bran Oil", "Moong Dal", "Toor Dal"]),  # like "rice"
        ("uppu", ["Iodised Salt"]),
        ("nune", ["Gingelly Oil", "Rice Bran Oil"]),
        ("కందిపప్పు", ["Toor Dal"]),
        ("పప్పులు", ["Basmati Rice", "Moong Dal", "Sona Masoori Rice", "Toor Dal"]),  # the category's Telugu name
        ("నూనెలు", ["Gingelly Oil", "Rice Bran Oil"]),
    ],
)
def test_keyword_search_understands_local_names_and_telugu(shop, keyword, names):
    assert _found(keyword) == names


def test_keyword_search_ranks_a_local_name_like_the_catalog_word(shop):
    assert _found("biyyam") == _found("rice")
    assert _found("pappu") == _found("dal")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("basmti", "Basmati Rice"),  # a letter left out
        ("basmatti", "Basmati Rice"),  # a letter added
        ("suger", "Sugar"),  # a letter changed in a five-letter word
        ("xugar", "Sugar"),  # ...even the first
        ("gingely", "Gingelly Oil"),
        ("masoory rice", "Sona Masoori Rice"),  # the short word as typed, the long one off by one
    ],
)
def test_a_one_letter_typo_in_a_long_word_still_finds_the_product(shop, text, name):
    assert name in _suggested(text)
    assert name in _found(text)


def test_a_typo_in_a_brand_finds_its_products_in_the_keyword_search(shop):
    assert _found("fortine") == ["Rice Bran Oil"]
    assert _found("idhyam") == ["Gingelly Oil"]


@pytest.mark.parametrize(
    ("text", "first"),
    [("rcie", "Basmati Rice"), ("dall", "Moong Dal"), ("sugr", "Sugar"), ("oill", "Gingelly Oil")],
)
def test_a_typo_in_a_word_of_four_letters_counts_too(shop, text, first):
    # Issue 29: one edit (a letter changed, added, left out, or two neighbours swapped).
    assert _suggested(text)[0] == first
    assert _found(text)[0] == first


def test_words_of_three_letters_are_never_typos(shop):
    assert _suggested("tor dal") == [] and _found("tor dal") == []


def test_two_letters_off_a_short_word_is_not_a_typo(shop):
    assert _suggested("sgaar") == [] and _found("sgaar") == []  # 'sugar': five letters, one edit at most


def test_two_letters_off_a_long_word_is_a_spelling_variant_three_are_not(shop):
    # Issue 47: 'basmati' and 'masoori' have seven letters, so two edits still find them.
    assert _found("basmtii") == ["Basmati Rice"]
    assert _found("sona masuri") == ["Sona Masoori Rice"]
    assert _found("bsmtii") == []


def test_typos_count_only_when_nothing_matches_as_typed(shop):
    make_product("Sugar Candy")
    # "sugar" matches as typed, so "Sugar"-like words one letter off do not join in.
    make_product("Sugan Biscuits")
    assert sorted(_suggested("sugar")) == ["Sugar", "Sugar Candy"]
    assert "Sugan Biscuits" in _suggested("sugax")


def test_staff_product_list_finds_local_names_telugu_and_typos(shop):
    def names(keyword):
        return sorted(p.name for p in selectors.admin_product_list(keyword=keyword).items)

    assert names("nune") == ["Gingelly Oil", "Rice Bran Oil"]
    assert names("కందిపప్పు") == ["Toor Dal"]
    assert names("gingely") == ["Gingelly Oil"]


def test_suggestions_api_answers_telugu_names(shop, api_client):
    body = api_client.get("/api/products/suggestions", {"q": "కందిపప్పు"}).json()
    assert [(p["name"], p["nameTe"]) for p in body["products"]] == [("Toor Dal", "కందిపప్పు")]
    body = api_client.get("/api/products", {"keyword": "biyyam"}).json()
    assert body["products"][0]["nameTe"] == "బాస్మతి బియ్యం"


def test_the_search_text_is_compared_in_nfc(shop):
    make_product("Nylon Rope", name_te="నైలాన్ తాడు")
    # "ై" typed as its two parts (ె + ౖ) is the same letter as the one code point.
    decomposed = "నైలాన్".replace("ై", "\u0c46\u0c56")
    assert decomposed != "నైలాన్"
    assert _suggested(decomposed) == ["Nylon Rope"]


def test_understand_lists_what_the_text_stands_for(shop):
    query = search.understand("Sona Masoori Biyyam")
    assert query.phrases == ("sona masoori biyyam", "sona masoori rice")
    assert query.words == (("sona",), ("masoori",), ("biyyam", "rice"))
    assert search.understand("pap").phrases == ("pap", "dal")
    services.synonym_save(synonym=SearchSynonym(word="biyyam pindi", means="rice flour"))
    assert search.understand("biyyam").phrases == ("biyyam", "rice")  # 'rice flour' finds nothing more
    assert search.understand("biyyam").scored == ("biyyam", "rice")  # nor ranks: biyyam is rice
    assert search.understand("biyy").scored == ("biyy", "rice")  # the shortest listed word it starts
    assert search.understand("బియ్యం").words == ()


def test_understand_reads_synonyms_both_ways(shop):
    # A shopper typing the catalog's words also finds a product named with the local one.
    assert search.understand("toor dal").phrases == ("toor dal", "kandi pappu")


def test_understand_corrects_a_typo_to_the_catalogs_words(shop):
    assert search.understand("sugr").phrases == ("sugr", "sugar", "panchadara")  # and sugar's local name
    assert search.understand("gingely oil").phrases == ("gingely oil", "gingelly oil", "nuvvula nune")
    # A catalog word, or the start of one, is as typed.
    assert search.understand("sugar").phrases == ("sugar", "panchadara")
    assert search.understand("basma").phrases == ("basma",)


@pytest.mark.parametrize(
    ("typed", "word", "one"),
    [
        ("sugr", "sugar", True),  # left out
        ("daal", "dal", True),  # added
        ("aata", "atta", True),  # changed
        ("rcie", "rice", True),  # swapped
        ("sugar", "sugar", False),  # the same
        ("sgr", "sugar", False),  # two left out
        ("rcei", "rice", False),  # not neighbours
    ],
)
def test_one_edit(typed, word, one):
    assert one_edit(typed, word) is one


def test_the_synonyms_are_read_once_per_catalog_version_and_a_new_one_counts_at_once(shop, django_assert_num_queries):
    # The words (synonyms, names, brands, categories), the products out of stock, the best sellers.
    with django_assert_num_queries(3):
        search.understand("biyyam")
    with django_assert_num_queries(0):
        assert search.understand("kandi pappu").phrases == ("kandi pappu", "toor dal")
    assert search.understand("godhuma").phrases == ("godhuma",)
    services.synonym_save(synonym=SearchSynonym(word="godhuma", means="wheat flour"))
    with django_assert_num_queries(3):  # another process reads it too: the change is a new words version
        assert search.understand("godhuma").phrases == ("godhuma", "wheat flour")
    services.synonym_delete(synonym=SearchSynonym.objects.get(word="godhuma"))
    assert search.understand("godhuma").phrases == ("godhuma",)


@pytest.mark.parametrize("text", ["!!!", "...", "-- --", "@#$%"])
def test_punctuation_alone_finds_nothing(shop, text):
    assert _suggested(text) == [] and _found(text) == []


def test_in_stock_before_out_of_stock_then_what_sold_more_in_90_days():
    alpha = make_product("Alpha Rice", brands={"X": [("1", "kg", "50", "50", 0)]})  # out of stock
    beta = make_product("Beta Rice")
    zeta = make_product("Zeta Rice")
    today = timezone.localdate()
    ProductSales.objects.create(product=zeta, day=today - timedelta(days=5), units=3)
    ProductSales.objects.create(product=beta, day=today - timedelta(days=120), units=50)  # too long ago
    ProductSales.objects.create(product=alpha, day=today, units=99)
    assert _found("rice") == ["Zeta Rice", "Beta Rice", "Alpha Rice"]
    assert _suggested("rice") == ["Zeta Rice", "Beta Rice", "Alpha Rice"]


def test_popularity_only_breaks_ties():
    make_product("Rice Crackers")
    plain = make_product("Plain Rice")
    ProductSales.objects.create(product=plain, day=timezone.localdate(), units=1)
    crackers = Product.objects.get(name="Rice Crackers")
    ProductSales.objects.create(product=crackers, day=timezone.localdate(), units=500)
    assert _found("rice") == ["Plain Rice", "Rice Crackers"]


def test_stock_taken_and_given_back_counts_as_sold_on_the_day():
    product = make_product("Sugar", brands={"M": [("1", "kg", "50", "50", 10)]})
    pack = product.details.get().financials.get()
    stock.stock_take([(pack.pk, 3)])
    stock.stock_take([(pack.pk, 2)])
    stock.stock_return([(pack.pk, 1)])
    assert list(ProductSales.objects.values_list("product_id", "day", "units")) == [
        (product.pk, timezone.localdate(), 4)
    ]


def test_stock_taken_rereads_the_stock_but_not_the_words(shop, django_assert_num_queries):
    # An order sets a new catalog version, not a new words version: the next search reads the
    # products out of stock and the best sellers again (2 queries), not every word of the catalog.
    pack = Product.objects.get(name="Sugar").details.get().financials.get()
    search.understand("biyyam")
    with django_assert_num_queries(0):
        search.understand("biyyam")
    stock.stock_take([(pack.pk, 1)])
    with django_assert_num_queries(2):
        search.understand("biyyam")
    assert pack.detail.product_id in {pk for pk, _ in search._lexicon.table().sold}
    services.synonym_save(synonym=SearchSynonym(word="godhuma", means="wheat flour"))
    with django_assert_num_queries(3):  # a synonym is a word: read again, with the stock
        assert search.understand("godhuma").phrases == ("godhuma", "wheat flour")


def test_and_between_words_reads_as_the_catalogs_ampersand():
    # Issue 47: "head and shoulders" is how people say the brand the catalog writes "Head & Shoulders".
    care = make_category("BATH & BODY")
    drinks = make_category("TEA & COFFEE")
    shampoo = make_product("Shampoo", category=care, brands={"Head & Shoulders": [("180", "ml", "199", "199", 5)]})
    make_product("Shampoo Sachet", category=care, brands={"Clinic Plus": [("5", "ml", "2", "2", 50)]})
    make_product("Leaf Tea", category=drinks)
    make_product("Oil and Atta Saver Pack")
    query = search.understand("head and shoulders")
    assert (query.text, query.brand) == ("head & shoulders", "Head & Shoulders")
    assert _suggested("head and shoulders")[0] == _found("head and shoulders")[0] == shampoo.name
    assert search.understand("Head and Shoulders 180ml").size is not None
    assert _found("tea and coffee") == ["Leaf Tea"]  # the category, written with '&'
    # A catalog name that says 'and' is read as it is written, and 'and' alone changes nothing.
    assert search.understand("oil and atta").text == "oil and atta"
    assert _found("oil and atta") == ["Oil and Atta Saver Pack"]
    assert search.understand("and").text == "and"


def test_the_search_name_lookup_is_icontains_on_the_name():
    """`search_name__holds` (the kept upper-cased name, issue 47) finds what `name__icontains`
    finds, a wildcard typed being a letter, on either database."""
    category = make_category()
    for name in ("Sona Masoori Rice", "Rice_Flour 50%", "Ragi", "Brown RICE"):
        make_product(name=name, category=category)
    for text in ("rice", "RiCe", "ce_f", "50%", "%", "_", "sona masoori", "ragi rice"):
        holds = set(Product.objects.filter(search_name__holds=text).values_list("pk", flat=True))
        assert holds == set(Product.objects.filter(name__icontains=text).values_list("pk", flat=True)), text


def test_a_description_holding_the_word_ranks_its_product_ahead_and_follows_each_change():
    """The description's test reads the kept upper-cased description (issue 47), which the
    database writes again with every change of the description."""
    category = make_category()
    first = make_product(name="Rice A", category=category)
    second = make_product(name="Rice B", category=category)

    def names() -> list[str]:
        return [product.name for product in selectors.product_list(keyword="rice").items]

    Product.objects.filter(pk__in=[first.pk, second.pk]).update(description="")
    assert names() == ["Rice A", "Rice B"]
    Product.objects.filter(pk=second.pk).update(description="Aged sona masoori rice from the delta")
    assert names() == ["Rice B", "Rice A"]
    first.description = "Fine rice for every day"
    first.save()
    Product.objects.filter(pk=second.pk).update(description="Rice at the start is no word inside")
    assert names() == ["Rice A", "Rice B"]
