"""What a shopper's search text finds: the catalog's rule for "matches", used by the keyword
search, the suggestions and the staff's product list (`selectors.py`).

A product matches a text when
- its name contains the text, or one of the catalog words the text's local words stand for (the
  `SearchSynonym` table: 'biyyam' → rice, 'kandi pappu' → toor dal; a text that begins a listed
  word counts too, so 'biyy' already finds rice), or the text with each listed word put in
  catalog words ('sona masoori biyyam' → 'sona masoori rice');
- or its Telugu name contains the text (Telugu script: 'బియ్యం', 'కందిపప్పు');
- or (the keyword search and the staff list) a brand contains the text, or (the keyword search)
  the category's name contains the text or what it stands for, or its Telugu name the text.

Only when nothing matches so does a one-letter typo count: each word of five or more letters
(a-z) may have one letter changed, added or left out in the product's name or a brand; the
shorter words must be there as typed. Both databases decide that with the same regular
expression; PostgreSQL first narrows the rows with pg_trgm's word similarity (`%>`, served by the
trigram indexes of migration 0003, at `TYPO_SIMILARITY`, set on every connection in
`shop/settings.py`), which every one-letter typo of such a word reaches. Words of four letters or
fewer never count as typos: too many other words are one letter away from them.
"""

import bisect
import re
import unicodedata
from dataclasses import dataclass
from functools import reduce
from operator import and_, or_

from django.db import connection
from django.db.models import Q, QuerySet
from django.db.models.functions import Upper

from . import caching
from .models import Detail, Product, SearchSynonym

TYPO_MIN_LETTERS = 5
# A one-letter change in the middle of a five-letter word leaves 3 of its 6 trigrams.
TYPO_SIMILARITY = 0.5
SYNONYM_PREFIX_MIN_CHARS = 3
MAX_PHRASES = 8
_LATIN_WORD = re.compile(r"^[a-z]+$")


@dataclass(frozen=True)
class Query:
    """A search text and what it stands for. `phrases`: the text and the catalog words its local
    words mean, each to be found in product names; `typo_words`: its words that may be one
    letter off; `exact_words`: the rest, which may not."""

    text: str
    phrases: tuple[str, ...]
    typo_words: tuple[str, ...]
    exact_words: tuple[str, ...]

    def names(self) -> Q:
        """Products whose name contains a phrase, or whose Telugu name contains the text."""
        return self._either("name", "icontains")

    def names_starting(self) -> Q:
        """Products whose English or Telugu name begins with the text or a phrase."""
        return self._either("name", "istartswith")

    def brands(self) -> Q:
        return Q(brand__icontains=self.text)

    def categories(self) -> Q:
        """Products whose category's name contains a phrase, or its Telugu name the text."""
        return self._either("category__name", "icontains")

    def _either(self, field: str, lookup: str) -> Q:
        return reduce(or_, self.conditions(field, lookup))

    def conditions(self, field: str, lookup: str) -> list[Q]:
        """`field` (English) against the phrases in Latin letters, `field`_te against a text in
        Telugu letters: a condition that cannot hold is left out, so PostgreSQL scans less."""
        conditions = [Q(**{f"{field}__{lookup}": phrase}) for phrase in self.phrases if not _has_telugu(phrase)]
        if _has_telugu(self.text):
            conditions.append(Q(**{f"{field}_te__{lookup}": self.text}))
        return conditions

    def may_have_typos(self) -> bool:
        return bool(self.typo_words)

    def names_with_typos(self) -> Q:
        return self._with_typos("name")

    def brands_with_typos(self) -> Q:
        return self._with_typos("brand")

    def _with_typos(self, field: str) -> Q:
        """Every typo word one letter off (or right) in `field`, every other word there as typed."""
        trigrams = connection.vendor == "postgresql"
        parts = [one_letter_off(field, word, trigrams=trigrams) for word in self.typo_words]
        parts += [Q(**{f"{field}__icontains": word}) for word in self.exact_words]
        return reduce(and_, parts)


def one_letter_off(field: str, word: str, *, trigrams: bool) -> Q:
    """`field` holds `word` with at most one letter changed, added or left out: a regular
    expression of every such change decides (SQLite runs it through Django's REGEXP function).
    With `trigrams` (PostgreSQL; the queryset needs `with_upper(field)`) the trigram index first
    finds the rows whose words are similar, so the expression reads only those."""
    one_edit = Q(**{f"{field}__iregex": _one_edit_pattern(word)})
    if trigrams:
        # UPPER(field) %> 'WORD': the expression the trigram index is built on (migration 0003).
        return Q(**{f"{field}_upper__trigram_word_similar": word.upper()}) & one_edit
    return one_edit


def _has_telugu(text: str) -> bool:
    return any("\u0c00" <= char <= "\u0c7f" for char in text)


def _one_edit_pattern(word: str) -> str:
    """A regular expression for `word` with at most one letter changed, added or left out."""
    variants = {word}
    for i in range(len(word) + 1):
        variants.add(f"{word[:i]}.{word[i:]}")  # a letter added
        if i < len(word):
            variants.add(f"{word[:i]}.{word[i + 1 :]}")  # a letter changed
            variants.add(word[:i] + word[i + 1 :])  # a letter left out
    return "|".join(sorted(variants))


def with_upper(queryset: QuerySet, field: str) -> QuerySet:
    """`queryset` able to filter on `<field>_upper`, the indexed UPPER(field), on PostgreSQL."""
    if connection.vendor != "postgresql":
        return queryset
    return queryset.annotate(**{f"{field}_upper": Upper(field)})


def normalized(text: str) -> str:
    """Search text as the searches compare it: Unicode NFC (Telugu typed on any keyboard)."""
    return unicodedata.normalize("NFC", text)


def synonym_word(text) -> str:
    """A word as the synonyms table keeps it and looks it up: squeezed, NFC, lower-case."""
    return normalized(" ".join(str(text or "").split())).casefold()


class _Synonyms:
    """The whole synonyms table, {word: means}, read once per catalog version in each process.

    It is small (a few hundred local words) and read by every search and suggestion, so each
    search costs one cache round trip for the version instead of a database query. Synonym writes
    (`services.synonym_save`/`synonym_delete`) set a new catalog version, now and after their
    commit (`caching.invalidate`), so every process reads the table again on its next search.
    """

    def __init__(self):
        # (version, sorted words, {word: means}), replaced as one value so that a thread reading it
        # never sees one version's words with another's meanings.
        self._table: tuple[str | None, list[str], dict[str, str]] = (None, [], {})

    def meanings(self, runs: set[str], *, prefix: str | None) -> dict[str, str]:
        """The listed words among `runs`, and those starting with `prefix`, each with its meaning."""
        version = caching.current_version()
        if version != self._table[0]:
            means = dict(SearchSynonym.objects.values_list("word", "means"))
            self._table = (version, sorted(means), means)
        _, words, means = self._table
        found = {word: means[word] for word in runs if word in means}
        if prefix:
            for word in words[bisect.bisect_left(words, prefix) :]:
                if not word.startswith(prefix):
                    break
                found[word] = means[word]
        return dict(sorted(found.items()))


_synonyms = _Synonyms()


def understand(text: str) -> Query:
    """The `Query` for a trimmed search text, with the synonyms it may use (`_Synonyms`)."""
    text = normalized(text)
    key = synonym_word(text)
    words = key.split()
    runs = {" ".join(words[start:end]) for start in range(len(words)) for end in range(start + 1, len(words) + 1)}
    prefix = key if len(key) >= SYNONYM_PREFIX_MIN_CHARS else None
    meanings = _synonyms.meanings(runs, prefix=prefix)

    phrases = [text]
    phrases += [means for word, means in meanings.items() if word.startswith(key)]
    translated = _translated(words, meanings)
    if translated != key:
        phrases.append(translated)
    phrases = list(dict.fromkeys(phrase.casefold() for phrase in phrases))
    # A name holding 'rice flour' holds 'rice': a phrase that holds another finds nothing more.
    phrases = [phrase for phrase in phrases if not any(other in phrase for other in phrases if other != phrase)]
    typo_words = tuple(word for word in words if len(word) >= TYPO_MIN_LETTERS and _LATIN_WORD.match(word))
    return Query(
        text=text,
        phrases=tuple(phrases[:MAX_PHRASES]),
        typo_words=typo_words,
        exact_words=tuple(word for word in words if word not in typo_words),
    )


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


def _union(parts: list[QuerySet]) -> QuerySet:
    return parts[0].union(*parts[1:])


def _name_parts(query: Query) -> list[QuerySet]:
    """One UNION part per phrase: an OR of them can make the planner read every row (it does not
    count the cost of UPPER on each); apart, each uses its trigram index."""
    products = Product.objects.order_by()
    return [products.filter(condition).values("pk") for condition in query.conditions("name", "icontains")]


def matching_ids(query: Query, *, brands: bool = True, categories: bool = False) -> QuerySet:
    """Ids of the products `query` finds (names always; brands, categories as asked), each once.

    One UNION, each part able to use its own trigram index on PostgreSQL. Runs one query to see
    whether anything matches as typed when typos may count, and then answers the products one
    letter off instead.
    """
    parts = _name_parts(query)
    if brands:
        parts.append(Detail.objects.filter(query.brands()).order_by().values("product_id"))
    if categories:
        parts.append(Product.objects.filter(query.categories()).order_by().values("pk"))
    exact = _union(parts)
    if not query.may_have_typos() or exact.exists():
        return exact
    typos = [with_upper(Product.objects, "name").filter(query.names_with_typos()).order_by().values("pk")]
    if brands:
        details = with_upper(Detail.objects, "brand").filter(query.brands_with_typos())
        typos.append(details.order_by().values("product_id"))
    return _union(typos)
