"""Catalog reads. Every list loads its products, brands and packs in a fixed number of queries.

A page of products is three queries whatever its size (products with their category, brand
variants, packs) plus one COUNT for the pager.
"""

from dataclasses import dataclass, field
from datetime import datetime

from django.conf import settings
from django.db.models import (
    BooleanField,
    Case,
    Exists,
    F,
    IntegerField,
    Min,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.expressions import Window
from django.db.models.functions import Coalesce, RowNumber
from django.utils.translation import gettext, gettext_lazy

from common.errors import InvalidValue, NotFound
from common.lookup import by_id_or_slug
from common.pagination import ADMIN_PRODUCT_LIST, CATEGORY_PRODUCTS, PRODUCT_LIST, Page, paginate

from . import barcodes as barcode_rules
from . import search, shown
from .models import Barcode, Category, Detail, Financial, Product, Review

FEATURED_PRODUCTS_PER_CATEGORY = 5  # spec section 9
SUGGESTION_MIN_CHARS = 3  # spec section 5
PRODUCT_NOT_FOUND = gettext_lazy("Product not found")
SUGGESTED_PRODUCTS = 8
SUGGESTED_BRANDS = 5
TOP_PRODUCTS = 6
TOP_ORDER = ("-rating", "-num_reviews", "id")  # the best-rated first, the most reviewed among equals
MAX_SEARCH_CHARS = 100
ALL_CATEGORIES = "all"


@dataclass
class FeaturedCategory:
    category: Category
    products: list[Product] = field(default_factory=list)


@dataclass
class Suggestions:
    products: list[Product]
    brands: list[str]
    picked: dict | None = None  # `search.picked`, when the text names a brand or a pack size


def _details_with_packs(*, brand_first: str = "", every: bool = False) -> Prefetch:
    """Brands with their packs: those shoppers may see (`catalog.shown`), or `every` one (staff)."""
    packs = Financial.objects.order_by("id")
    details = Detail.objects.all()
    if every:
        packs = packs.annotate(threshold=_threshold(), low=_is_low())
    else:
        packs, details = packs.filter(published=True), shown.brands(details)
    details = details.prefetch_related(Prefetch("financials", queryset=packs))
    if brand_first:
        # The brand a shopper searched for leads its product's cards.
        details = details.annotate(
            searched=Case(When(brand__iexact=brand_first, then=Value(0)), default=Value(1), output_field=IntegerField())
        ).order_by("searched", "id")
    else:
        details = details.order_by("id")
    return Prefetch("details", queryset=details)


def with_packs(queryset: QuerySet[Product], *, brand_first: str = "", every: bool = False) -> QuerySet[Product]:
    """Products with their category, brand variants and packs, in three queries in all: the brands
    and packs shoppers may see, or `every` one (staff screens)."""
    return queryset.select_related("category").prefetch_related(
        _details_with_packs(brand_first=brand_first, every=every)
    )


def _paginate(
    queryset: QuerySet[Product],
    *,
    page: int,
    page_size: int,
    order: tuple = ("id",),
    brand_first: str = "",
    every: bool = False,
) -> Page[Product]:
    products = with_packs(queryset.order_by(*order), brand_first=brand_first, every=every)
    return paginate(products, page=page, page_size=page_size)


def search_term(text: str) -> str:
    """Search text as the searches use it: trimmed, at most MAX_SEARCH_CHARS long, Unicode NFC."""
    return search.normalized((text or "").strip()[:MAX_SEARCH_CHARS])


@dataclass(frozen=True)
class ProductListing:
    """What a product list shows before paging: its products, their order, and the brand that
    leads each card (a brand the shopper searched for), for `product_list` and `catalog.answers`."""

    products: QuerySet[Product]
    order: tuple[str, ...] = ("id",)
    brand_first: str = ""
    query: search.Query | None = None  # a search's reading of its text


def product_listing(*, keyword: str = "") -> ProductListing:
    """Products `keyword` finds, best first (`catalog/search.py`, the owner of both): by name,
    Telugu name, local name, brand, category or every word, with one-edit typos read as what
    they are typos of. Without a keyword, every product by id; a keyword of punctuation alone
    finds nothing. Only products shoppers may see (`catalog.shown`)."""
    term = search_term(keyword)
    if not term:
        return ProductListing(shown.products())
    if not search.has_word(term):
        return ProductListing(Product.objects.none(), ("id",), term)
    query = search.understand(term)
    # The brand the text names leads each product's cards ('fortune oil': Fortune's sunflower oil).
    return ProductListing(search_ranked(query), search.RANK_ORDER, query.brand or term, query)


def search_ranked(query: search.Query, *, names_only: bool = False) -> QuerySet[Product]:
    """The products `query` finds (name, brand, category, every word; `names_only`: by name and
    every word, as suggestions find them), annotated for `search.RANK_ORDER`; only products
    shoppers may see."""
    return search.ranked(shown.products(search.matching_products(query, names_only=names_only)), query)


def product_list(*, keyword: str = "", page: int = 1, page_size: int = PRODUCT_LIST.default) -> Page[Product]:
    """A page of `product_listing(keyword=keyword)`."""
    return listing_page(product_listing(keyword=keyword), page=page, page_size=page_size)


def listing_page(listing: ProductListing, *, page: int, page_size: int) -> Page[Product]:
    return _paginate(
        listing.products, page=page, page_size=page_size, order=listing.order, brand_first=listing.brand_first
    )


def picked_packs(query: search.Query | None, products: list[Product]) -> dict | None:
    """`search.picked` for these products (one query), or None when the text names no brand or size."""
    rows = search.pick_rows(query, [product.pk for product in products]) if query is not None else None
    return None if rows is None else search.picked(query, rows)


def admin_product_list(
    *,
    keyword: str = "",
    category: str = "",
    low_stock: bool = False,
    hidden: bool = False,
    page: int = 1,
    page_size: int = ADMIN_PRODUCT_LIST.default,
) -> Page[Product]:
    """The staff's product list: every product (hidden ones too, with all their packs), newest first;
    `keyword` finds products by name or brand as the shop's search does, `category` keeps one
    category (name or key), `hidden` keeps the products shoppers do not see, `low_stock` keeps
    products with a pack that is low on stock (`low_stock_packs`' rule), lowest stock first, each
    pack annotated `low` (`is_low_stock`)."""
    queryset = Product.objects.all()
    if hidden:
        queryset = queryset.exclude(shown.PRODUCT_SHOWN)
    term = search_term(keyword)
    if term and not search.has_word(term):
        return Page(items=[], page=page, pages=0, total=0)
    if term:
        queryset = queryset.filter(pk__in=search.matching_ids(search.understand(term)))
    if category.strip():
        found = category_find(category.strip())
        if found is None:
            return Page(items=[], page=page, pages=0, total=0)
        queryset = queryset.filter(category=found)
    if low_stock:
        low = _low_stock_packs().filter(detail__product=OuterRef("pk"))
        queryset = queryset.filter(Exists(low)).annotate(least_stock=Min("details__financials__count_in_stock"))
        return _paginate(queryset, page=page, page_size=page_size, order=("least_stock", "-id"), every=True)
    return _paginate(queryset, page=page, page_size=page_size, order=("-id",), every=True)


def category_names() -> dict[str, str]:
    """Every category's name, in sequence, with its Telugu name (may be empty)."""
    return dict(Category.objects.order_by("sequence", "name").values_list("name", "name_te"))


def category_find(ref: str) -> Category | None:
    """A category by its name (any case) or its key."""
    ref = (ref or "").strip()
    if not ref:
        return None
    return Category.objects.filter(Q(name__iexact=ref) | Q(key__iexact=ref)).first()


def category_listing(category: str) -> tuple[str, str, ProductListing]:
    """(`category`'s display name, its Telugu name, its products by id); `all` lists every product
    (and has no Telugu name); NotFound for a category that does not exist."""
    if category.strip().lower() == ALL_CATEGORIES:
        return ALL_CATEGORIES, "", ProductListing(shown.products())
    found = category_find(category)
    if found is None:
        raise NotFound(gettext("Category '{category}' not found").format(category=category))
    return found.name, found.name_te, ProductListing(shown.products().filter(category=found))


def category_products(
    *, category: str, page: int = 1, page_size: int = CATEGORY_PRODUCTS.default
) -> tuple[str, str, Page[Product]]:
    """(`category`'s display name, its Telugu name, a page of its products); `all` lists every
    product (and has no Telugu name: the islands translate `all` themselves)."""
    name, name_te, listing = category_listing(category)
    return name, name_te, _paginate(listing.products, page=page, page_size=page_size, order=listing.order)


def featured_categories() -> list[FeaturedCategory]:
    """Every featured category in sequence, each with its first products, in four queries.

    A window function numbers each category's products, so one query fetches the first few of
    every category at once.
    """
    position = Window(RowNumber(), partition_by=[F("category_id")], order_by=F("id").asc())
    # No select_related("category"): prefetching a category's products sets their category.
    first_products = (
        shown.products()
        .annotate(position=position)
        .filter(position__lte=FEATURED_PRODUCTS_PER_CATEGORY)
        .order_by("id")
        .prefetch_related(_details_with_packs())
    )
    categories = (
        Category.objects.filter(is_featured=True)
        .order_by("sequence", "name")
        .prefetch_related(Prefetch("products", queryset=first_products, to_attr="featured_products"))
    )
    return [FeaturedCategory(category=category, products=category.featured_products) for category in categories]


def suggestion_query(q: str) -> search.Query | None:
    """The query suggestions run for `q`, or None when `q` suggests nothing: fewer than
    `SUGGESTION_MIN_CHARS` characters after trimming, or no letter or digit at all."""
    term = search_term(q)
    if len(term) < SUGGESTION_MIN_CHARS or not search.has_word(term):
        return None
    return search.understand(term)


def suggested_brands(query: search.Query) -> QuerySet:
    """The brands `query` finds, by name (`SUGGESTED_BRANDS` of them)."""
    brands = shown.brands().filter(query.brands()).order_by("brand").values_list("brand", flat=True)
    return brands.distinct()[:SUGGESTED_BRANDS]


def suggestions(*, q: str) -> Suggestions:
    """Products whose name (or Telugu name) holds `q` or what it stands for, or every word of it,
    in the keyword search's order (one ranking, `catalog/search.py`), `SUGGESTED_PRODUCTS` of them,
    and the brands `q` finds (spec section 5: a brand is its own suggestion); nothing for fewer
    than three characters or punctuation alone."""
    query = suggestion_query(q)
    if query is None:
        return Suggestions(products=[], brands=[])
    products = list(with_packs(search_ranked(query, names_only=True).order_by(*search.RANK_ORDER))[:SUGGESTED_PRODUCTS])
    return Suggestions(products=products, brands=list(suggested_brands(query)), picked=picked_packs(query, products))


def sitemap_entries() -> tuple[list[str], list[tuple[str, datetime]]]:
    """(every category's name in sequence, every shown product's (slug, last change) by id), in two queries."""
    products = list(shown.products().order_by("id").values_list("slug", "updated_at"))
    return list(category_names()), products


def product_find(ref: str | int, *, shown_only: bool = False) -> Product | None:
    """A product by id or slug (slugs are never all digits, see `services.unique_slug`);
    `shown_only`: only one shoppers may see (the product page)."""
    return by_id_or_slug(shown.products() if shown_only else Product.objects.all(), ref)


def product_get(*, ref: str | int, every: bool = False) -> Product:
    """One product shoppers may see, with its shown packs and reviews (each with its author), or
    NotFound (also for a hidden product); `every`: any product with all its packs (staff)."""
    reviews = Prefetch("reviews", queryset=Review.objects.select_related("user").order_by("-created_at", "-id"))
    products = Product.objects.all() if every else shown.products()
    queryset = with_packs(products, every=every).prefetch_related(reviews)
    product = by_id_or_slug(queryset, ref)
    if product is None:
        raise NotFound(PRODUCT_NOT_FOUND)
    return product


def detail_get(*, product: Product, detail_id: int) -> Detail:
    """A brand variant of `product`, or NotFound (also when it belongs to another product)."""
    detail = Detail.objects.filter(pk=detail_id, product=product).select_related("product").first()
    if detail is None:
        raise NotFound(gettext("Brand not found"))
    return detail


def detail_with_packs(*, detail_id: int) -> Detail:
    return Detail.objects.prefetch_related(Prefetch("financials", queryset=Financial.objects.order_by("id"))).get(
        pk=detail_id
    )


def top_products() -> list[Product]:
    """The best-rated products, most reviewed first among equals."""
    return list(with_packs(shown.products().order_by(*TOP_ORDER))[:TOP_PRODUCTS])


@dataclass(frozen=True)
class PackRef:
    product_id: int
    brand_id: int
    financial_id: int


def financial_batch(*, items: list[PackRef]) -> list[Financial]:
    """The current record of each (product, brand, pack) asked for, in order, in one query.

    A pack that no longer exists, no longer belongs to that brand and product, or is hidden from
    shoppers (`catalog.shown`), is left out.
    """
    wanted = {item.financial_id for item in items}
    found = shown.packs().filter(pk__in=wanted).select_related("detail__product")
    by_id = {financial.pk: financial for financial in found}
    records = []
    for item in items:
        financial = by_id.get(item.financial_id)
        if financial and financial.detail_id == item.brand_id and financial.detail.product_id == item.product_id:
            records.append(financial)
    return records


def financial_get(*, product_ref: str | int, detail_id: int, financial_id: int) -> Financial:
    product = product_find(product_ref)
    financial = (
        Financial.objects.select_related("detail__product")
        .filter(pk=financial_id, detail_id=detail_id, detail__product=product)
        .first()
        if product
        else None
    )
    if financial is None:
        raise NotFound(gettext("Pack not found"))
    return financial


# Low stock: one rule for the order board's banner, the admin product list's filter and
# `manage.py low_stock`.


def _threshold() -> Coalesce:
    """A pack's own threshold, or the shop's default (`settings.LOW_STOCK_THRESHOLD`)."""
    return Coalesce(F("low_stock_threshold"), Value(settings.LOW_STOCK_THRESHOLD), output_field=IntegerField())


def _is_low() -> Case:
    """True for a pack at or under its `threshold` (annotated beside it): the low-stock rule."""
    return Case(
        When(count_in_stock__lte=F("threshold"), then=Value(True)), default=Value(False), output_field=BooleanField()
    )


def _low_stock_packs(*, below: int | None = None) -> QuerySet[Financial]:
    packs = Financial.objects.annotate(threshold=_threshold() if below is None else Value(below))
    return packs.filter(count_in_stock__lte=F("threshold"))


def low_stock_packs(*, below: int | None = None) -> list[Financial]:
    """The packs at or under their low-stock threshold (their own, else the shop's default), or at or
    under `below` when it is given: fewest left first, then by product, brand and pack. Each pack
    comes with its brand and product and its `threshold` (the limit it was compared with), in one
    query. The catalog has no switched-off packs: a pack that is not sold any more is deleted."""
    packs = _low_stock_packs(below=below).select_related("detail__product")
    return list(packs.order_by("count_in_stock", "detail__product__name", "detail__brand", "quantity", "id"))


BARCODE_NOT_FOUND = gettext_lazy("No pack has barcode {code}.")


def barcode_find(*, code: str) -> Barcode:
    """The barcode `code` (as a scanner or a person typed it) with its pack, brand and product;
    400 for what is not shaped as a barcode at all (8, 12 or 13 digits: the schema says so), 404 for
    a code no pack carries, with the reason when no pack could (a wrong check digit)."""
    try:
        code, _kind = barcode_rules.parse(code)
    except InvalidValue as refused:
        if barcode_rules.shaped(code):
            raise NotFound(refused.message) from None
        raise
    found = Barcode.objects.select_related("pack__detail__product").filter(code=code).first()
    if found is None:
        raise NotFound(str(BARCODE_NOT_FOUND).format(code=code))
    return found


def detail_barcodes(*, detail: Detail) -> list[Barcode]:
    """The codes on a brand's packs, pack by pack."""
    return list(Barcode.objects.filter(pack__detail=detail).order_by("pack_id", "id"))


def shop_labels(*, pack_ids: list[int] | None = None) -> list[Barcode]:
    """The shop's own codes (for the label sheet), by product, brand and size; only `pack_ids` if given."""
    found = Barcode.objects.filter(kind=barcode_rules.Kind.SHOP).select_related("pack__detail__product")
    if pack_ids is not None:
        found = found.filter(pack_id__in=pack_ids)
    return list(found.order_by("pack__detail__product__name", "pack__detail__brand", "pack__quantity", "id"))
