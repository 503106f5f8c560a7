"""PostgreSQL only: the answers PostgreSQL assembles (`catalog.answers`) are the JSON the portable
path (the selectors' models through `serializers`, what SQLite runs) gives for the same catalog,
and the kept product count stays exact."""

import functools
import json
from decimal import Decimal

import pytest
from django.db import connection

from catalog import answers, search, selectors, services, stock
from catalog.models import Category, Detail, Financial, Product, SearchSynonym

from .factories import make_category, make_pack, make_product

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

UPLOADED = "/media/catalog/uploads/0123456789abcdef0123456789abcdef.webp"


@pytest.fixture
def catalog():
    rice = make_category("RICE & PULSES", sequence=1)
    Category.objects.filter(pk=rice.pk).update(name_te="బియ్యం & పప్పులు")
    oils = make_category("OILS", sequence=2)
    hidden = make_category("HIDDEN", sequence=3, featured=False)
    sona = make_product(
        "Sona Masoori Rice",
        category=rice,
        brands={
            "India Gate": [("5", "kg", "450", "399", 25), ("0.5", "kg", "60.50", "60.5", 0)],
            "Rice King": [("1000", "g", "99", "99", 3), ("1.25", "kg", "120", "100", 7)],
            "Empty Brand": [],
        },
    )
    Product.objects.filter(pk=sona.pk).update(name_te="సోనా మసూరి బియ్యం", rating=Decimal("4.50"), num_reviews=2)
    Detail.objects.filter(product=sona, brand="India Gate").update(images=[UPLOADED, "/media/plain.svg"])
    Detail.objects.filter(product=sona, brand="Empty Brand").update(images=[])
    make_product("Ricebran Oil", category=oils, brands={"Fortune": [("1", "L", "180", "165", 12)]})
    make_product("Brown rice 100% natural_", category=rice)
    make_product("Rice without brands", category=oils, brands={})
    for number in range(11):
        make_product(f"Rice {number:02d} Special", category=rice if number % 2 else oils)
    make_product("Wild RICE", category=hidden, brands={"Rice Brand": [("2", "kg", "300", "250", 1)]})
    make_product("Oil of rice", category=oils)
    make_product("Basmati Rice", category=rice, name_te="బాస్మతి బియ్యం")
    Product.objects.filter(name="Rice 03 Special").update(rating=Decimal("3.33"), num_reviews=9)
    SearchSynonym.objects.create(word="biyyam", means="rice")
    SearchSynonym.objects.create(word="nune", means="oil")
    return rice


@pytest.fixture
def portable(monkeypatch):
    """`fn()` as the portable path answers it (the models and serializers, as on SQLite)."""

    def run(fn, **kwargs):
        with monkeypatch.context() as patch:
            patch.setattr(answers, "_fast", lambda: False)
            return json.loads(fn(**kwargs))

    return run


CASES = [
    (answers.product_list, {"keyword": "", "page": 1, "page_size": 12}),
    (answers.product_list, {"keyword": "", "page": 2, "page_size": 5}),
    (answers.product_list, {"keyword": "", "page": 9, "page_size": 5}),  # past the end
    (answers.product_list, {"keyword": "rice", "page": 1, "page_size": 48}),
    (answers.product_list, {"keyword": "RICE KING", "page": 1, "page_size": 3}),  # a brand leads
    (answers.product_list, {"keyword": "rice & pulses", "page": 1, "page_size": 48}),  # a category's name
    (answers.product_list, {"keyword": "100%", "page": 1, "page_size": 12}),
    (answers.product_list, {"keyword": "nothing like this", "page": 1, "page_size": 12}),
    (answers.category_products, {"category": "rice-pulses", "page": 1, "page_size": 4}),
    (answers.category_products, {"category": "RICE & PULSES", "page": 2, "page_size": 4}),
    (answers.category_products, {"category": "all", "page": 1, "page_size": 48}),
    (answers.category_products, {"category": "all", "page": 3, "page_size": 7}),
    (answers.featured, {}),
    (answers.top, {}),
    (answers.suggestions, {"term": "ric"}),  # more than 8 names start with it
    (answers.suggestions, {"term": "RICE 0"}),
    (answers.suggestions, {"term": "oil"}),  # one starts with it, others contain it
    (answers.suggestions, {"term": "l_"}),  # LIKE's wildcards are plain characters
    (answers.suggestions, {"term": "zzz"}),
    (answers.suggestions, {"term": "biyyam"}),  # a local word for rice
    (answers.suggestions, {"term": "బియ్యం"}),  # a Telugu name
    (answers.suggestions, {"term": "basmatti"}),  # one letter off
    (answers.suggestions, {"term": "fortun"}),  # a brand
    (answers.product_list, {"keyword": "nune", "page": 1, "page_size": 12}),
    (answers.product_list, {"keyword": "బాస్మతి", "page": 1, "page_size": 12}),
    (answers.product_list, {"keyword": "basmatti", "page": 1, "page_size": 12}),
]


@pytest.mark.parametrize(("fn", "kwargs"), CASES, ids=[f"{fn.__name__}{kwargs}" for fn, kwargs in CASES])
def test_postgresql_assembles_the_same_json_as_the_portable_path(catalog, portable, fn, kwargs):
    fast = json.loads(fn(**kwargs))

    assert fast == portable(fn, **kwargs)
    if fn is answers.product_list and kwargs["keyword"] == "RICE KING":
        assert fast["products"][0]["details"][0]["brand"] == "Rice King"


def test_pictures_money_and_sizes_as_the_wire_writes_them(catalog):
    [sona] = json.loads(answers.product_list(keyword="sona", page=1, page_size=12))["products"]

    india_gate, rice_king, empty = sona["details"]
    assert india_gate["images"] == [
        {"image": UPLOADED, "thumbnail": UPLOADED.removesuffix(".webp") + "-card.webp"},
        {"image": "/media/plain.svg"},
    ]
    assert [(pack["quantity"], pack["price"], pack["dprice"]) for pack in india_gate["financials"]] == [
        ("5", 450, 399),
        ("0.5", 60.5, 60.5),
    ]
    assert [pack["quantity"] for pack in rice_king["financials"]] == ["1000", "1.25"]
    assert [(pack["unitPrice"], pack["unitPriceBasis"]) for pack in india_gate["financials"]] == [
        (79.8, "kg"),
        (12.1, "100 g"),
    ]
    assert empty == {"_id": empty["_id"], "brand": "Empty Brand", "images": [], "financials": []}
    assert (sona["nameTe"], sona["categoryTe"], sona["rating"]) == ("సోనా మసూరి బియ్యం", "బియ్యం & పప్పులు", 4.5)


def test_each_answer_is_one_statement(catalog, django_assert_num_queries):
    with django_assert_num_queries(1):
        answers.product_list(keyword="", page=1, page_size=12)
    # The search's words, the products out of stock and the best sellers (three queries, once per
    # catalog version: catalog.search._Lexicon), then the page.
    with django_assert_num_queries(4):
        answers.product_list(keyword="rice", page=2, page_size=12)
    with django_assert_num_queries(2):  # the category's name, then its page
        answers.category_products(category="rice-pulses", page=1, page_size=12)
    with django_assert_num_queries(1):
        answers.featured()
    with django_assert_num_queries(1):  # products and brands (the words are known by now)
        answers.suggestions(term="rice")


def _kept_total() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT products FROM catalog_product_total")
        return cursor.fetchone()[0]


def test_the_kept_product_count_follows_every_kind_of_write(catalog):
    assert _kept_total() == Product.objects.count()

    category = make_category()
    Product.objects.bulk_create(
        Product(name=f"Bulk {number}", slug=f"bulk-{number}", category=category) for number in range(25)
    )
    assert _kept_total() == Product.objects.count()

    services.product_delete(product=Product.objects.get(slug="bulk-3"))
    Product.objects.filter(name__startswith="Bulk 1").delete()
    assert _kept_total() == Product.objects.count()

    body = json.loads(answers.product_list(keyword="", page=1, page_size=10))
    assert body["pages"] == -(-Product.objects.count() // 10)


@pytest.mark.django_db(transaction=True)
def test_the_kept_product_count_survives_a_rollback_and_a_truncate():
    from django.db import transaction

    make_product()
    with pytest.raises(RuntimeError), transaction.atomic():
        make_product()
        raise RuntimeError
    assert _kept_total() == Product.objects.count() == 1

    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE catalog_product CASCADE")
    assert _kept_total() == 0


def test_the_list_count_reads_no_product_row(catalog):
    """The page count of the whole list comes from the kept total, not a scan of every product."""
    listing = selectors.product_listing(keyword="")
    sql, params = answers.list_statement(listing, page=1, page_size=12, every_product=True)
    assert "count(" not in sql.lower()
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE catalog_product")
        # The table is tiny here, so forbid the sequential scan to see what else the page would read.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "on catalog_product_total" in plan
    assert "Seq Scan on catalog_product " not in plan, plan


@pytest.mark.parametrize(
    ("term", "keyword", "by_key"),
    [
        ("rice special", "", 2),  # the matches, and the intersection of the words from the first word's ids
        ("rice special 1 kg", "", 2),
        ("fortune", "", 1),  # a brand named: its products by key, no words to intersect
        ("", "rice special", 2),
        ("", "rice 1 kg", 1),
        ("", "rice", 0),  # a list's one word: a thousand matches by brand or category read faster by IN
    ],
)
def test_a_phrases_candidates_are_read_by_key_not_by_reading_every_product(catalog, term, keyword, by_key):
    """A text of several words, with a size or naming a brand finds its candidates' rows by
    primary key (`id = ANY(ARRAY(...))`), and the intersection of its words starts from the first
    word's ids (issue 47: as `id IN (...)`, 'toor dal' hash-joined its 112 ids against a scan of
    every product, twice, at 10,000 products: 6.3 ms of the statement's PostgreSQL time)."""
    if term:
        statement, params = answers._suggestions_statement(search.understand(term), search.reading())
        sql = statement.sql
    else:
        listing = selectors.product_listing(keyword=keyword)
        sql, params = answers.list_statement(listing, page=1, page_size=12, every_product=False)
    assert sql.count("= ANY(ARRAY((SELECT") == by_key, sql
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN {sql}", params)  # valid SQL, as the answers' JSON tests run it


def test_a_pack_change_shows_at_once(catalog):
    pack = Financial.objects.filter(detail__brand="Fortune").get()
    services.financial_update(financial=pack, dprice="150")
    body = json.loads(answers.suggestions(term="ricebran"))
    assert body["products"][0]["details"][0]["financials"][0]["dprice"] == 150
    make_pack(Detail.objects.get(brand="Fortune"), "5", "L", "800", "700", 2)
    body = json.loads(answers.suggestions(term="ricebran"))
    assert [pack["quantity"] for pack in body["products"][0]["details"][0]["financials"]] == ["1", "5"]


def test_every_products_statement_is_compiled_once_per_page_and_size(catalog, monkeypatch):
    answers._every_product_statement.cache_clear()
    compiled = []
    compile_statement = answers.list_statement
    monkeypatch.setattr(answers, "list_statement", lambda *a, **kw: compiled.append(kw) or compile_statement(*a, **kw))

    first = json.loads(answers.product_list(keyword="", page=2, page_size=5))
    again = json.loads(answers.category_products(category="all", page=2, page_size=5))
    other_page = json.loads(answers.product_list(keyword="", page=3, page_size=5))
    other_size = json.loads(answers.product_list(keyword="", page=2, page_size=4))

    assert len(compiled) == 3, "the same page and size of every product is compiled once"
    assert again["products"] == first["products"]
    assert [p["_id"] for p in other_page["products"]] != [p["_id"] for p in first["products"]]
    assert len(other_size["products"]) == 4
    answers.category_products(category="rice-pulses", page=1, page_size=5)
    answers.category_products(category="rice-pulses", page=1, page_size=5)
    assert len(compiled) == 5, "a category's statement carries its own values: compiled for each request"


def test_a_suggestions_statement_is_compiled_once_per_query_and_stock(catalog, monkeypatch):
    answers._suggestions_compiled.cache_clear()
    compiled = []
    compile_statement = answers._suggestions_compiled.__wrapped__
    monkeypatch.setattr(
        answers,
        "_suggestions_compiled",
        functools.lru_cache(maxsize=8)(lambda *a: compiled.append(a[0].text) or compile_statement(*a)),
    )

    def first() -> str:
        return json.loads(answers.suggestions(term="special"))["products"][0]["name"]

    assert first() == "Rice 00 Special"
    assert first() == "Rice 00 Special"
    answers.suggestions(term="specia")
    assert compiled == ["special", "specia"]
    # An order takes the last of its stock: a new catalog version, so a new statement at once.
    packs = Financial.objects.filter(detail__product__name="Rice 00 Special", count_in_stock__gt=0)
    stock.stock_take([(pack.pk, pack.count_in_stock) for pack in packs])
    assert first() == "Rice 01 Special"
    assert compiled == ["special", "specia", "special"]


def test_statements_carry_postgresqls_own_placeholders():
    statement = answers.Statement.of("SELECT %s, '100%%' LIKE %s")
    assert statement.native == b"SELECT $1, '100%' LIKE $2"
    assert statement.sql == "SELECT %s, '100%%' LIKE %s"
    for odd in ("SELECT %d", "SELECT $1 || %s"):
        with pytest.raises(ValueError):
            answers.Statement.of(odd)
