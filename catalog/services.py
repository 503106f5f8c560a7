"""Catalog writes: categories, products, brand variants (Detail), packs (Financial) and reviews.

Every pack write goes through `financial_save`, which takes its prices from `pricing.pack_prices`,
so Discount always agrees with price and dprice whoever saves (API, Django admin, CSV import).
Every write drops the cached public catalog answers once it commits (`caching.invalidate`).
"""

from decimal import ROUND_HALF_UP, Decimal

from django.db import IntegrityError, transaction
from django.db.models import Avg, Count, ProtectedError, RestrictedError
from django.templatetags.static import static
from django.utils.text import slugify

from common.errors import Conflict, DomainError
from common.text import clean_text

from . import caching, selectors
from .models import Category, Detail, Financial, Product, Review
from .packs import to_quantity, to_stock, to_units
from .pricing import pack_prices

SAMPLE_PRODUCT_NAME = "Sample name"
SAMPLE_BRAND = "Sample brand"
SAMPLE_DESCRIPTION = "Sample description"
SAMPLE_IMAGE_STATIC_PATH = "img/logo.svg"
UNCATEGORISED = ("uncategorised", "UNCATEGORISED")
SLUG_MAX_LENGTH = Product._meta.get_field("slug").max_length
CATEGORY_NAME_MAX_LENGTH = Category._meta.get_field("name").max_length
PRODUCT_NAME_MAX_LENGTH = Product._meta.get_field("name").max_length
BRAND_MAX_LENGTH = Detail._meta.get_field("brand").max_length


# --- Categories ----------------------------------------------------------------------------------


def category_save(*, category: Category) -> Category:
    """Save a category (Django admin), its key made from the name when left empty."""
    category.name = clean_text(category.name, label="Category name", max_length=CATEGORY_NAME_MAX_LENGTH)
    category.key = category.key or slugify(category.name)
    category.save()
    caching.invalidate()
    return category


# --- Products ------------------------------------------------------------------------------------


def unique_slug(name: str, *, exclude_pk: int | None = None) -> str:
    """`slugify(name)`, with `-2`, `-3`... when taken. Never all digits, so ids and slugs differ."""
    base = slugify(name)[: SLUG_MAX_LENGTH - 8].strip("-") or "product"
    if base.isdigit():
        base = f"product-{base}"
    taken = set(Product.objects.filter(slug__startswith=base).exclude(pk=exclude_pk).values_list("slug", flat=True))
    slug, suffix = base, 2
    while slug in taken:
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


def _clean_url(url: str) -> str:
    url = str(url or "").strip()
    if len(url) > 500:
        raise DomainError("Image URL can have at most 500 characters.")
    return url


def _category(ref) -> Category:
    if isinstance(ref, Category):
        return ref
    category = selectors.category_find(str(ref or ""))
    if category is None:
        raise DomainError(f"Category '{ref}' does not exist.")
    return category


def _default_category() -> Category:
    category = Category.objects.order_by("sequence", "name").first()
    if category is None:
        key, name = UNCATEGORISED
        category, _ = Category.objects.get_or_create(key=key, defaults={"name": name, "is_featured": False})
    return category


@transaction.atomic
def product_create(
    *,
    name: str = SAMPLE_PRODUCT_NAME,
    category: Category | str | None = None,
    image: str | None = None,
    description: str = SAMPLE_DESCRIPTION,
    brand: str = SAMPLE_BRAND,
) -> Product:
    """A product with one brand and one empty 1 kg pack; with no arguments, an editable sample."""
    name = clean_text(name, label="Name", max_length=PRODUCT_NAME_MAX_LENGTH)
    product = Product.objects.create(
        name=name,
        slug=unique_slug(name),
        category=_category(category) if category else _default_category(),
        image=_clean_url(static(SAMPLE_IMAGE_STATIC_PATH) if image is None else image),
        description=description,
    )
    detail_create(product=product, brand=brand, images=[product.image] if product.image else [])
    caching.invalidate()
    return product


def product_save(*, product: Product) -> Product:
    """Save a product, giving it a unique slug from its name when it has none (Django admin)."""
    product.name = clean_text(product.name, label="Name", max_length=PRODUCT_NAME_MAX_LENGTH)
    if not product.slug:
        product.slug = unique_slug(product.name, exclude_pk=product.pk)
    elif product.slug.isdigit():
        raise DomainError("Slug must contain letters.")
    elif Product.objects.filter(slug=product.slug).exclude(pk=product.pk).exists():
        raise Conflict(f"Another product already uses the slug '{product.slug}'.")
    try:
        with transaction.atomic():
            product.save()
    except IntegrityError:
        raise Conflict("Another product already uses this slug; try again.") from None
    caching.invalidate()
    return product


@transaction.atomic
def product_update(
    *,
    product: Product,
    name: str | None = None,
    slug: str | None = None,
    category: Category | str | None = None,
    image: str | None = None,
    description: str | None = None,
) -> Product:
    """Change the given fields. A new name gives a new slug unless a different slug is given."""
    if slug is not None and slug.strip() and slug.strip() != product.slug:
        wanted = slugify(slug)
        if not wanted:
            raise DomainError("Slug must contain letters.")
        product.slug = wanted
        if name is not None:
            product.name = clean_text(name, label="Name", max_length=PRODUCT_NAME_MAX_LENGTH)
    elif name is not None:
        name = clean_text(name, label="Name", max_length=PRODUCT_NAME_MAX_LENGTH)
        if name != product.name:
            product.name = name
            product.slug = unique_slug(name, exclude_pk=product.pk)
    if category is not None and str(category).strip():
        product.category = _category(category)
    if image is not None:
        product.image = _clean_url(image)
    if description is not None:
        product.description = str(description)
    return product_save(product=product)


def product_delete(*, product: Product) -> None:
    try:
        with transaction.atomic():
            product.delete()
    except (ProtectedError, RestrictedError):
        raise Conflict("This product is part of orders and cannot be deleted.") from None
    caching.invalidate()


# --- Brand variants ------------------------------------------------------------------------------


def _free_brand_name(product: Product, brand: str) -> str:
    taken = set(product.details.values_list("brand", flat=True))
    name, suffix = brand, 2
    while name in taken:
        name, suffix = f"{brand} {suffix}", suffix + 1
    return name


@transaction.atomic
def detail_create(
    *,
    product: Product,
    brand: str | None = None,
    images: list[str] | None = None,
    pack: dict | None = None,
) -> Detail:
    """A brand variant with one pack: `pack` (quantity, units, price, dprice or discount,
    count_in_stock) or an empty 1 kg sample pack the admin then edits.

    No brand gives a free "Sample brand" name; a brand the product already has is a Conflict.
    """
    if brand is None or not str(brand).strip():
        brand = _free_brand_name(product, SAMPLE_BRAND)
    brand = clean_text(brand, label="Brand", max_length=BRAND_MAX_LENGTH)
    if product.details.filter(brand=brand).exists():
        raise Conflict(f"This product already has the brand '{brand}'.")
    urls = [_clean_url(url) for url in (images or []) if str(url or "").strip()]
    detail = Detail.objects.create(product=product, brand=brand, images=urls)
    pack = pack or {"quantity": 1, "units": Financial.Units.KILOGRAM, "price": 0}
    financial_create(detail=detail, **pack)
    caching.invalidate()
    return detail


def _pack_for_quantity(detail: Detail, quantity, units) -> Financial:
    size = to_quantity(quantity)
    packs = detail.financials.filter(quantity=size)
    if units:
        packs = packs.filter(units=to_units(units))
    financial = packs.order_by("id").first()
    if financial is None:
        raise DomainError("Selected quantity details are not available.")
    return financial


@transaction.atomic
def detail_update(
    *,
    detail: Detail,
    name: str | None = None,
    slug: str | None = None,
    category: str | None = None,
    image: str | None = None,
    brand: str | None = None,
    quantity=None,
    manual_quantity=None,
    units: str | None = None,
    price=None,
    discount=None,
    count_in_stock=None,
) -> Detail:
    """The admin's "Edit Product Details" form (spec section 3's edit payload).

    Product fields (name, slug, category, image) go to the product; `brand` renames this variant.
    The pack is the existing one whose size is `quantity`, or, when `manual_quantity` is given,
    the pack of that size (created when the brand has none, in `units` or the brand's usual
    units). Its price and discount are set from `price` and `discount`; whichever is missing
    keeps its current value. The selling price follows: price × (100 − discount) / 100.
    """
    product = detail.product
    product_update(product=product, name=name, slug=slug, category=category, image=image)

    if brand is not None and str(brand).strip():
        brand = clean_text(brand, label="Brand", max_length=BRAND_MAX_LENGTH)
        if brand != detail.brand:
            if product.details.filter(brand=brand).exclude(pk=detail.pk).exists():
                raise Conflict(f"This product already has the brand '{brand}'.")
            detail.brand = brand
    if image is not None and str(image).strip():
        url = _clean_url(image)
        detail.images = [url, *(other for other in detail.images if other != url)]
    detail.save()
    caching.invalidate()

    wants_pack = any(value not in (None, "") for value in (quantity, manual_quantity))
    if not wants_pack:
        if any(value not in (None, "") for value in (price, discount, count_in_stock)):
            raise DomainError("Choose a pack size (quantity or manualQuantity) to set its price.")
        return detail

    if manual_quantity not in (None, ""):
        size = to_quantity(manual_quantity)
        usual = detail.financials.order_by("id").values_list("units", flat=True).first()
        pack_units = to_units(units) if units else (usual or Financial.Units.KILOGRAM)
        financial = detail.financials.filter(quantity=size, units=pack_units).first()
        if financial is None:
            if price in (None, ""):
                raise DomainError("Price is required for a new pack size.")
            financial_create(
                detail=detail,
                quantity=size,
                units=pack_units,
                price=price,
                discount=discount if discount not in (None, "") else 0,
                count_in_stock=count_in_stock if count_in_stock not in (None, "") else 0,
            )
            return detail
    else:
        financial = _pack_for_quantity(detail, quantity, units)

    financial_update(
        financial=financial,
        price=price if price not in (None, "") else None,
        discount=discount if discount not in (None, "") else financial.discount,
        count_in_stock=count_in_stock if count_in_stock not in (None, "") else None,
    )
    return detail


def detail_delete(*, detail: Detail) -> None:
    try:
        with transaction.atomic():
            detail.delete()
    except (ProtectedError, RestrictedError):
        raise Conflict("This brand is part of orders and cannot be deleted.") from None
    caching.invalidate()


# --- Packs ---------------------------------------------------------------------------------------


def financial_save(*, financial: Financial) -> Financial:
    """Save a pack with Discount derived from its price and dprice: the one way packs are saved."""
    prices = pack_prices(price=financial.price, dprice=financial.dprice)
    financial.price, financial.dprice, financial.discount = prices.price, prices.dprice, prices.discount
    financial.count_in_stock = to_stock(financial.count_in_stock)
    financial.units = to_units(financial.units)
    financial.quantity = to_quantity(financial.quantity)
    try:
        with transaction.atomic():
            financial.save()
    except IntegrityError:
        raise Conflict(f"This brand already has a {financial.quantity_display} {financial.units} pack.") from None
    caching.invalidate()
    return financial


def financial_create(
    *, detail: Detail, quantity, units, price, dprice=None, discount=None, count_in_stock=0
) -> Financial:
    """A new pack size for a brand; the selling price comes from `dprice` or `discount`."""
    size, pack_units = to_quantity(quantity), to_units(units)
    if detail.financials.filter(quantity=size, units=pack_units).exists():
        raise Conflict(f"This brand already has a {format(size.normalize(), 'f')} {pack_units} pack.")
    prices = pack_prices(price=price, dprice=dprice, discount=discount)
    financial = Financial(
        detail=detail,
        quantity=size,
        units=pack_units,
        price=prices.price,
        dprice=prices.dprice,
        count_in_stock=to_stock(count_in_stock),
    )
    return financial_save(financial=financial)


def financial_update(*, financial: Financial, price=None, dprice=None, discount=None, count_in_stock=None) -> Financial:
    """New prices or stock for a pack. Without `dprice` or `discount` the discount is kept."""
    if dprice is None and discount is None:
        discount = financial.discount
    prices = pack_prices(price=financial.price if price is None else price, dprice=dprice, discount=discount)
    financial.price, financial.dprice = prices.price, prices.dprice
    if count_in_stock is not None:
        financial.count_in_stock = to_stock(count_in_stock)
    return financial_save(financial=financial)


# --- Reviews -------------------------------------------------------------------------------------


@transaction.atomic
def review_create(*, product: Product, user, rating, comment: str = "") -> Review:
    """One review per customer per product; the product's rating and count follow at once."""
    try:
        rating = int(rating)
    except (TypeError, ValueError):
        raise DomainError("Rating must be a whole number from 1 to 5.") from None
    if not 1 <= rating <= 5:
        raise DomainError("Rating must be a whole number from 1 to 5.")
    # Lock the product so concurrent reviews recompute its rating one after the other.
    product = Product.objects.select_for_update().get(pk=product.pk)
    if Review.objects.filter(product=product, user=user).exists():
        raise Conflict("Product already reviewed")
    try:
        with transaction.atomic():
            review = Review.objects.create(product=product, user=user, rating=rating, comment=str(comment or ""))
    except IntegrityError:
        raise Conflict("Product already reviewed") from None
    _product_rating_refresh(product)
    return review


@transaction.atomic
def review_delete(*, review: Review) -> None:
    product = Product.objects.select_for_update().get(pk=review.product_id)
    review.delete()
    _product_rating_refresh(product)


def _product_rating_refresh(product: Product) -> None:
    totals = Review.objects.filter(product=product).aggregate(average=Avg("rating"), count=Count("id"))
    product.rating = Decimal(str(totals["average"] or 0)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    product.num_reviews = totals["count"]
    product.save(update_fields=["rating", "num_reviews", "updated_at"])
    caching.invalidate()
