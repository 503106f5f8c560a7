"""The public catalog answers (product lists, search, category lists, featured, suggestions, top)
as JSON bytes, built without an ORM object per row.

On PostgreSQL one statement builds each answer: the products of a page are picked (by the
selectors' own querysets, compiled to SQL, so what matches and in which order stays theirs), and
PostgreSQL assembles them with their category, brands and packs into JSON (`array_to_json`), together
with the page count. Python only wraps the bytes. Elsewhere (SQLite: a first local run, the fast
tests) the same answers come from the selectors' model instances through `serializers`, the
wire format's owner; `tests/test_answers.py` checks on PostgreSQL that both give the same JSON.

How the totals are counted:
- every product (`/api/products`, category `all`): `catalog_product_total`, one row kept exact by
  statement triggers on `catalog_product` (migration 0006; published ones only, 0016), instead of a sequential scan of
  every product per page;
- one category: `COUNT(*)` over the (category, id) index, that category's entries only;
- a search: the matching ids are gathered once (a MATERIALIZED CTE) and both counted and paged
  from there, so its trigram UNION runs once.
"""

import functools
import itertools
import re
from dataclasses import dataclass
from decimal import Decimal

import orjson
import psycopg
from django.db import connection, connections, router
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.db.models.expressions import RawSQL

from common.pagination import pages_for

from . import search, selectors, serializers, shown
from .models import Product
from .selectors import ProductListing
from .unit_price import sql_unit_price, sql_unit_price_basis
from .uploads import CARD_SUFFIX, UPLOADED_PAGE_PICTURE_PATTERN


def _object(**fields: str) -> str:
    """SQL for a JSON object with these keys, in this order, from these SQL expressions. A row
    turned into JSON is written compactly (`{"a":1,"b":"x"}`), as orjson writes it; PostgreSQL's
    json_build_object would add a space on either side of every colon."""
    columns = ", ".join(f'{expression} AS "{key}"' for key, expression in fields.items())
    return f"(SELECT o FROM (SELECT {columns}) AS o)"


def _array(element: str, rows: str, order: str) -> str:
    """SQL for a compact JSON array of `element` over `rows` (a FROM clause, with its WHERE) in `order`."""
    return f"(SELECT COALESCE(array_to_json(array_agg({element} ORDER BY {order})), '[]') FROM {rows})"


PACK = _object(
    _id="f.id::text",
    quantity="trim_scale(f.quantity)::text",  # 500, 1.5: `Financial.quantity_display`
    units="f.units",
    price="trim_scale(f.price)",  # money: a number with at most two decimals, none when whole
    dprice="trim_scale(f.dprice)",
    Discount="f.discount",
    countInStock="f.count_in_stock",
    unitPrice=f"trim_scale({sql_unit_price('f')})",
    unitPriceBasis=sql_unit_price_basis("f"),
)
# `{"image": url}`, with `thumbnail` for a picture `uploads.product_image_store` wrote (parameters:
# its pattern, and the ending of its card copy, `uploads.card_picture_url`).
IMAGE = f"""CASE WHEN i.url ~ %s
    THEN row_to_json({_object(image="i.url", thumbnail="left(i.url, -5) || %s")})
    ELSE row_to_json({_object(image="i.url")}) END"""
BRAND = _object(
    _id="d.id::text",
    brand="d.brand",
    images=_array(IMAGE, "jsonb_array_elements_text(d.images) WITH ORDINALITY AS i(url, n)", "i.n"),
    financials=_array(PACK, f"catalog_financial f WHERE f.detail_id = d.id AND {shown.PACK_SHOWN_SQL}", "f.id"),
)
# One product as `serializers.product_data` writes it (without reviews), for the row `p` of
# catalog_product and `c` of its category. Parameters: those of IMAGE, then the brand that leads
# the cards (a searched brand; NULL for none).
PRODUCT = _object(
    _id="p.id::text",
    name="p.name",
    nameTe="p.name_te",
    slug="p.slug",
    category="c.name",
    categoryTe="c.name_te",
    image="p.image",
    description="p.description",
    descriptionTe="p.description_te",
    hsnCode="p.hsn_code",
    gstRate="p.gst_rate",
    rating="trim_scale(p.rating)",
    numReviews="p.num_reviews",
    details=_array(
        BRAND,
        f"catalog_detail d WHERE d.product_id = p.id AND {shown.BRAND_SHOWN_SQL}",
        "CASE WHEN upper(d.brand) = upper(%s) THEN 0 ELSE 1 END, d.id",
    ),
)


def _product_params(brand_first: str = "") -> list:
    return [UPLOADED_PAGE_PICTURE_PATTERN, f"{CARD_SUFFIX}.webp", brand_first or None]


def _products_of(page: str, order: str, brand_first: str = "") -> tuple[str, list]:
    """SQL for the JSON array (text) of the products whose ids the CTE `page` lists, in `order`."""
    rows = f"{page} JOIN catalog_product p ON p.id = {page}.id JOIN catalog_category c ON c.id = p.category_id"
    return f"{_array(PRODUCT, rows, order)}::text", _product_params(brand_first)


def _fast() -> bool:
    return connection.vendor == "postgresql"


@dataclass(frozen=True)
class Statement:
    """A statement's text as Django writes SQL (`%s` for each value, `%%` for a percent sign) and
    as PostgreSQL takes it (`$1`, `$2`...), converted once. psycopg converts the first into the
    second on every execution and keeps no conversion of a statement over 4 kB: for these, that
    was a fifth of an uncached suggestion's web CPU. Those compiled once per process keep theirs."""

    sql: str
    native: bytes

    @classmethod
    def of(cls, sql: str) -> "Statement":
        numbers = itertools.count(1)

        def placeholder(found: re.Match) -> str:
            if found.group(1) == "%":
                return "%"
            if found.group(1) == "s":
                return f"${next(numbers)}"
            raise ValueError(f"unexpected placeholder {found.group(0)!r}")

        if "$" in sql:
            raise ValueError("a dollar sign would read as a placeholder")
        return cls(sql, _PLACEHOLDER.sub(placeholder, sql).encode())


_PLACEHOLDER = re.compile(r"%(.)", re.DOTALL)


class _ServerCursor(psycopg.RawCursor):
    """Binds on the server: the statement's text goes as it is and its values beside it, instead
    of being written into a copy of these long statements on every request (Django's cursors bind
    on the client); its placeholders are PostgreSQL's own (`Statement.native`). A `prepared` one is prepared on its first use in a connection, so it is
    planned once per pooled connection rather than on every request (planning the list's
    statement took as long as running it); `prepare_threshold` in settings lets psycopg prepare
    at all. Any other is never prepared: PostgreSQL plans it with its values each time."""

    def __init__(self, connection, *, prepared: bool | None):
        super().__init__(connection)
        self.prepared = prepared

    def execute(self, query, params=None, **kwargs):
        return super().execute(query, params, prepare=self.prepared, **kwargs)


PREPARED_PER_CONNECTION = 32


def _fetch(statement: Statement | str, params, *, prepared: bool | None = False) -> tuple:
    """The one row `statement` answers, through Django's cursor wrapper (so tests count the query).

    Only a statement whose best plan does not depend on its values may be `prepared`: a search's
    `LIKE` pattern must be seen by the planner to use the trigram or prefix index (a generic plan
    reads every row). `prepared=None`: prepared once it ran `prepare_threshold` times on the
    connection (settings), so only the statements asked for often are kept. A connection keeps at
    most `PREPARED_PER_CONNECTION` prepared statements, the least recently used dropped first: a
    suggestion's plan takes PostgreSQL 0.4-0.8 MB of memory."""
    if isinstance(statement, str):
        statement = Statement.of(statement)
    database = connections[router.db_for_read(Product)]  # the read replica when there is one (shop/db_routers.py)
    database.ensure_connection()
    if database.connection.prepared_max > PREPARED_PER_CONNECTION:
        database.connection.prepared_max = PREPARED_PER_CONNECTION
    raw = _ServerCursor(database.connection, prepared=prepared)
    if database.queries_logged:
        with _DebugCursor(raw, database) as cursor:
            cursor.run(statement, params)
            return cursor.fetchone()
    with CursorWrapper(raw, database) as cursor:
        cursor.execute(statement.native, params)
        return cursor.fetchone()


class _DebugCursor(CursorDebugWrapper):
    """Records a statement bound on the server as Django records its own: with its values written in."""

    def run(self, statement: Statement, params) -> None:
        with self.debug_sql(psycopg.ClientCursor(self.db.connection).mogrify(statement.sql, params)):
            CursorWrapper.execute(self, statement.native, params)


def _decimal_as_number(value):
    if isinstance(value, Decimal):
        return float(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def render(body) -> bytes:
    """`body` as compact JSON (Decimal money and ratings as numbers, as DRF's renderer writes them)."""
    return orjson.dumps(body, default=_decimal_as_number)


def _page_json(
    products: bytes, *, page: int, total: int, page_size: int, head: bytes = b"{", tail: bytes = b""
) -> bytes:
    pages = pages_for(total, page_size)
    return b'%s"products":%s,"page":%d,"pages":%d%s}' % (head, products, page, pages, tail)


def _order_by(order: tuple[str, ...], table: str) -> str:
    return ", ".join(f'{table}."{name.lstrip("-")}" {"DESC" if name.startswith("-") else "ASC"}' for name in order)


def list_statement(listing: ProductListing, *, page: int, page_size: int, every_product: bool) -> tuple[str, list]:
    """The statement (SQL, parameters) answering (total, the page's products as a JSON array)."""
    offset = (page - 1) * page_size
    if listing.brand_first:
        # A search: gather the matches once, count them and page them from there.
        columns = ["id", *(name.lstrip("-") for name in listing.order if name.lstrip("-") != "id")]
        matches_sql, matches_params = listing.products.order_by().values(*columns).query.sql_with_params()
        products_sql, products_params = _products_of("page", _order_by(listing.order, "page"), listing.brand_first)
        picks_sql, picks_params = _picks_of("page", listing.query)
        sql = f"""WITH matches AS MATERIALIZED ({matches_sql}),
            page AS (SELECT * FROM matches ORDER BY {_order_by(listing.order, "matches")} LIMIT %s OFFSET %s)
            SELECT (SELECT count(*) FROM matches), {products_sql}, {picks_sql}"""
        params = [*matches_params, page_size, offset, *products_params, *picks_params]
    else:
        # A list: the page straight from an index in order, the total from the kept count (every
        # product) or from the category's index entries.
        ordered = listing.products.order_by(*listing.order).values("id")
        page_sql, page_params = ordered[offset : offset + page_size].query.sql_with_params()
        if every_product:
            count_sql, count_params = "SELECT products FROM catalog_product_total", []
        else:
            inner, count_params = listing.products.order_by().values("id").query.sql_with_params()
            count_sql = f"SELECT count(*) FROM ({inner}) AS counted"
        products_sql, products_params = _products_of("page", _order_by(listing.order, "p"))
        sql = f"WITH page AS ({page_sql}) SELECT ({count_sql}), {products_sql}, NULL"
        params = [*page_params, *count_params, *products_params]
    return sql, params


@functools.lru_cache(maxsize=256)
def _every_product_statement(*, page: int, page_size: int) -> tuple[Statement, tuple]:
    """`list_statement` of every product (the selectors' listing without a keyword), compiled once
    per process for each page and size: its text and values depend on nothing else (the total comes
    from the kept count), and compiling the queryset took a fifth of the web process's time on an
    uncached list page."""
    sql, params = list_statement(selectors.product_listing(), page=page, page_size=page_size, every_product=True)
    return Statement.of(sql), tuple(params)


def _picks_of(page: str, query: search.Query | None) -> tuple[str, list]:
    """SQL for `search.pick_rows` of the products the CTE `page` lists, as a JSON array of arrays
    in their order (NULL when the text names no brand or size)."""
    rows = search.pick_rows(query, RawSQL(f"SELECT id FROM {page}", [])) if query is not None else None
    if rows is None:
        return "NULL", []
    rows_sql, rows_params = rows.query.sql_with_params()
    # The subquery's columns named by position: Django's aliases for them are its own.
    names = [f"c{number}" for number in range(len(search.PICK_COLUMNS))]
    columns = ", ".join(f"r.{name}" for name in names)
    return (
        f"(SELECT COALESCE(json_agg(json_build_array({columns}) ORDER BY {columns}), '[]')::text "
        f"FROM ({rows_sql}) AS r({', '.join(names)}))",
        list(rows_params),
    )


def _picked(query: search.Query | None, rows: str | None) -> bytes:
    """`,"picked":{...}` for an answer's JSON when the text names a brand or size, else nothing."""
    if rows is None:
        return b""
    return b',"picked":' + render(search.picked(query, orjson.loads(rows)))


def _listing_page(
    listing: ProductListing, *, page: int, page_size: int, every_product: bool
) -> tuple[int, bytes, str | None]:
    """(total, the page's products as a JSON array, the picks' rows as JSON or None) in one
    statement. `every_product`: the listing is every product (`Product.objects.all()`), counted
    from `catalog_product_total`."""
    if every_product:
        sql, params = _every_product_statement(page=page, page_size=page_size)
    else:
        sql, params = list_statement(listing, page=page, page_size=page_size, every_product=False)
    total, products, picks = _fetch(sql, params, prepared=not listing.brand_first)
    return total, products.encode(), picks


def product_list(*, keyword: str, page: int, page_size: int) -> bytes:
    """`GET /api/products`: `{"products", "page", "pages"}`."""
    listing = selectors.product_listing(keyword=keyword)
    if not _fast():
        found = selectors.listing_page(listing, page=page, page_size=page_size)
        body = serializers.page_data(found)
        picked = selectors.picked_packs(listing.query, found.items)
        return render(body if picked is None else {**body, "picked": picked})
    if listing.products.query.is_empty():
        return _page_json(b"[]", page=page, total=0, page_size=page_size)
    total, products, picks = _listing_page(
        listing, page=page, page_size=page_size, every_product=not listing.brand_first
    )
    return _page_json(products, page=page, total=total, page_size=page_size, tail=_picked(listing.query, picks))


def category_products(*, category: str, page: int, page_size: int) -> bytes:
    """`GET /api/products/categories/{category}/products`: `{"category", "categoryTe", "products",
    "page", "pages"}`; NotFound for a category that does not exist."""
    if not _fast():
        name, name_te, found = selectors.category_products(category=category, page=page, page_size=page_size)
        return render({"category": name, "categoryTe": name_te, **serializers.page_data(found)})
    name, name_te, listing = selectors.category_listing(category)
    every_product = name == selectors.ALL_CATEGORIES
    total, products, _ = _listing_page(listing, page=page, page_size=page_size, every_product=every_product)
    head = render({"category": name, "categoryTe": name_te})[:-1] + b","
    return _page_json(products, page=page, total=total, page_size=page_size, head=head)


FEATURED_CATEGORY = _object(
    key="c.key",
    name="c.name",
    nameTe="c.name_te",
    image="c.image",
    sequence="c.sequence",
    products=_array(
        PRODUCT,
        f"(SELECT * FROM catalog_product p WHERE category_id = c.id AND {shown.PRODUCT_SHOWN_SQL} "
        "ORDER BY id LIMIT %s) AS p",
        "p.id",
    ),
)
FEATURED = Statement.of(
    f"""SELECT row_to_json({
        _object(categories=_array(FEATURED_CATEGORY, "catalog_category c WHERE c.is_featured", "c.sequence, c.name"))
    })::text"""
)


def featured() -> bytes:
    """`GET /api/products/featured`: every featured category in sequence with its first products."""
    if not _fast():
        found = selectors.featured_categories()
        return render({"categories": [serializers.featured_category_data(entry) for entry in found]})
    (body,) = _fetch(FEATURED, [*_product_params(), selectors.FEATURED_PRODUCTS_PER_CATEGORY], prepared=True)
    return body.encode()


def _suggestions_statement(query: search.Query, reading: tuple) -> tuple[Statement, tuple]:
    """The statement (and its parameters: none) answering (the products as a JSON array, the
    brands as a JSON array, the picks) for `query`: the first products of the keyword search's
    ranking (`selectors.suggestions`, `search.RANK_ORDER`), scored over the matching rows only.

    Compiled once per process for each query and reading of the search's tables (the stock and
    best sellers written into the statement: `search.reading()`), `SUGGESTION_STATEMENTS` of
    them kept: compiling the querysets was a fifth of an uncached suggestion's web CPU, and the
    same few beginnings of words ('ric', 'oil', 'sug') are typed by every shopper."""
    return _suggestions_compiled(query, reading)


SUGGESTION_STATEMENTS = 512


@functools.lru_cache(maxsize=SUGGESTION_STATEMENTS)
def _suggestions_compiled(query: search.Query, reading: tuple) -> tuple[Statement, tuple]:
    """`_suggestions_statement`'s compilation, for the query and the reading it was built from:
    its values written into its text once (`_literal`), so a request sends no values to adapt
    (85 for 'sugar 5 kg'), and the statement can be prepared (`suggestions`)."""
    ranked = (
        selectors.search_ranked(query, names_only=True).order_by(*search.RANK_ORDER).values("id", *search.RANK_COLUMNS)
    )
    page_sql, page_params = ranked[: selectors.SUGGESTED_PRODUCTS].query.sql_with_params()
    brands_sql, brands_params = selectors.suggested_brands(query).query.sql_with_params()
    products_sql, products_params = _products_of("page", _order_by(search.RANK_ORDER, "page"))
    picks_sql, picks_params = _picks_of("page", query)
    sql = f"""WITH page AS ({page_sql})
        SELECT {products_sql},
            (SELECT COALESCE(array_to_json(array_agg(b.brand ORDER BY b.brand)), '[]')::text FROM ({brands_sql}) AS b),
            {picks_sql}"""
    return _literal(sql, (*page_params, *products_params, *brands_params, *picks_params)), ()


def _literal(sql: str, params) -> Statement:
    """The statement `sql` (Django's placeholders) with `params` written into its text as
    PostgreSQL literals, quoted by psycopg as it quotes a client-side bound value (one parameter
    at a time, so the text never carries a value as SQL). Planned with its values either way;
    written in once, a request adapts none, and a statement with no parameters prepared on a
    connection keeps the plan of exactly these values (a parameter's generic plan would not)."""
    database = connections[router.db_for_read(Product)]
    database.ensure_connection()
    text = psycopg.ClientCursor(database.connection).mogrify(sql, params)
    return Statement(text.replace("%", "%%"), text.encode())


def suggestions(*, term: str) -> bytes:
    """`GET /api/products/suggestions`: up to 8 products and 5 brands `term` finds (3+ characters).

    Its statement is prepared on a pooled connection once it ran there `prepare_threshold` times
    (a term typed often: 'ric', 'oil'): a suggestion's statement (7 kB for 'sugar 5 kg') took
    PostgreSQL as long to parse and plan as to run; with its values in its text, the plan kept is
    the plan for these values, as an unprepared statement's would be."""
    # The search's tables read once a request: the query is understood and its statement kept
    # for the same reading of them.
    reading = search.reading() if _fast() else None
    query = _suggestion_query(term, reading[0]) if reading is not None else None
    if query is None:
        found = selectors.suggestions(q=term)
        body = {"products": serializers.products_data(found.products), "brands": found.brands}
        return render(body if found.picked is None else {**body, "picked": found.picked})
    products, brands, picks = _fetch(*_suggestions_statement(query, reading), prepared=None)
    return b'{"products":%s,"brands":%s%s}' % (products.encode(), brands.encode(), _picked(query, picks))


@functools.lru_cache(maxsize=SUGGESTION_STATEMENTS)
def _suggestion_query(term: str, words_version) -> search.Query | None:
    """`selectors.suggestion_query(term)`, read once per process for each version of the search's
    words (`search.reading()`: the synonyms, names, brands and categories it reads; not the stock)."""
    return selectors.suggestion_query(term)


TOP = Statement.of(f"""WITH page AS (SELECT * FROM catalog_product p WHERE {shown.PRODUCT_SHOWN_SQL}
    ORDER BY {_order_by(selectors.TOP_ORDER, "p")} LIMIT %s)
    SELECT {_products_of("page", _order_by(selectors.TOP_ORDER, "page"))[0]}""")


def top() -> bytes:
    """`GET /api/products/top`: the best-rated products, as a JSON array."""
    if not _fast():
        return render(serializers.products_data(selectors.top_products()))
    (body,) = _fetch(TOP, [selectors.TOP_PRODUCTS, *_product_params()], prepared=True)
    return body.encode()
