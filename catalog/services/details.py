"""Brand variant (Detail) writes: the admin's "Edit Product Details" form lands here."""

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, DomainError
from common.money import decimal_or_none
from common.text import clean_text

from .. import caching
from ..models import Detail, Financial, Product
from ..packs import to_quantity, to_units
from . import packs, products
from ._text import clean_url

BRAND_MAX_LENGTH = Detail._meta.get_field("brand").max_length
BRAND_TAKEN = gettext_lazy("This product already has the brand '{brand}'.")


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
    count_in_stock) or a sample pack the admin then edits (`packs.financial_create_sample`).

    No brand gives a free "Sample brand" name; a brand the product already has is a Conflict.
    """
    if brand is None or not str(brand).strip():
        brand = _free_brand_name(product, products.SAMPLE_BRAND)
    brand = clean_text(brand, label=gettext_lazy("Brand"), max_length=BRAND_MAX_LENGTH)
    if product.details.filter(brand=brand).exists():
        raise Conflict(BRAND_TAKEN.format(brand=brand))
    urls = [clean_url(url) for url in (images or []) if str(url or "").strip()]
    detail = Detail.objects.create(product=product, brand=brand, images=urls)
    if pack:
        packs.financial_create(detail=detail, **pack)
    else:
        packs.financial_create_sample(detail=detail)
    caching.invalidate()
    return detail


def _manual_size_given(value) -> bool:
    """The edit screen sends `manualQuantity: 0` (or "") when the size came from the dropdown."""
    if value is None or str(value).strip() == "":
        return False
    number = decimal_or_none(value)
    return number is None or number != 0  # not a number: `to_quantity` says so


def _pack_for_quantity(detail: Detail, quantity, units) -> Financial:
    size = to_quantity(quantity)
    packs = detail.financials.filter(quantity=size)
    if units:
        packs = packs.filter(units=to_units(units))
    financial = packs.order_by("id").first()
    if financial is None:
        raise DomainError(gettext("Selected quantity details are not available."))
    return financial


@transaction.atomic
def detail_update(
    *,
    detail: Detail,
    name: str | None = None,
    name_te: str | None = None,
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
    hsn_code: str | None = None,
    gst_rate=None,
) -> Detail:
    """The admin's "Edit Product Details" form (spec section 3's edit payload).

    Product fields (name, Telugu name, slug, category, image, HSN code, GST rate) go to the product;
    `brand` renames this variant.
    The pack is the existing one whose size is `quantity`, or, when `manual_quantity` is given,
    the pack of that size (created when the brand has none, in `units` or the brand's usual
    units); a blank or zero `manual_quantity` and a blank `image` are "not given". Its price and
    discount are set from `price` and `discount`; whichever is missing keeps its current value. The selling price follows: price × (100 − discount) / 100.
    """
    product = detail.product
    products.product_update(
        product=product,
        name=name,
        name_te=name_te,
        slug=slug,
        category=category,
        image=image,
        hsn_code=hsn_code,
        gst_rate=gst_rate,
    )

    if brand is not None and str(brand).strip():
        brand = clean_text(brand, label=gettext_lazy("Brand"), max_length=BRAND_MAX_LENGTH)
        if brand != detail.brand:
            if product.details.filter(brand=brand).exclude(pk=detail.pk).exists():
                raise Conflict(BRAND_TAKEN.format(brand=brand))
            detail.brand = brand
    if image is not None and str(image).strip():
        url = clean_url(image)
        detail.images = [url, *(other for other in detail.images if other != url)]
    detail.save()
    caching.invalidate()

    if not _manual_size_given(manual_quantity):
        manual_quantity = None
    wants_pack = any(value not in (None, "") for value in (quantity, manual_quantity))
    if not wants_pack:
        if any(value not in (None, "") for value in (price, discount, count_in_stock)):
            raise DomainError(gettext("Choose a pack size (quantity or manualQuantity) to set its price."))
        return detail

    if manual_quantity not in (None, ""):
        size = to_quantity(manual_quantity)
        usual = detail.financials.order_by("id").values_list("units", flat=True).first()
        pack_units = to_units(units) if units else (usual or Financial.Units.KILOGRAM)
        financial = detail.financials.filter(quantity=size, units=pack_units).first()
        if financial is None:
            if price in (None, ""):
                raise DomainError(gettext("Price is required for a new pack size."))
            packs.financial_create(
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

    packs.financial_update(
        financial=financial,
        price=price if price not in (None, "") else None,
        discount=discount if discount not in (None, "") else financial.discount,
        count_in_stock=count_in_stock if count_in_stock not in (None, "") else None,
    )
    return detail


def detail_delete(*, detail: Detail) -> None:
    """Delete a brand with its packs, unless it is part of orders; its packs are announced gone."""
    try:
        with transaction.atomic():
            financial_ids = list(detail.financials.values_list("pk", flat=True))
            detail.delete()
            packs.packs_written(product_ids=[detail.product_id], financial_ids=financial_ids)
    except (ProtectedError, RestrictedError):
        raise Conflict(gettext("This brand is part of orders and cannot be deleted.")) from None
    caching.invalidate()
