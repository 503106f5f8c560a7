"""Catalog reads. Every list loads its products, brands and packs in a fixed number of queries.

A page of products is three queries whatever its size (products with their category, brand
variants, packs) plus one COUNT for the pager.
"""

from dataclasses import dataclass, field

from django.db.models import Case, Exists, F, IntegerField, Min, OuterRef, Prefetch, Q, QuerySet, Value, When
from django.db.models.expressions import Window
from django.db.models.functions import RowNumber
from django.utils.translation import gettext, gettext_lazy

from common.errors import NotFound
from common.lookup import by_id_or_slug
from common.pagination import Page, paginate

from .models import Category, Detail, Financial, Product, Review

DEFAULT_PAGE_SIZE = 12  # GET /api/products
CATEGORY_PAGE_SIZE = 24  # GET /api/products/categories/{category}/products
MAX_PAGE_SIZE = 48
FEATURED_PRODUCTS_PER_CATEGORY = 5  # spec section 9
SUGGESTION_MIN_CHARS = 3  # spec section 5
PRODUCT_NOT_FOUND = gettext_lazy("Product not found")
SUGGESTED_PRODUCTS = 8
SUGGESTED_BRANDS = 5
TOP_PRODUCTS = 6
MAX_SEARCH_CHARS = 100
ADMIN_PAGE_SIZE = 20  # GET /api/admin/products
LOW_STOCK = 5  # a pack with this many or fewer left is "low stock" on the admin list
ALL_CATEGORIES = "all"


@dataclass
class FeaturedCategory:
    category: Category
    products: list[Product] = field(default_factory=list)


@dataclass
class Suggestions:
    products: list[Product]
    brands: list[str]


def _details_with_packs(*, brand_first: str = "") -> Prefetch:
    financials = Prefetch("financials", queryset=Financial.objects.order_by("id"))
    details = Detail.objects.prefetch_related(financials)
    if brand_first:
        # The brand a shopper searched for leads its product's cards.
        details = details.annotate(
            searched=Case(When(brand__iexact=brand_first, then=Value(0)), default=Value(1), output_field=IntegerField())
        ).order_by("searched", "id")
    else:
        details = details.order_by("id")
    return Prefetch("details", queryset=details)


def with_packs(queryset: QuerySet[Product], *, brand_first: str = "") -> QuerySet[Product]:
    """Products with their category, brand variants and packs, in three queries in all."""
    return queryset.select_related("category").prefetch_related(_details_with_packs(brand_first=brand_first))


def _paginate(
    queryset: QuerySet[Product], *, page: int, page_size: int, order: tuple = ("id",), brand_first: str = ""
) -> Page[Product]:
    return paginate(with_packs(queryset.order_by(*order), brand_first=brand_first), page=page, page_size=page_size)


def search_term(text: str) -> str:
    """Search text as the searches use it: trimmed, and at most MAX_SEARCH_CHARS long."""
    return (text or "").strip()[:MAX_SEARCH_CHARS]


def _search_rank(term: str) -> Case:
    """0: a brand is exactly the term ('Brand: Aashirvaad' picked), 1: the name contains it, 2: the rest."""
    exact_brand = Exists(Detail.objects.filter(product=OuterRef("pk"), brand__iexact=term))
    return Case(
        When(exact_brand, then=Value(0)),
        When(name__icontains=term, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )


def _matching_ids(term: str, *, in_category: bool = False):
    """Ids of products whose name or a brand (and, with `in_category`, the category name) contains
    `term`: one UNION, each part able to use its own trigram index on PostgreSQL (an OR of the
    conditions makes the planner scan every row); no product is listed twice."""
    parts = [Detail.objects.filter(brand__icontains=term).order_by().values("product_id")]
    if in_category:
        parts.insert(0, Product.objects.filter(category__name__icontains=term).order_by().values("pk"))
    return Product.objects.filter(name__icontains=term).order_by().values("pk").union(*parts)


def product_list(*, keyword: str = "", page: int = 1, page_size: int = DEFAULT_PAGE_SIZE) -> Page[Product]:
    """Products whose name, a brand or the category name contains `keyword` (any case).

    Without a keyword, by id. With one: exact brand matches first, then products whose name
    contains it, then the rest (brand or category containing it), each group by id.
    """
    queryset = Product.objects.all()
    term = search_term(keyword)
    if term:
        queryset = queryset.filter(pk__in=_matching_ids(term, in_category=True)).annotate(
            search_rank=_search_rank(term)
        )
        return _paginate(queryset, page=page, page_size=page_size, order=("search_rank", "id"), brand_first=term)
    return _paginate(queryset, page=page, page_size=page_size)


def admin_product_list(
    *, keyword: str = "", category: str = "", low_stock: bool = False, page: int = 1, page_size: int = ADMIN_PAGE_SIZE
) -> Page[Product]:
    """The staff's product list: every product, newest first; `keyword` finds a part of the name or
    of a brand, `category` keeps one category (name or key), `low_stock` keeps products with a pack
    at `LOW_STOCK` or fewer, lowest stock first."""
    queryset = Product.objects.all()
    term = search_term(keyword)
    if term:
        queryset = queryset.filter(pk__in=_matching_ids(term))
    if category.strip():
        found = category_find(category.strip())
        if found is None:
            return Page(items=[], page=page, pages=0, total=0)
        queryset = queryset.filter(category=found)
    if low_stock:
        queryset = queryset.annotate(least_stock=Min("details__financials__count_in_stock")).filter(
            least_stock__lte=LOW_STOCK
        )
        return _paginate(queryset, page=page, page_size=page_size, order=("least_stock", "-id"))
    return _paginate(queryset, page=page, page_size=page_size, order=("-id",))


def category_names() -> list[str]:
    return list(Category.objects.order_by("sequence", "name").values_list("name", flat=True))


def category_find(ref: str) -> Category | None:
    """A category by its name (any case) or its key."""
    ref = (ref or "").strip()
    if not ref:
        return None
    return Category.objects.filter(Q(name__iexact=ref) | Q(key__iexact=ref)).first()


def category_products(
    *, category: str, page: int = 1, page_size: int = CATEGORY_PAGE_SIZE
) -> tuple[str, Page[Product]]:
    """(`category`'s display name, a page of its products); `all` lists every product."""
    if category.strip().lower() == ALL_CATEGORIES:
        return ALL_CATEGORIES, _paginate(Product.objects.all(), page=page, page_size=page_size)
    found = category_find(category)
    if found is None:
        raise NotFound(gettext("Category '{category}' not found").format(category=category))
    return found.name, _paginate(Product.objects.filter(category=found), page=page, page_size=page_size)


def featured_categories() -> list[FeaturedCategory]:
    """Every featured category in sequence, each with its first products, in four queries.

    A window function numbers each category's products, so one query fetches the first few of
    every category at once.
    """
    position = Window(RowNumber(), partition_by=[F("category_id")], order_by=F("id").asc())
    # No select_related("category"): prefetching a category's products sets their category.
    first_products = (
        Product.objects.annotate(position=position)
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


def suggestions(*, q: str) -> Suggestions:
    """Products whose name contains `q` (names starting with it first) and brands containing it.

    Fewer than three characters (after trimming) suggest nothing.
    """
    term = search_term(q)
    if len(term) < SUGGESTION_MIN_CHARS:
        return Suggestions(products=[], brands=[])
    starts_first = Case(When(name__istartswith=term, then=Value(0)), default=Value(1), output_field=IntegerField())
    products = with_packs(
        Product.objects.filter(name__icontains=term)
        .annotate(prefix_rank=starts_first)
        .order_by("prefix_rank", "name", "id")
    )[:SUGGESTED_PRODUCTS]
    brands = (
        Detail.objects.filter(brand__icontains=term)
        .order_by("brand")
        .values_list("brand", flat=True)
        .distinct()[:SUGGESTED_BRANDS]
    )
    return Suggestions(products=list(products), brands=list(brands))


def product_find(ref: str | int) -> Product | None:
    """A product by id or slug (slugs are never all digits, see `services.unique_slug`)."""
    return by_id_or_slug(Product.objects.all(), ref)


def product_get(*, ref: str | int) -> Product:
    """One product with its packs and reviews (each with its author), or NotFound."""
    reviews = Prefetch("reviews", queryset=Review.objects.select_related("user").order_by("-created_at", "-id"))
    queryset = with_packs(Product.objects.all()).prefetch_related(reviews)
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
    return list(with_packs(Product.objects.order_by("-rating", "-num_reviews", "id"))[:TOP_PRODUCTS])


@dataclass(frozen=True)
class PackRef:
    product_id: int
    brand_id: int
    financial_id: int


def financial_batch(*, items: list[PackRef]) -> list[Financial]:
    """The current record of each (product, brand, pack) asked for, in order, in one query.

    A pack that no longer exists, or no longer belongs to that brand and product, is left out.
    """
    wanted = {item.financial_id for item in items}
    found = Financial.objects.filter(pk__in=wanted).select_related("detail__product")
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
