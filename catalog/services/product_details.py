"""The admin's "Edit Product Details" form (spec section 3's edit payload): one write that changes
a product's fields, one of its brands and one of that brand's packs. It sits above `products`,
`details` and `packs`, which never import it."""

from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, DomainError
from common.money import decimal_or_none
from common.text import clean_text

from .. import caching
from ..models import Detail, Financial
from ..packs import to_quantity, to_units
from . import barcodes, packs, products, publishing
from ._text import clean_url
from .details import BRAND_MAX_LENGTH, BRAND_TAKEN, declarations_clean


def _manual_size_given(value) -> bool:
    """The edit screen sends `manualQuantity: 0` (or "") when the size came from the dropdown."""
    if value is None or str(value).strip() == "":
        return False
    number = decimal_or_none(value)
    return number is None or number != 0  # not a number: `to_quantity` says so


def _pack_for_quantity(detail: Detail, quantity, units) -> Financial:
    size = to_quantity(quantity)
    sized = detail.financials.filter(quantity=size)
    if units:
        sized = sized.filter(units=to_units(units))
    financial = sized.order_by("id").first()
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
    pack_units: str | None = None,
    low_stock_threshold=None,
    pack_published: bool | None = None,
    description: str | None = None,
    description_te: str | None = None,
    hsn_code: str | None = None,
    gst_rate=None,
    declarations: dict | None = None,
    barcodes: list[str] | None = None,
    shop_code: bool = False,
    by=None,
) -> Detail:
    """The admin's "Edit Product Details" form (spec section 3's edit payload).

    Product fields (name, Telugu name, slug, category, image, HSN code, GST rate) go to the product;
    `brand` renames this variant; `declarations` (`Detail.DECLARATIONS` names) sets those given.
    The pack is the existing one whose size is `quantity`, or, when `manual_quantity` is given,
    the pack of that size (created when the brand has none, in `units` or the brand's usual
    units); a blank or zero `manual_quantity` and a blank `image` are "not given". Its price and
    discount are set from `price` and `discount`; whichever is missing keeps its current value. The selling price follows: price × (100 − discount) / 100.
    `barcodes`, when given, become that pack's codes (`services.barcodes.barcodes_set`), with the
    shop's own code too when `shop_code`; any refusal writes nothing of the whole form. A count
    typed for an existing pack is a count correction by `by` (`catalog.stock`).
    `pack_units` changes the chosen pack's unit (a sample 1 kg pack becomes 1 L; a new size
    typed takes it as its `units`). `low_stock_threshold` sets the pack's own
    threshold ("" : the shop's default; None: unchanged) and `pack_published` shows or hides the
    pack (`publishing.pack_publish`); `description` and `description_te` are the product's.
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
        description=description,
        description_te=description_te,
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
    for name, value in declarations_clean(declarations or {}).items():
        setattr(detail, name, value)
    detail.save()
    caching.invalidate()

    if not _manual_size_given(manual_quantity):
        manual_quantity = None
    wants_pack = any(value not in (None, "") for value in (quantity, manual_quantity))
    if not wants_pack:
        pack_fields = (price, discount, count_in_stock, low_stock_threshold, pack_published)
        if any(value not in (None, "") for value in pack_fields) or barcodes or shop_code:
            raise DomainError(gettext("Choose a pack size (quantity or manualQuantity) to set its price."))
        return detail

    if manual_quantity not in (None, ""):
        size = to_quantity(manual_quantity)
        usual = detail.financials.order_by("id").values_list("units", flat=True).first()
        typed_units = pack_units or units
        pack_units = to_units(typed_units) if typed_units else (usual or Financial.Units.KILOGRAM)
        financial = detail.financials.filter(quantity=size, units=pack_units).first()
        if financial is None:
            if price in (None, ""):
                raise DomainError(gettext("Price is required for a new pack size."))
            created = packs.financial_create(
                detail=detail,
                quantity=size,
                units=pack_units,
                price=price,
                discount=discount if discount not in (None, "") else 0,
                count_in_stock=count_in_stock if count_in_stock not in (None, "") else 0,
            )
            _pack_settings(created, low_stock_threshold, pack_published)
            _barcodes(created, barcodes, shop_code)
            return detail
    else:
        financial = _pack_for_quantity(detail, quantity, units)
        if pack_units not in (None, ""):
            financial.units = to_units(pack_units)

    packs.financial_update(
        financial=financial,
        price=price if price not in (None, "") else None,
        discount=discount if discount not in (None, "") else financial.discount,
        count_in_stock=count_in_stock if count_in_stock not in (None, "") else None,
        low_stock_threshold=low_stock_threshold,
        by=by,
    )
    _pack_settings(financial, None, pack_published)
    _barcodes(financial, barcodes, shop_code)
    return detail


def _pack_settings(pack: Financial, low_stock_threshold, published: bool | None) -> None:
    if low_stock_threshold is not None:
        packs.financial_update(financial=pack, low_stock_threshold=low_stock_threshold)
    if published is not None:
        publishing.pack_publish(financial=pack, published=published)


def _barcodes(pack: Financial, codes: list[str] | None, shop_code: bool) -> None:
    if codes is not None or shop_code:
        barcodes.barcodes_set(
            pack=pack,
            codes=codes if codes is not None else pack.barcodes.values_list("code", flat=True),
            shop_code=shop_code,
        )
