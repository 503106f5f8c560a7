"""Product writes: create (with a first brand and pack), save, update, delete."""

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, RestrictedError
from django.templatetags.static import static
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, DomainError
from common.text import clean_text

from .. import caching, selectors
from ..gst import to_gst_rate, to_hsn_code
from ..models import Category, Financial, Product
from . import details, packs, publishing
from ._text import clean_telugu, clean_url

SAMPLE_PRODUCT_NAME = "Sample name"
SAMPLE_DESCRIPTION = "Sample description"
SAMPLE_IMAGE_STATIC_PATH = "img/logo.svg"
UNCATEGORISED = ("uncategorised", "UNCATEGORISED")
SLUG_WITHOUT_LETTERS = gettext_lazy("Slug must contain letters.")
SLUG_MAX_LENGTH = Product._meta.get_field("slug").max_length

PRODUCT_NAME_MAX_LENGTH = Product._meta.get_field("name").max_length
PRODUCT_NAME_TE_MAX_LENGTH = Product._meta.get_field("name_te").max_length


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


def _category(ref) -> Category:
    if isinstance(ref, Category):
        return ref
    category = selectors.category_find(str(ref or ""))
    if category is None:
        raise DomainError(gettext("Category '{category}' does not exist.").format(category=ref))
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
    name_te: str = "",
    category: Category | str | None = None,
    image: str | None = None,
    description: str = SAMPLE_DESCRIPTION,
    brand: str = details.SAMPLE_BRAND,
) -> Product:
    """A product with one brand and one empty 1 kg pack; with no arguments, an editable sample.
    Hidden from shoppers, with its pack, until staff publish them (`publishing`)."""
    name = clean_text(name, label=gettext_lazy("Name"), max_length=PRODUCT_NAME_MAX_LENGTH)
    product = Product.objects.create(
        name=name,
        name_te=clean_telugu(name_te, label=gettext_lazy("Telugu name"), max_length=PRODUCT_NAME_TE_MAX_LENGTH),
        slug=unique_slug(name),
        category=_category(category) if category else _default_category(),
        image=clean_url(static(SAMPLE_IMAGE_STATIC_PATH) if image is None else image),
        description=description,
        published=False,
    )
    details.detail_create(product=product, brand=brand, images=[product.image] if product.image else [])
    caching.invalidate()
    return product


def product_save(*, product: Product) -> Product:
    """Save a product, giving it a unique slug from its name when it has none (Django admin)."""
    product.name = clean_text(product.name, label=gettext_lazy("Name"), max_length=PRODUCT_NAME_MAX_LENGTH)
    product.hsn_code = to_hsn_code(product.hsn_code)
    product.gst_rate = to_gst_rate(product.gst_rate)
    product.name_te = clean_telugu(
        product.name_te, label=gettext_lazy("Telugu name"), max_length=PRODUCT_NAME_TE_MAX_LENGTH
    )
    if not product.slug:
        product.slug = unique_slug(product.name, exclude_pk=product.pk)
    elif product.slug.isdigit():
        raise DomainError(SLUG_WITHOUT_LETTERS)
    elif Product.objects.filter(slug=product.slug).exclude(pk=product.pk).exists():
        raise Conflict(gettext("Another product already uses the slug '{slug}'.").format(slug=product.slug))
    try:
        with transaction.atomic():
            product.save()
    except IntegrityError:
        raise Conflict(gettext("Another product already uses this slug; try again.")) from None
    caching.invalidate()
    return product


@transaction.atomic
def product_update(
    *,
    product: Product,
    name: str | None = None,
    name_te: str | None = None,
    slug: str | None = None,
    category: Category | str | None = None,
    image: str | None = None,
    description: str | None = None,
    description_te: str | None = None,
    hsn_code: str | None = None,
    gst_rate=None,
    published: bool | None = None,
) -> Product:
    """Change the given fields (`published`: `publishing.product_publish`'s rule). A new name gives a new slug unless a different slug is given.
    `name_te` "" clears the Telugu name and `description_te` "" the Telugu description (None leaves them).

    A blank `image` or `gst_rate` is "not given", like None: edit screens send `image: ""` for an
    untouched field, and that must not erase the product's picture. A blank `hsn_code` clears it.
    A new GST rate applies to orders placed from now on; placed orders keep theirs.
    """
    if slug is not None and slug.strip() and slug.strip() != product.slug:
        wanted = slugify(slug)
        if not wanted:
            raise DomainError(SLUG_WITHOUT_LETTERS)
        product.slug = wanted
        if name is not None:
            product.name = clean_text(name, label=gettext_lazy("Name"), max_length=PRODUCT_NAME_MAX_LENGTH)
    elif name is not None:
        name = clean_text(name, label=gettext_lazy("Name"), max_length=PRODUCT_NAME_MAX_LENGTH)
        if name != product.name:
            product.name = name
            product.slug = unique_slug(name, exclude_pk=product.pk)
    if name_te is not None:
        product.name_te = name_te  # cleaned by product_save
    if category is not None and str(category).strip():
        product.category = _category(category)
    if image is not None and str(image).strip():
        product.image = clean_url(image)
    if description is not None:
        product.description = str(description)
    if description_te is not None:
        product.description_te = str(description_te)
    if hsn_code is not None:
        product.hsn_code = hsn_code
    if gst_rate is not None and str(gst_rate).strip():
        product.gst_rate = gst_rate
    product = product_save(product=product)
    if published is not None:
        product = publishing.product_publish(product=product, published=published)
    return product


def product_delete(*, product: Product) -> bool:
    """Delete a product with its brands and packs; its packs are announced gone. A product that
    is part of orders (or of purchases) is hidden from shoppers instead, so its history keeps it:
    False then (`publishing`)."""
    financial_ids = list(Financial.objects.filter(detail__product=product).values_list("pk", flat=True))
    if not publishing.packs_in_orders(financial_ids):
        try:
            with transaction.atomic():
                product_id = product.pk
                product.delete()
                packs.packs_written(product_ids=[product_id], financial_ids=financial_ids)
        except (ProtectedError, RestrictedError):
            pass
        else:
            caching.invalidate()
            return True
    with transaction.atomic():
        publishing.hide_product(product)
    return False
