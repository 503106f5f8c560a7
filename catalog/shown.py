"""What shoppers may see of the catalog: the one owner of the rule (issue 45).

A product is shown while staff have it published; a pack while it and its product are published;
a brand while its product is shown and it has a shown pack, or no pack at all (a brand whose packs
are all hidden is hidden: a new "Sample brand" added to a product on sale stays out of sight).
Every shopper-facing read (lists, categories, search and suggestions, the product page, top
products, buy again, the sitemap, ONDC, carts and placement) takes its rows through these; the SQL
answers (`catalog.answers`) use the same conditions written as SQL below. Staff screens, order
history, pick lists and the dashboard read every row.
"""

from collections.abc import Iterable

from django.db.models import IntegerField, Max, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Cast, Coalesce

from .models import Detail, Financial, Product

PRODUCT_SHOWN = Q(published=True)
PACK_SHOWN = Q(published=True, detail__product__published=True)
# As SQL, for the rows `p` (catalog_product), `d` (catalog_detail) and `f` (catalog_financial) of a
# shown product.
PRODUCT_SHOWN_SQL = "p.published"
PACK_SHOWN_SQL = "f.published"
BRAND_SHOWN_SQL = (
    "(EXISTS (SELECT 1 FROM catalog_financial sf WHERE sf.detail_id = d.id AND sf.published)"
    " OR NOT EXISTS (SELECT 1 FROM catalog_financial af WHERE af.detail_id = d.id))"
)


def products(queryset: QuerySet[Product] | None = None) -> QuerySet[Product]:
    """The products of `queryset` (every product) that shoppers may see."""
    return (Product.objects.all() if queryset is None else queryset).filter(PRODUCT_SHOWN)


def packs(queryset: QuerySet[Financial] | None = None) -> QuerySet[Financial]:
    """The packs of `queryset` (every pack) that shoppers may see."""
    return (Financial.objects.all() if queryset is None else queryset).filter(PACK_SHOWN)


def brands(queryset: QuerySet[Detail] | None = None) -> QuerySet[Detail]:
    """The brands of `queryset` (every brand) that shoppers may see.

    "Has a shown pack, or no pack" is read as one correlated scalar: the largest of its packs'
    `published` (1 when one is shown, 0 when all are hidden, none without packs). Written as
    `EXISTS (...) OR NOT EXISTS (...)`, PostgreSQL hashed both subqueries over every pack when it
    expected many brands: "milk"'s brand suggestions at 90,000 packs took 14.4 ms, now 1.2 ms; the
    whole brand list (the search's words table, read once a catalog version) 29 -> 73 ms."""
    found = Detail.objects.all() if queryset is None else queryset
    any_pack_shown = (
        Financial.objects.filter(detail=OuterRef("pk"))
        .order_by()
        .values("detail")
        .annotate(shown=Max(Cast("published", IntegerField())))
        .values("shown")
    )
    return found.annotate(pack_shown=Coalesce(Subquery(any_pack_shown), Value(1))).filter(
        pack_shown=1, product__published=True
    )


def hidden_among(financial_ids: Iterable[int]) -> set[int]:
    """The packs among `financial_ids` that shoppers may not see (nor buy), in one query; ids of no
    pack at all are left out (the callers say those do not exist)."""
    ids = set(financial_ids)
    if not ids:
        return set()
    return set(Financial.objects.filter(pk__in=ids).exclude(PACK_SHOWN).values_list("pk", flat=True))
