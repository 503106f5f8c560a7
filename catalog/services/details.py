"""Brand variant (Detail) writes: create (with a first pack) and delete. The admin's "Edit Product
Details" form, which edits a product, one of its brands and a pack at once, is `product_details`."""

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils.translation import gettext_lazy

from common.errors import Conflict
from common.text import clean_text

from .. import caching
from ..models import Detail, Product
from . import packs, publishing
from ._text import clean_url

BRAND_MAX_LENGTH = Detail._meta.get_field("brand").max_length
BRAND_TAKEN = gettext_lazy("This product already has the brand '{brand}'.")
SAMPLE_BRAND = "Sample brand"


def declarations_clean(values: dict) -> dict[str, str]:
    """The Legal Metrology declarations among `values` (`Detail.DECLARATIONS` names), each trimmed
    and within its column; a name not given is left out, a blank one clears it."""
    cleaned = {}
    for name in Detail.DECLARATIONS:
        if values.get(name) is not None:
            field = Detail._meta.get_field(name)
            cleaned[name] = clean_text(
                values[name], label=field.verbose_name, max_length=field.max_length, required=False
            )
    return cleaned


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
    declarations: dict | None = None,
) -> Detail:
    """A brand variant with one pack: `pack` (quantity, units, price, dprice or discount,
    count_in_stock) or a sample pack the admin then edits (`packs.financial_create_sample`).

    No brand gives a free "Sample brand" name; a brand the product already has is a Conflict.
    """
    if brand is None or not str(brand).strip():
        brand = _free_brand_name(product, SAMPLE_BRAND)
    brand = clean_text(brand, label=gettext_lazy("Brand"), max_length=BRAND_MAX_LENGTH)
    if product.details.filter(brand=brand).exists():
        raise Conflict(BRAND_TAKEN.format(brand=brand))
    urls = [clean_url(url) for url in (images or []) if str(url or "").strip()]
    detail = Detail.objects.create(product=product, brand=brand, images=urls, **declarations_clean(declarations or {}))
    if pack:
        packs.financial_create(detail=detail, **pack)
    else:
        packs.financial_create_sample(detail=detail)
    caching.invalidate()
    return detail


def detail_delete(*, detail: Detail) -> bool:
    """Delete a brand with its packs; its packs are announced gone. A brand that is part of orders
    (or of purchases) has its packs hidden from shoppers instead: False then (`publishing`)."""
    financial_ids = list(detail.financials.values_list("pk", flat=True))
    if not publishing.packs_in_orders(financial_ids):
        try:
            with transaction.atomic():
                detail.delete()
                packs.packs_written(product_ids=[detail.product_id], financial_ids=financial_ids)
        except (ProtectedError, RestrictedError):
            pass
        else:
            caching.invalidate()
            return True
    with transaction.atomic():
        publishing.hide_packs(detail.financials.all())
    return False
