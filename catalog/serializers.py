"""The catalog's wire format (DESIGN.md): `_id` strings, `Discount`, `countInStock`, money as
JSON numbers (`common.fields.money`).

Output is built by plain functions over objects the selectors have already loaded (brands and
packs prefetched), so no function here runs a query. Input is checked by DRF serializers; the
numbers inside (prices, pack sizes, stock) are checked by the services, which own those rules.
"""

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.fields import MAX_PAGE_NUMBER, PageNumberField, PageSizeField, WholeNumberField, money
from common.ids import WireIdField
from common.openapi import JudgedInput, blank_or
from common.pagination import ADMIN_PRODUCT_LIST, CATEGORY_PRODUCTS, PRODUCT_LIST, Page

from .models import Detail, Financial, Product, Review
from .selectors import FeaturedCategory, PackRef
from .unit_price import unit_price
from .uploads import card_picture_url

MAX_BATCH_ITEMS = 100


# --- Output --------------------------------------------------------------------------------------


def unit_price_data(financial: Financial) -> dict:
    """`unitPrice` (rupees) and `unitPriceBasis` ("kg", "100 g", "piece"): `unit_price.unit_price`."""
    found = unit_price(dprice=financial.dprice, quantity=financial.quantity, units=financial.units)
    return {"unitPrice": found.amount if found else None, "unitPriceBasis": found.basis if found else None}


def financial_data(financial: Financial, *, staff: bool = False) -> dict:
    """A pack as shoppers see it; `staff`: with whether it is published, its own low-stock
    threshold (null: the shop's default) and, when the selector marked it, whether it is low."""
    data = {
        "_id": str(financial.pk),
        "quantity": financial.quantity_display,
        "units": financial.units,
        "price": money(financial.price),
        "dprice": money(financial.dprice),
        "Discount": financial.discount,
        "countInStock": financial.count_in_stock,
        **unit_price_data(financial),
    }
    if staff:
        data["published"] = financial.published
        data["lowStockThreshold"] = financial.low_stock_threshold
        if hasattr(financial, "low"):
            data["lowStock"] = financial.low
    return data


def declarations_data(detail: Detail) -> dict:
    """What rule 6(10) of the Legal Metrology (Packaged Commodities) Rules asks a listing to show."""
    return {
        "packerName": detail.packer_name,
        "packerAddress": detail.packer_address,
        "countryOfOrigin": detail.country_of_origin,
        "genericName": detail.generic_name,
        "bestBefore": detail.best_before,
        "consumerCare": detail.consumer_care,
    }


def _image_data(url: str) -> dict:
    """`{"image": url}`; an uploaded photo also names its card-sized copy as `thumbnail`."""
    thumbnail = card_picture_url(url)
    return {"image": url, "thumbnail": thumbnail} if thumbnail else {"image": url}


def detail_data(detail: Detail, *, with_declarations: bool = False, staff: bool = False) -> dict:
    data = {
        "_id": str(detail.pk),
        "brand": detail.brand,
        "images": [_image_data(url) for url in detail.images],
        "financials": [financial_data(financial, staff=staff) for financial in detail.financials.all()],
    }
    if with_declarations:
        data["declarations"] = declarations_data(detail)
    return data


def product_data(product: Product, *, with_reviews: bool = False, staff: bool = False) -> dict:
    """A product as lists show it; `with_reviews`: as its own page shows it, with its reviews and
    each brand's Legal Metrology declarations (which the cards of a list never show); `staff`: with
    `published` on the product and its packs (staff screens, `financial_data`)."""
    data = {
        "_id": str(product.pk),
        "name": product.name,
        "nameTe": product.name_te,
        "slug": product.slug,
        "category": product.category.name,
        "categoryTe": product.category.name_te,
        "image": product.image,
        "description": product.description,
        "descriptionTe": product.description_te,
        "hsnCode": product.hsn_code,
        "gstRate": product.gst_rate,
        "rating": product.rating,
        "numReviews": product.num_reviews,
        "details": [
            detail_data(detail, with_declarations=with_reviews, staff=staff) for detail in product.details.all()
        ],
    }
    if staff:
        data["published"] = product.published
    if with_reviews:
        data["reviews"] = [review_data(review) for review in product.reviews.all()]
    return data


def products_data(products: list[Product], *, staff: bool = False) -> list[dict]:
    return [product_data(product, staff=staff) for product in products]


def page_data(page: Page[Product]) -> dict:
    return {"products": products_data(page.items), "page": page.page, "pages": page.pages}


def review_data(review: Review) -> dict:
    return {
        "_id": str(review.pk),
        "name": review.user.name,
        "rating": review.rating,
        "comment": review.comment,
        "createdAt": serializers.DateTimeField().to_representation(review.created_at),
    }


def featured_category_data(featured: FeaturedCategory) -> dict:
    category = featured.category
    return {
        "key": category.key,
        "name": category.name,
        "nameTe": category.name_te,
        "image": category.image,
        "sequence": category.sequence,
        "products": products_data(featured.products),
    }


def batch_record_data(financial: Financial) -> dict:
    """A pack as the cart refreshes it: ids, names, size, prices and stock."""
    detail, product = financial.detail, financial.detail.product
    return {
        "productId": str(product.pk),
        "brandId": str(detail.pk),
        "financialId": str(financial.pk),
        "name": product.name,
        "nameTe": product.name_te,
        "slug": product.slug,
        "brand": detail.brand,
        "quantity": financial.quantity_display,
        "units": financial.units,
        "price": money(financial.price),
        "dprice": money(financial.dprice),
        "Discount": financial.discount,
        "countInStock": financial.count_in_stock,
        **unit_price_data(financial),
        "image": detail.image,
    }


# --- Input ---------------------------------------------------------------------------------------


def without_blanks(query_params) -> dict:
    """Query parameters with blank values dropped, so `?pageNumber=` means the default."""
    return {key: value for key, value in query_params.items() if str(value).strip() != ""}


# In the schema, as these queries read them: a blank value is the default.
PAGE_NUMBER = blank_or({"type": "integer", "minimum": 1, "maximum": MAX_PAGE_NUMBER})
PAGE_SIZE = blank_or({"type": "integer", "minimum": 1})
KEYWORD = {"type": "string", "maxLength": 200}


class CategoryProductsQuery(serializers.Serializer):
    pageNumber = PageNumberField()
    pageSize = PageSizeField(sizes=CATEGORY_PRODUCTS)


class ProductListQuery(serializers.Serializer):
    pageNumber = PageNumberField()
    pageSize = PageSizeField(sizes=PRODUCT_LIST)
    keyword = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)


class AdminProductListQuery(serializers.Serializer):
    keyword = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)
    category = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)
    lowStock = serializers.BooleanField(required=False, default=False)
    hidden = serializers.BooleanField(required=False, default=False)
    pageNumber = PageNumberField()
    pageSize = PageSizeField(sizes=ADMIN_PRODUCT_LIST)


BELOW = blank_or({"type": "integer", "minimum": 0, "maximum": 1000000})


class LowStockQuery(serializers.Serializer):
    below = WholeNumberField(required=False, min_value=0, max_value=1000000)


def low_stock_data(packs: list[Financial]) -> dict:
    """`{"count": n, "packs": [...]}`: each pack with its product's name, brand, size, stock and the
    threshold it was compared with (`selectors.low_stock_packs`)."""
    return {
        "count": len(packs),
        "packs": [
            {
                "_id": str(pack.pk),
                "name": pack.detail.product.name,
                "brand": pack.detail.brand,
                "pack": pack.label,
                "countInStock": pack.count_in_stock,
                "threshold": pack.threshold,
            }
            for pack in packs
        ],
    }


class SuggestionsQuery(serializers.Serializer):
    q = serializers.CharField(required=False, default="", allow_blank=True, trim_whitespace=False, max_length=200)


# Numbers arrive as JSON numbers or strings ("450", 450); the services parse and check them.
def _text(**kwargs):
    return serializers.CharField(required=False, allow_blank=True, allow_null=True, trim_whitespace=True, **kwargs)


class ProductUpdateInput(serializers.Serializer):
    name = _text(max_length=200)
    nameTe = _text(max_length=200, source="name_te")
    slug = _text(max_length=220)
    category = _text(max_length=80)
    image = _text(max_length=500)
    description = serializers.CharField(required=False, allow_blank=True, max_length=10_000)
    descriptionTe = serializers.CharField(
        required=False, allow_blank=True, max_length=10_000, source="description_te", help_text="The Telugu description"
    )
    hsnCode = _text(max_length=20, source="hsn_code", help_text="4, 6 or 8 digits; blank clears it")
    gstRate = _text(max_length=10, source="gst_rate", help_text="0, 5, 12, 18 or 28 (per cent)")
    published = serializers.BooleanField(required=False, help_text="Shown to shoppers; absent: unchanged")


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "maxLength": 500},
            {
                "type": "object",
                "properties": {"image": {"type": "string", "maxLength": 500}},
                "required": ["image"],
            },
        ]
    }
)
class ImageField(serializers.Field):
    """An image as a URL string or `{"image": url}`, the form the wire format lists them in."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            data = data.get("image")
        if not isinstance(data, str):
            raise serializers.ValidationError(gettext('An image is a URL or {"image": URL}.'))
        return data.strip()

    def to_representation(self, value):
        return {"image": value}


class PackInput(serializers.Serializer):
    quantity = _text()
    units = _text(max_length=10)
    price = _text()
    dprice = _text()
    discount = _text()
    Discount = _text()
    countInStock = _text()

    def pack(self) -> dict | None:
        """The pack fields as `services.financial_create` takes them, or None when none given."""
        data = {key: value for key, value in self.validated_data.items() if value not in (None, "")}
        pack = {
            "quantity": data.get("quantity"),
            "units": data.get("units"),
            "price": data.get("price"),
            "dprice": data.get("dprice"),
            "discount": data.get("discount", data.get("Discount")),
            "count_in_stock": data.get("countInStock", 0),
        }
        if all(value in (None, 0) for value in pack.values()):
            return None
        for required in ("quantity", "units", "price"):
            if pack[required] is None:
                raise serializers.ValidationError({required: gettext("This field is required.")})
        return pack


class DetailCreateInput(PackInput):
    brand = _text(max_length=100)
    images = serializers.ListField(child=ImageField(), required=False, max_length=20)


class DetailEditInput(serializers.Serializer):
    """Spec section 3's edit payload, plus optional `units`, `countInStock`, the chosen pack's
    `packUnits` (its new unit: a sample 1 kg pack becomes 1 L), `lowStockThreshold` and
    `packPublished`, and the product's `description` and `descriptionTe`."""

    slug = _text(max_length=220)
    detailId = _text()
    name = _text(max_length=200)
    nameTe = _text(max_length=200, source="name_te")
    category = _text(max_length=80)
    brand = _text(max_length=100)
    discount = _text()
    price = _text()
    quantity = _text()
    manualQuantity = _text()
    units = _text(max_length=10)
    countInStock = _text()
    packUnits = _text(max_length=10, help_text="The chosen pack's unit (g, kg, ml, L, pcs, pack); blank: unchanged")
    lowStockThreshold = _text(help_text="The chosen pack's low-stock threshold; blank: the shop's default")
    packPublished = serializers.BooleanField(required=False, help_text="The chosen pack shown to shoppers")
    description = serializers.CharField(required=False, allow_blank=True, max_length=10_000)
    descriptionTe = serializers.CharField(
        required=False, allow_blank=True, max_length=10_000, source="description_te", help_text="The Telugu description"
    )
    image = _text(max_length=500)
    hsnCode = _text(max_length=20, help_text="The product's HSN code: 4, 6 or 8 digits; blank clears it")
    gstRate = _text(max_length=10, help_text="The product's GST rate: 0, 5, 12, 18 or 28 (per cent)")
    packerName = _text(max_length=200, source="packer_name", help_text="Manufacturer, packer or importer")
    packerAddress = _text(max_length=300, source="packer_address")
    countryOfOrigin = _text(max_length=80, source="country_of_origin")
    genericName = _text(max_length=200, source="generic_name")
    bestBefore = _text(max_length=200, source="best_before")
    consumerCare = _text(max_length=300, source="consumer_care")
    barcodes = serializers.ListField(
        child=serializers.CharField(max_length=20, allow_blank=True),
        required=False,
        max_length=20,
        help_text="The chosen pack's barcodes, all of them (EAN-13, EAN-8, UPC-A or the shop's 21…); "
        "absent: unchanged, []: none",
    )
    shopCode = serializers.BooleanField(
        required=False, default=False, source="shop_code", help_text="Also give the pack the shop's own code"
    )

    def validate(self, attrs):
        """The body may repeat the brand's id; it must then be the brand the URL names."""
        given = attrs.get("detailId")
        if given not in (None, "") and str(given) != str(self.context["detail_id"]):
            raise serializers.ValidationError(gettext("detailId does not match the brand in the address."))
        return attrs


class ReviewInput(serializers.Serializer):
    rating = serializers.IntegerField(min_value=1, max_value=5)
    comment = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)


class PackRefInput(JudgedInput):
    productId = WireIdField()
    brandId = WireIdField(required=False)
    detailId = WireIdField(required=False, help_text="Another name for brandId (the shop's existing client)")
    financialId = WireIdField()

    accepted_object = {"anyOf": [{"required": ["brandId"]}, {"required": ["detailId"]}]}

    def validate(self, attrs):
        if "brandId" not in attrs:
            if "detailId" not in attrs:
                raise serializers.ValidationError({"brandId": gettext("brandId is required.")})
            attrs["brandId"] = attrs["detailId"]
        return attrs


class FinancialBatchInput(serializers.Serializer):
    items = serializers.ListField(child=PackRefInput(), max_length=MAX_BATCH_ITEMS)

    def pack_refs(self) -> list[PackRef]:
        return [
            PackRef(product_id=item["productId"], brand_id=item["brandId"], financial_id=item["financialId"])
            for item in self.validated_data["items"]
        ]
