"""What a shopper's search text finds, and in which order: the one owner of both, used by the
keyword search and its pages, the suggestions (`selectors.py`, and `answers.py`, which runs the
same querysets as one PostgreSQL statement) and the staff's product list.

What matches (`matching_ids`): a product whose name contains the text, or a catalog word the
text's local words stand for (the `SearchSynonym` table, read both ways: 'biyyam' → rice, and a
shopper typing the catalog's word also finds a product named with the local one; a text that
begins a listed word counts too, so 'biyy' already finds rice); whose Telugu name contains the
text; whose brand contains it; whose category's name (or Telugu name) contains it; or, for a text
of several words, whose name, brand or category holds every word (each word as typed, or what it
stands for).

A word of four or more Latin letters that is neither a word of the catalog nor the start of one
is read as a one-edit typo (a letter changed, added, left out, or two neighbours swapped) of the
catalog words that close (`_Lexicon`: every word of the names, brands, categories and synonyms,
kept by each process per version of those words, not re-read when only stock changes): 'sugr',
'daal', 'aata', 'tumeric' and 'biscuts' are searched as 'sugar', 'dal', 'atta', 'turmeric' and
'biscuits'. The correction happens in Python before the database is asked, so the typo path
costs the same one statement as any search, and SQLite and PostgreSQL find the same products.

In which order (`ranked`, `RANK_ORDER`): a score summed from these signals, highest first,
- the product's name: the text (or what it stands for) is the whole name (1000), the name's last
  words (600: "Toned Milk" for milk, where "Milk Chocolate" is chocolate), whole words in it
  (500), the start of a word (300), or only letters inside a word (50: "Foil" for oil, "Sandal"
  for dal); a plural or singular counts as the word ('egg' finds "Farm Eggs" as a whole word);
  each phrase the text stands for adds its own, so a product that is both what was typed and
  what it means leads;
- the Telugu name holding Telugu text (600 at its end, 300 elsewhere, 1000 the whole name);
- a brand: the text is the brand (700: 'Aashirvaad' lists its products first), or a brand word
  starts with it (150);
- the category: its name has a word starting with the text or what it stands for, or its Telugu
  name holds the Telugu text (200: 'oil', 'nune', 'నూనె' put the OILS category's products ahead
  of hair oils and foil);
- the description holding it as a word (20);
- for a text of several words, each word found at the start of a word of the name (100), a brand
  (60) or the category (40);
then a product with a pack in stock before one without, then the most units sold in the last 90
days (`ProductSales`; the 100 best sellers count, the rest are equal), then by name and id. The
score is one SQL expression (`score_sql`: LIKE over the upper-cased name with a space on either
side, kept as the column `Product.search_name`, and over the upper-cased description, kept as
`Product.search_description`), the same text on SQLite and PostgreSQL, so both give the same
order. The names are matched on the same kept column (`search_name__holds`, its own trigram index):
no product's name or description is upper-cased while a search runs (issue 47).
"""

import bisect
import re
import time
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from functools import reduce
from operator import or_

from django.db import connection
from django.db.models import (
    Case,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.lookups import In
from django.utils import timezone

from common.text import deletions, within_edits

from . import caching, shown
from .models import Category, Detail, Financial, Product, ProductSales, SearchSynonym
from .query_text import JOIN_MAX_WORDS, JOIN_MIN_CHARS, Size, joined, joins, plain, read_size

TYPO_MIN_LETTERS = 4
# Two edits for a catalog word this long ('masuri' for masoori), typed with this many letters at least.
TWO_EDITS_MIN_LETTERS = 7
TWO_EDITS_MIN_TYPED = 5
SYNONYM_PREFIX_MIN_CHARS = 3
MAX_PHRASES = 8
MAX_SCORED_PHRASES = 3
MAX_WORDS = 6
WORD_MIN_CHARS = 3
MAX_TYPO_CANDIDATES = 3
POPULAR_DAYS = 90
POPULAR_KEPT = 100
_LATIN_WORD = re.compile(r"^[a-z]+$")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)

# The score of each signal (module docstring).
WHOLE_NAME = 1000
NAME_ENDS = 800
NAME_WORD = 500
NAME_WORD_START = 300
NAME_INSIDE = 50
TELUGU_ENDS = 600
TELUGU_INSIDE = 300
BRAND_IS_TEXT = 700
BRAND_WORD_START = 100
CATEGORY = 150
DESCRIPTION = 20
WORD_IN_NAME = 100
WORD_IN_BRAND = 60
WORD_IN_CATEGORY = 40
HAS_THE_PACK = 2000  # a pack of the size the text names: more than any other signal

# Best first: score, a pack in stock, units sold lately, then name and id.
RANK_ORDER = ("-search_score", "-in_stock", "-sold", "name", "id")
RANK_COLUMNS = ("search_score", "in_stock", "sold", "name")


def has_telugu(text: str) -> bool:
    return any("\u0c00" <= char <= "\u0c7f" for char in text)


def has_word(text: str) -> bool:
    """Whether `text` holds a letter or digit of any script: punctuation alone searches nothing."""
    return bool(_WORD.search(text))


@dataclass(frozen=True)
class Query:
    """A search text and what it stands for.

    `phrases`: the text, the catalog words its local words mean and its typos' corrections, each
    to be found in product names (the fewest that find every product: a phrase holding another
    finds nothing more); `scored`: every such phrase, for the ranking; `words`: for a text of
    several words, each word with what it may also be (its meaning, its correction)."""

    text: str
    phrases: tuple[str, ...]
    scored: tuple[str, ...]
    words: tuple[tuple[str, ...], ...]
    size: Size | None = None  # the pack size the text names ('sugar 5 kg')
    brand: str = ""  # the brand the text names, as the catalog writes it ('parle g' → "Parle-G")

    @property
    def telugu(self) -> bool:
        return has_telugu(self.text)

    def names(self) -> Q:
        """Products whose name contains a phrase, or whose Telugu name contains the text."""
        return self._either("name", "icontains")

    def brands(self) -> Q:
        """Brands (Detail rows) containing the text or a phrase (none for a text that is a size alone)."""
        if not self.text:
            return Q(pk__in=[])
        return reduce(
            or_, [Q(brand__icontains=phrase) for phrase in self._latin(self.phrases)], Q(brand__icontains=self.text)
        )

    def categories(self) -> Q:
        """Products whose category's name contains a phrase, or its Telugu name the text."""
        return self._either("category__name", "icontains")

    def every_word(self) -> QuerySet | None:
        """For a text of several words: the products holding each word (or what it may also be) in
        the name, a brand or the category, as an intersection of one UNION per word (each part
        served by a trigram index); None for a text of fewer than two such words."""
        if len(self.words) < 2:
            return None
        # The first word's ids, found by the primary key (`_Among`), then kept when each other
        # word has them: no scan of every product's id.
        first, *others = [_union([part for form in forms for part in _word_parts(form)]) for forms in self.words]
        products = Product.objects.order_by().filter(_among(first))
        for ids in others:
            products = products.filter(pk__in=ids)
        return products.values("pk")

    def _either(self, field: str, lookup: str) -> Q:
        return reduce(or_, self.conditions(field, lookup))

    def conditions(self, field: str, lookup: str) -> list[Q]:
        """`field` (English) against the phrases in Latin letters, `field`_te against a text in
        Telugu letters: a condition that cannot hold is left out, so PostgreSQL scans less."""
        latin = _NAME_HOLDS if (field, lookup) == ("name", "icontains") else f"{field}__{lookup}"
        conditions = [Q(**{latin: phrase}) for phrase in self._latin(self.phrases)]
        if self.telugu:
            conditions.append(Q(**{f"{field}_te__{lookup}": self.text}))
        return conditions or [Q(pk__in=[])]

    @staticmethod
    def _latin(phrases) -> list[str]:
        return [phrase for phrase in phrases if not has_telugu(phrase)]


def _forms(phrase: str) -> list[str]:
    """`phrase` and its last word's plural or singular: 'egg' → egg, eggs; 'biscuits' → biscuit."""
    forms = [phrase, f"{phrase}s", f"{phrase}es"]
    if phrase.endswith("es") and len(phrase) > 4:
        forms.append(phrase[:-2])
    if phrase.endswith("s") and len(phrase) > 3:
        forms.append(phrase[:-1])
    return forms


_PRODUCT = Product._meta.db_table
# `name__icontains`, read from the kept upper-cased name (`models.HoldsUpper`): the same rows,
# without upper-casing each candidate's name again on the trigram index's recheck.
_NAME_HOLDS = "search_name__holds"
# ' ' || UPPER(name) || ' ', kept as a column (`Product.search_name`): every name test of the
# score is a LIKE over it, so no row upper-cases its name more than once (when it is written).
_SPACED = f'"{_PRODUCT}"."search_name"'


def _like(text: str) -> str:
    """`text` for a LIKE pattern, its wildcards taken as letters (with ESCAPE '\\')."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class _Sql:
    """SQL text and its parameters, built up; the same text runs on SQLite and PostgreSQL."""

    def __init__(self):
        self.params: list = []

    def like(self, expression: str, pattern: str) -> str:
        self.params.append(pattern)
        return f"{expression} LIKE %s ESCAPE '\\'"

    def equal(self, expression: str, value: str) -> str:
        self.params.append(value)
        return f"{expression} = %s"

    def any_of(self, conditions: list[str]) -> str:
        return "(" + " OR ".join(conditions) + ")" if conditions else "(1 = 0)"

    def like_any(self, expression: str, patterns: list[str]) -> str:
        """`expression` LIKE one of `patterns`. On PostgreSQL one `LIKE ANY (ARRAY[...])`, which
        computes `expression` (an UPPER, a concatenation) once per row instead of once per
        pattern (its LIKE escapes with a backslash by default, as ESCAPE '\\' says here)."""
        if not patterns:
            return "(1 = 0)"
        if len(patterns) > 1 and connection.vendor == "postgresql":
            self.params.extend(patterns)
            return f"({expression} LIKE ANY (ARRAY[{', '.join(['%s'] * len(patterns))}]::text[]))"
        return self.any_of([self.like(expression, pattern) for pattern in patterns])

    def equal_any(self, expression: str, values: list[str]) -> str:
        """`expression` equals one of `values` (one IN: `expression` computed once)."""
        self.params.extend(values)
        return f"({expression} IN ({', '.join(['%s'] * len(values))}))"


def _starts_word(sql: _Sql, upper: str, phrase: str, *, spaced: bool = False) -> str:
    """`upper` (UPPER(a column)) has a word starting with `phrase` (or its singular). Two LIKEs
    rather than one over ' ' || the text: the trigram indexes serve these (a brand's). `spaced`:
    `upper` has a space on either side already (`_SPACED`), one LIKE per form is enough."""
    forms = [_like(form.upper()) for form in _forms(phrase) if len(form) <= len(phrase)]
    if spaced:
        return sql.like_any(upper, [f"% {form}%" for form in forms])
    return sql.any_of(
        [sql.like(upper, f"{form}%") for form in forms] + [sql.like(upper, f"% {form}%") for form in forms]
    )


def _name_score(sql: _Sql, phrase: str) -> str:
    forms = _forms(phrase)
    shortest = [_like(form.upper()) for form in forms if len(form) <= len(phrase)]
    # The cheapest test first, as its parameters come first: most phrases are in few names.
    inside = sql.like_any(_SPACED, [f"%{form}%" for form in shortest])
    whole = sql.equal_any(_SPACED, [f" {form.upper()} " for form in forms])
    ends = sql.like_any(_SPACED, [f"% {_like(form.upper())} " for form in forms])
    word = sql.like_any(_SPACED, [f"% {_like(form.upper())} %" for form in forms])
    start = sql.like_any(_SPACED, [f"% {form}%" for form in shortest])
    return (
        f"CASE WHEN NOT {inside} THEN 0 WHEN {whole} THEN {WHOLE_NAME} WHEN {ends} THEN {NAME_ENDS} "
        f"WHEN {word} THEN {NAME_WORD} WHEN {start} THEN {NAME_WORD_START} ELSE {NAME_INSIDE} END"
    )


def _brands(condition: str) -> str:
    detail = Detail._meta.db_table
    return f'EXISTS (SELECT 1 FROM "{detail}" d WHERE d.product_id = "{_PRODUCT}"."id" AND {condition})'


def _in_categories(condition: str) -> str:
    """The product's category is one of those meeting `condition` (on `c`): a subquery that does
    not depend on the row, so the database runs it once per statement, not once per product."""
    category = Category._meta.db_table
    return f'"{_PRODUCT}"."category_id" IN (SELECT c.id FROM "{category}" c WHERE {condition})'


def score_sql(query: "Query") -> tuple[str, list]:
    """(SQL, parameters) of `query`'s score for a row of the product table (module docstring): one
    expression, written once for both databases, cheap to build for every request."""
    sql = _Sql()
    parts = []
    scored = query._latin(query.scored)[:MAX_SCORED_PHRASES]
    for phrase in scored:
        parts.append(_name_score(sql, phrase))
    if query.telugu:
        text = _like(query.text)
        whole = sql.equal(f'"{_PRODUCT}"."name_te"', query.text)
        ends = sql.like(f'"{_PRODUCT}"."name_te"', f"%{text}")
        inside = sql.like(f'"{_PRODUCT}"."name_te"', f"%{text}%")
        parts.append(
            f"CASE WHEN {whole} THEN {WHOLE_NAME} WHEN {ends} THEN {TELUGU_ENDS} "
            f"WHEN {inside} THEN {TELUGU_INSIDE} ELSE 0 END"
        )
    # The text is a brand: as typed, or the brand it names written without its punctuation ('parleg').
    is_brand = query.brand if query.brand and joined(query.brand) == joined(query.text) else query.text
    brand_is_text = _brands(sql.equal("UPPER(d.brand)", is_brand.upper()))
    brand = f"CASE WHEN {brand_is_text} THEN {BRAND_IS_TEXT}"
    if scored:
        starts = _brands(sql.any_of([_starts_word(sql, "UPPER(d.brand)", phrase) for phrase in scored]))
        brand += f" WHEN {starts} THEN {BRAND_WORD_START}"
    parts.append(brand + " ELSE 0 END")
    category = [_starts_word(sql, "UPPER(c.name)", phrase) for phrase in scored]
    if query.telugu:
        category.append(sql.like("c.name_te", f"%{_like(query.text)}%"))
    if category:
        parts.append(f"CASE WHEN {_in_categories(sql.any_of(category))} THEN {CATEGORY} ELSE 0 END")
    if scored:
        # UPPER(description), kept as a column (`Product.search_description`).
        upper_description = f'"{_PRODUCT}"."search_description"'
        description = sql.like_any(upper_description, [f"% {_like(p.upper())} %" for p in scored])
        parts.append(f"CASE WHEN {description} THEN {DESCRIPTION} ELSE 0 END")
    if len(query.words) > 1:
        for forms in query.words:
            parts.append(_word_score(sql, forms))
    if query.size is not None:
        parts.append(f"CASE WHEN {_has_pack(sql, query.size)} THEN {HAS_THE_PACK} ELSE 0 END")
    return "(" + " + ".join(parts) + ")", sql.params


def _has_pack(sql: _Sql, size: Size) -> str:
    """The product has a pack of `size` (in any brand), in either of its units (1 kg, 1000 g)."""
    detail, financial = Detail._meta.db_table, Financial._meta.db_table
    sizes = []
    for quantity, units in size.packs():
        sql.params.extend([units, quantity])
        sizes.append("(f.units = %s AND f.quantity = %s)")
    return (
        f'EXISTS (SELECT 1 FROM "{detail}" d JOIN "{financial}" f ON f.detail_id = d.id '
        f'WHERE d.product_id = "{_PRODUCT}"."id" AND {sql.any_of(sizes)})'
    )


def packs_of_size(size: Size) -> Q:
    """Packs (Financial rows) of `size`, in either of its units."""
    return reduce(or_, [Q(quantity=quantity, units=units) for quantity, units in size.packs()])


def _word_parts(form: str) -> list[QuerySet]:
    """Ids of the products with `form` in the name, the category or a brand (Telugu: the Telugu
    name or the category's)."""
    products = Product.objects.order_by()
    if has_telugu(form):
        return [
            products.filter(name_te__icontains=form).values("pk"),
            products.filter(category__name_te__icontains=form).values("pk"),
        ]
    return [
        products.filter(**{_NAME_HOLDS: form}).values("pk"),
        products.filter(category__name__icontains=form).values("pk"),
        Detail.objects.filter(brand__icontains=form).order_by().values("product_id"),
    ]


def _word_score(sql: _Sql, forms: tuple[str, ...]) -> str:
    latin = [form for form in forms if not has_telugu(form)]
    telugu = [form for form in forms if has_telugu(form)]
    in_name = [_starts_word(sql, _SPACED, form, spaced=True) for form in latin]
    in_name += [sql.like(f'"{_PRODUCT}"."name_te"', f"%{_like(form)}%") for form in telugu]
    whens = [f"WHEN {sql.any_of(in_name)} THEN {WORD_IN_NAME}"]
    if latin:
        brand = _brands(sql.any_of([_starts_word(sql, "UPPER(d.brand)", form) for form in latin]))
        whens.append(f"WHEN {brand} THEN {WORD_IN_BRAND}")
    in_category = [_starts_word(sql, "UPPER(c.name)", form) for form in latin]
    in_category += [sql.like("c.name_te", f"%{_like(form)}%") for form in telugu]
    whens.append(f"WHEN {_in_categories(sql.any_of(in_category))} THEN {WORD_IN_CATEGORY}")
    return f"CASE {' '.join(whens)} ELSE 0 END"


def ranked(products: QuerySet[Product], query: Query) -> QuerySet[Product]:
    """`products` annotated with what `RANK_ORDER` sorts by: `search_score`, `in_stock` (1 when a
    pack of the product is in stock) and `sold` (units sold in the last `POPULAR_DAYS` days, for
    the `POPULAR_KEPT` best sellers; 0 for the rest). Written as SQL (`score_sql`): building it is
    cheap, where the ORM's expressions for the same took longer to compile than to run; stock and
    sales come from `_Lexicon`'s reading of this catalog version, as lists of ids in the statement
    (a subquery per matching product cost more than the rest of the statement at 10,000 products)."""
    table = _lexicon.table()
    column = f'"{_PRODUCT}"."id"'
    out = ", ".join(str(int(pk)) for pk in sorted(table.out_of_stock))
    in_stock = f"CASE WHEN {column} IN ({out}) THEN 0 ELSE 1 END" if out else "1"
    sold = " ".join(f"WHEN {int(pk)} THEN {int(units)}" for pk, units in table.sold)
    return products.annotate(
        search_score=RawSQL(*score_sql(query), output_field=IntegerField()),
        in_stock=RawSQL(in_stock, [], output_field=IntegerField()),
        sold=RawSQL(f"CASE {column} {sold} ELSE 0 END" if sold else "0", [], output_field=IntegerField()),
    )


def normalized(text: str) -> str:
    """Search text as the searches compare it: Unicode NFC (Telugu typed on any keyboard)."""
    return unicodedata.normalize("NFC", text)


def synonym_word(text) -> str:
    """A word as the synonyms table keeps it and looks it up: squeezed, NFC, lower-case."""
    return normalized(" ".join(str(text or "").split())).casefold()


@dataclass(frozen=True)
class _Table:
    version: str | None
    means: dict[str, str]  # synonym word → the catalog's words
    means_sorted: list[str]  # the synonym words, sorted, for prefix lookups
    stands_for: dict[str, list[str]]  # the catalog's words → the synonym words for them
    words: list[str]  # every word of the catalog and the synonyms, sorted
    frequency: dict[str, int]  # word → in how many names, brands, categories and synonyms
    by_delete: dict[str, list[str]]  # a word with one letter left out → the words it comes from
    day: date | None = None  # the day it was read: the 90 days of sales end there
    day_ends: float = 0.0  # when that day ends (a time.time()): the stock and sales are read again
    out_of_stock: frozenset[int] = frozenset()  # products with no pack in stock
    sold: tuple[tuple[int, int], ...] = ()  # the best sellers of the last 90 days: (product, units)
    words_version: str | None = None  # the version of the words read (`caching.WORDS_VERSION_KEY`)
    by_two_deletes: dict[str, list[str]] = field(default_factory=dict)  # a long word, two letters out → words
    written: dict[str, str] = field(default_factory=dict)  # a run of catalog words joined → as written
    brands: dict[str, str] = field(default_factory=dict)  # a brand joined ('parleg') → the brand


class _Lexicon:
    """The synonyms table and the catalog's words, read once per version of the search's words in
    each process; and the products out of stock and the best sellers (for the ranking), read once
    per catalog version and day.

    Every search and suggestion reads them, at the cost of no database query and, most of the
    time, no cache round trip: each process asks for the versions at most once a second
    (`caching.current_versions`). Name, brand, category and synonym writes set a new words version
    (`caching.invalidate`), so every process reads the words again on its search within that
    second: a synonym staff add in Django admin counts at once in the process that saved it, in
    the others within a second. Stock taken by an order sets only a new catalog version: the
    stock and sales are read again (two short queries), the words are not.
    """

    def __init__(self):
        # Replaced as one value, so a thread never sees one version's words with another's meanings.
        self._table = _Table(None, {}, [], {}, [], {}, {})

    def table(self) -> _Table:
        version, words_version = caching.current_versions()
        table = self._table
        if words_version != table.words_version:
            table = self._read_words(words_version)
        if version != table.version or time.time() >= table.day_ends:
            table = self._read_stock(table, version)
        self._table = table
        return table

    @staticmethod
    def _read_words(words_version: str) -> _Table:
        texts = (
            SearchSynonym.objects.order_by()
            .annotate(kind=Value("synonym"))
            .values_list("word", "means", "kind")
            .union(
                shown.products()
                .order_by()
                .annotate(none=Value(""), kind=Value("name"))
                .values_list("name", "none", "kind"),
                shown.brands()
                .order_by()
                .annotate(none=Value(""), kind=Value("brand"))
                .values_list("brand", "none", "kind"),
                Category.objects.order_by()
                .annotate(none=Value(""), kind=Value("category"))
                .values_list("name", "none", "kind"),
            )
        )
        means, stands_for, frequency, written, brands = {}, {}, {}, {}, {}
        for first, second, kind in texts:
            if second:
                means[first] = second
                stands_for.setdefault(second.casefold(), []).append(first)
            for word in _WORD.findall(f"{first} {second}".casefold()):
                if _LATIN_WORD.match(word):
                    frequency[word] = frequency.get(word, 0) + 1
            for text in (first, second):
                for key, run in joins(text).items():
                    written.setdefault(key, run)
            if kind == "brand" and len(joined(first)) >= JOIN_MIN_CHARS:
                brands.setdefault(joined(first), first)
        by_delete: dict[str, list[str]] = {}
        by_two_deletes: dict[str, list[str]] = {}
        for word in frequency:
            if len(word) >= TYPO_MIN_LETTERS - 1:
                for deleted in deletions(word):
                    by_delete.setdefault(deleted, []).append(word)
            if len(word) >= TWO_EDITS_MIN_LETTERS:
                for deleted in {twice for once in deletions(word) for twice in deletions(once)}:
                    by_two_deletes.setdefault(deleted, []).append(word)
        # No stock yet: `_read_stock` follows (version None).
        table = _Table(None, means, sorted(means), stands_for, sorted(frequency), frequency, by_delete)
        return replace(
            table, words_version=words_version, by_two_deletes=by_two_deletes, written=written, brands=brands
        )

    @staticmethod
    def _read_stock(words: _Table, version: str) -> _Table:
        # Stock and sales change only through catalog writes (catalog.stock, the pack services),
        # which set a new catalog version: read here, they cost each search nothing per product.
        day = timezone.localdate()
        in_stock = shown.packs().filter(detail__product=OuterRef("pk"), count_in_stock__gt=0)
        out_of_stock = frozenset(Product.objects.exclude(Exists(in_stock)).values_list("pk", flat=True))
        sold = (
            ProductSales.objects.filter(day__gt=day - timedelta(days=POPULAR_DAYS))
            .values("product")
            .annotate(units=Sum("units"))
            .filter(units__gt=0)
            .order_by("-units", "product")
            .values_list("product", "units")[:POPULAR_KEPT]
        )
        midnight = datetime.combine(day + timedelta(days=1), datetime.min.time(), timezone.get_current_timezone())
        return replace(
            words,
            version=version,
            day=day,
            day_ends=midnight.timestamp(),
            out_of_stock=out_of_stock,
            sold=tuple(sold),
        )


_lexicon = _Lexicon()


def reading() -> tuple:
    """Which reading of the search's tables `understand` and `ranked` use now
    (`_Lexicon.table`): what a statement built from them may be kept under."""
    table = _lexicon.table()
    return table.words_version, table.version, table.day


def _corrections(word: str, table: _Table) -> tuple[list[str], list[str]]:
    """(the catalog words `word` is one edit from, those it is two edits from), each most frequent
    first: two edits only from a catalog word of `TWO_EDITS_MIN_LETTERS` or more ('masuri' for
    masoori). None when `word` is a catalog word, starts one, or is shorter than
    `TYPO_MIN_LETTERS` or not Latin letters."""
    if len(word) < TYPO_MIN_LETTERS or not _LATIN_WORD.match(word) or word in table.frequency:
        return [], []
    at = bisect.bisect_left(table.words, word)
    if at < len(table.words) and table.words[at].startswith(word):
        return [], []
    # Symmetric deletes: `word` and a catalog word within two edits share a form with at most two
    # letters left out of each.
    once = deletions(word)
    forms = {word, *once}
    if len(word) >= TWO_EDITS_MIN_TYPED:
        forms |= {twice for deleted in once for twice in deletions(deleted)}
    candidates = set()
    for form in forms:
        if form in table.frequency:
            candidates.add(form)
        candidates.update(table.by_delete.get(form, ()))
        candidates.update(table.by_two_deletes.get(form, ()))
    near, far = [], []
    for candidate in candidates:
        edits = within_edits(word, candidate, 2)
        if edits == 1 and len(candidate) >= TYPO_MIN_LETTERS - 1:
            near.append(candidate)
        elif edits == 2 and len(candidate) >= TWO_EDITS_MIN_LETTERS:
            far.append(candidate)
    for found in (near, far):
        found.sort(key=lambda candidate: (-table.frequency[candidate], candidate))
    return near[:MAX_TYPO_CANDIDATES], far[: MAX_TYPO_CANDIDATES - len(near[:MAX_TYPO_CANDIDATES])]


def _meanings(key: str, table: _Table) -> dict[str, str]:
    """The listed words among the runs of `key`'s words, and those starting with `key`."""
    words = key.split()
    runs = {" ".join(words[start:end]) for start in range(len(words)) for end in range(start + 1, len(words) + 1)}
    found = {run: table.means[run] for run in runs if run in table.means}
    if len(key) >= SYNONYM_PREFIX_MIN_CHARS:
        for word in table.means_sorted[bisect.bisect_left(table.means_sorted, key) :]:
            if not word.startswith(key):
                break
            found[word] = table.means[word]
    return dict(sorted(found.items()))


def _translated(words: list[str], meanings: dict[str, str]) -> str:
    """The words with each run that is a listed word (longest first) put in catalog words."""
    out, start = [], 0
    while start < len(words):
        for end in range(len(words), start, -1):
            run = " ".join(words[start:end])
            if run in meanings:
                out.append(meanings[run].casefold())
                start = end
                break
        else:
            out.append(words[start])
            start += 1
    return " ".join(out)


def _as_written(words: list[str], table: _Table) -> list[str]:
    """`words` with each run of them (longest first) that is a run of catalog words written with
    other spaces or punctuation put as the catalog writes it: 'parle g' and 'parleg' → 'parle-g',
    'handwash' → 'hand wash', 'dish wash' → 'dishwash'. Runs of Latin letters and digits only."""
    out, start = [], 0
    while start < len(words):
        for end in range(min(len(words), start + JOIN_MAX_WORDS + 1), start, -1):
            run = " ".join(words[start:end])
            key = joined(run)
            written = table.written.get(key) if len(key) == len(run) - (end - start - 1) else None
            if written is None:  # (a run one word longer than the catalog's is read for its 'and' only)
                written = _ampersand(words[start:end], table)
            if written is not None and written != run:
                out.append(written)
                start = end
                break
        else:
            out.append(words[start])
            start += 1
    return out


def _ampersand(run: list[str], table: _Table) -> str | None:
    """The catalog's run written with '&' where `run` says 'and' between two words ('head and
    shoulders' → "head & shoulders", 'tea and coffee' → "tea & coffee"); None when the catalog
    writes no such run."""
    if "and" not in run[1:-1]:
        return None
    kept = [word for index, word in enumerate(run) if not (word == "and" and 0 < index < len(run) - 1)]
    written = table.written.get(joined(" ".join(kept)))
    return written if written is not None and "&" in written else None


def _brand_named(words: list[str], table: _Table) -> str:
    """The brand a run of `words` names (the longest run, first), as the catalog writes it; ''."""
    for length in range(min(len(words), JOIN_MAX_WORDS), 0, -1):
        for start in range(len(words) - length + 1):
            brand = table.brands.get(joined(" ".join(words[start : start + length])))
            if brand:
                return brand
    return ""


def understand(text: str) -> Query:
    """The `Query` for a trimmed search text: its pack size, its words as the catalog writes them,
    their synonyms both ways and their typos' corrections."""
    text = normalized(text)
    table = _lexicon.table()
    size, rest = read_size(text)
    words = _as_written(plain(rest).split()[:MAX_WORDS], table)
    key = " ".join(words)
    corrections = {word: _corrections(word, table) for word in words}
    corrected = {word: near + far for word, (near, far) in corrections.items()}
    texts, far_texts = [key], set()
    for word, (near, far) in corrections.items():
        for candidate in near + far:
            each = " ".join(candidate if other == word else (corrected[other] or [other])[0] for other in words)
            texts.append(each)
            if near and candidate in far:
                far_texts.add(each)  # ranked after the nearer spellings: found, not scored
    if any(corrected.values()):
        # The text with every typo corrected at once leads the corrected texts.
        texts.insert(1, " ".join((corrected[word] or [word])[0] for word in words))
    texts = [each for each in dict.fromkeys(texts) if each]
    brand = _brand_named(texts[1 if len(texts) > 1 else 0].split() if texts else [], table)

    phrases, scored = [], []
    for each in texts:
        meanings = _meanings(each, table)
        started = {word: means for word, means in meanings.items() if word.startswith(each)}
        phrases += [each, *started.values()]
        # Of the listed words the text only begins, the shortest speak for it in the ranking:
        # 'biyy' and 'biyyam' rank rice (biyyam) first, not rice flour (biyyam pindi).
        fewest = min((len(word.split()) for word in started), default=0)
        meant = [
            means
            for word, means in started.items()
            if (word == each if each in started else len(word.split()) == fewest)
        ]
        translated = _translated(each.split(), meanings)
        if translated != each:
            meant.append(translated)
        # One step further ('palu' → milk → toned milk: what a shopper means by milk), and the
        # other way (a catalog word also finds what is named with its local word).
        meant += [table.means[means.casefold()] for means in meant if means.casefold() in table.means]
        meant += table.stands_for.get(each, [])
        phrases += meant
        if each not in far_texts:
            scored += [each, *meant]
    phrases = list(dict.fromkeys(phrase.casefold() for phrase in phrases))
    scored = list(dict.fromkeys(phrase.casefold() for phrase in scored))
    # A name holding 'rice flour' holds 'rice': a phrase that holds another finds nothing more.
    matching = [phrase for phrase in phrases if not any(other in phrase for other in phrases if other != phrase)]

    word_forms = []
    # Words of three letters or more, each once: a shorter one matches too much to narrow anything
    # (and no trigram index serves it).
    long_words = [word for word in dict.fromkeys(words) if len(word) >= WORD_MIN_CHARS]
    if len(long_words) > 1:
        for word in long_words:
            forms = [word, *corrected[word]]
            forms += [table.means[form].casefold() for form in list(forms) if form in table.means]
            word_forms.append(tuple(dict.fromkeys(forms)))
    return Query(
        text=key,
        phrases=tuple(matching[:MAX_PHRASES]),
        scored=tuple(scored[:MAX_PHRASES]),
        words=tuple(word_forms),
        size=size,
        brand=brand,
    )


def _union(parts: list[QuerySet]) -> QuerySet:
    return parts[0].union(*parts[1:])


class _Among(In):
    """`id` among the ids a subquery answers (`pk__in`): on PostgreSQL `id = ANY(ARRAY(subquery))`.

    An `IN (subquery)` is a semi-join the planner sizes from its guess of the subquery's rows: for
    a phrase of two words with many candidates ('toor dal', 112 ids, guessed 193) it hash-joined
    them against a scan of the whole product table, once for the matches and once more for the
    intersection of the words (issue 47). The array is read once, then each of its ids is found
    by the primary key: no statement reads every product. SQLite: `IN`, as before."""

    def get_rhs_op(self, connection, rhs):
        if connection.vendor == "postgresql":
            return f"= ANY(ARRAY{rhs})"
        return super().get_rhs_op(connection, rhs)


def _among(ids: QuerySet) -> _Among:
    return _Among(F("pk"), ids)


def matching_products(query: Query, *, names_only: bool = False) -> QuerySet[Product]:
    """The products `query` finds: `matching_ids` (with brands and categories unless `names_only`).

    By name alone, for a text of one word (suggestions), one OR over the product table: each
    pattern is a bitmap scan of a trigram index on the same table, OR-ed, and the rows are read
    once from there; the UNION of ids then read again by id cost twice as much (the
    suggestions' statement for 'oil' at 10,000 products: 4.9 -> 2.4 ms). A text that is a size
    alone ('5 kg') finds the products with a pack of that size."""
    if not query.text and query.size is not None:
        return Product.objects.filter(pk__in=matching_ids(query))
    if names_only and len(query.words) < 2 and not query.brand:
        return Product.objects.filter(query.names())
    # A text naming a brand finds its products in the suggestions too ('parle g 800g').
    brands = not names_only or bool(query.brand)
    ids = matching_ids(query, brands=brands, categories=not names_only)
    # Found by primary key (`_Among`) for the suggestions, a text of several words (an
    # intersection: few ids) and a text with a size (the list's statement at 10,000 products:
    # 'toor dal 1kg' 21 -> 3.5 ms, 'oil 1 litre' 70 -> 11 ms); a list's one word can match a
    # thousand products by brand or category, which the IN's hash join reads faster ('daal':
    # 7 ms by IN, 10 ms by key).
    if names_only or len(query.words) > 1 or query.size is not None:
        return Product.objects.filter(_among(ids))
    return Product.objects.filter(pk__in=ids)


def matching_ids(query: Query, *, brands: bool = True, categories: bool = False) -> QuerySet:
    """Ids of the products `query` finds (names always, and every word of a longer text; brands,
    categories as asked), each once.

    One UNION, each part able to use its own trigram index on PostgreSQL: an OR of them can make
    the planner read every row (it does not count the cost of UPPER on each). A text that is a
    size alone: the products with a pack of that size."""
    if not query.text and query.size is not None:
        return Financial.objects.filter(packs_of_size(query.size)).order_by().values("detail__product")
    products = Product.objects.order_by()
    parts = [products.filter(condition).values("pk") for condition in query.conditions("name", "icontains")]
    if brands:
        parts.append(Detail.objects.filter(query.brands()).order_by().values("product_id"))
    if categories:
        parts += [
            products.filter(condition).values("pk") for condition in query.conditions("category__name", "icontains")
        ]
    every_word = query.every_word()
    if every_word is not None:
        parts.append(every_word)
    return _union(parts)


PICK_COLUMNS = ("detail__product", "named", "sized", "empty", "detail", "id")


def pick_rows(query: Query, products) -> QuerySet | None:
    """The packs of `products` (ids, or a subquery of them) that `query` names by brand or size,
    best first for each product (`PICK_COLUMNS`): the brand named, then the size named, then in
    stock, then the brand's and the pack's order; None when the text names neither (`picked`)."""
    if query.size is None and not query.brand:
        return None
    size = packs_of_size(query.size) if query.size is not None else None
    brand = Q(detail__brand__iexact=query.brand) if query.brand else None

    def first(condition: Q) -> Case:
        return Case(When(condition, then=Value(0)), default=Value(1), output_field=IntegerField())

    rows = shown.packs().filter(detail__product__in=products).filter(reduce(or_, [q for q in (size, brand) if q]))
    return (
        rows.annotate(
            named=first(brand) if brand else Value(1, output_field=IntegerField()),
            sized=first(size) if size else Value(1, output_field=IntegerField()),
            empty=first(Q(count_in_stock__gt=0)),
        )
        .order_by(*PICK_COLUMNS)
        .values_list(*PICK_COLUMNS)
    )


def picked(query: Query, rows) -> dict[str, dict]:
    """The wire's `picked` from `pick_rows`'s rows: {product id: {"detail": the brand variant to
    show first, "pack": the pack of the size named (when one has it), "qty": the packs named
    ('2 x 1 kg': 2), "brand": true when the text named that brand ('Heritage': a list of that brand
    only, not the product's other brands)}}, so the suggestion and the card open the product with
    that pack chosen."""
    found: dict[str, dict] = {}
    for product, named, sized, _empty, detail, pack in rows:
        if str(product) in found:
            continue
        entry = {"detail": str(detail)}
        if query.brand and named == 0:
            entry["brand"] = True
        if sized == 0:
            entry["pack"] = str(pack)
            if query.size.count > 1:
                entry["qty"] = query.size.count
        found[str(product)] = entry
    return found
