"""The products API of spec section 7. Thin views: check input, call a selector or a service,
answer in the wire format of `serializers.py`.

Public catalog reads are the same for everyone: they are rendered once into the shared cache
(`catalog.caching`, dropped on every catalog write) and answer `Cache-Control: public, max-age=30`,
so a CDN or the browser may reuse them briefly. Writes and admin reads are never cached.
"""

from collections.abc import Callable

from django.http import HttpResponse
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import NotFound
from common.pagination import ADMIN_PRODUCT_LIST, CATEGORY_PRODUCTS, PRODUCT_LIST, PageSizes, page_headers
from common.permissions import HasRole, IsAdmin, IsCustomer
from common.roles import Role

from . import answers, caching, schema, selectors, serializers, services, uploads
from .error_codes import CatalogErrorCode
from .models import Detail, Product
from .public_reads import PublicRead

NO_SUGGESTIONS = b'{"products":[],"brands":[]}'  # as DRF's JSONRenderer writes it
PRODUCT_OBJECT = OpenApiResponse(schema.PRODUCT, description="A product in the wire format of DESIGN.md")
PRODUCT_PAGE = OpenApiResponse(schema.PRODUCT_PAGE, description="One page of products")
MESSAGE = OpenApiResponse(schema.MESSAGE)
PAGE_NUMBER = OpenApiParameter(
    "pageNumber", serializers.PAGE_NUMBER, description="1 or more; a page past the end is empty; blank: 1"
)


def page_parameters(sizes: PageSizes) -> list[OpenApiParameter]:
    """`pageNumber` and `pageSize` of a list whose page sizes are `sizes`."""
    return [PAGE_NUMBER, OpenApiParameter("pageSize", serializers.PAGE_SIZE, description=sizes.describe())]


class AdminOnlyWrites(PublicRead):
    """GET for anyone (cacheable); every other method for admins only."""

    def get_permissions(self):
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return [AllowAny()]
        return [IsAdmin()]


def _valid(serializer_class, data, **context):
    serializer = serializer_class(data=data, context=context)
    serializer.is_valid(raise_exception=True)
    return serializer


def _product(ref) -> Product:
    product = selectors.product_find(ref)
    if product is None:
        raise NotFound(selectors.PRODUCT_NOT_FOUND)
    return product


def _staff_product(ref, *, whole: bool = False) -> dict:
    """A product as staff screens read it: hidden ones too, every pack, with `published`; `whole`:
    as the edit screen reads it, with the brands' declarations and the reviews."""
    return serializers.product_data(selectors.product_get(ref=ref, every=True), with_reviews=whole, staff=True)


def _removal(deleted: bool, done: str, hidden_instead) -> Response:
    """The answer to a DELETE: done, or (part of orders) hidden from shoppers instead."""
    if deleted:
        return Response({"message": done, "deleted": True})
    return Response({"message": str(hidden_instead), "deleted": False, "published": False})


def _shared_json(request, key: str, build: Callable[[], bytes]) -> HttpResponse:
    """The JSON answer `build()` gives (`catalog.answers`), gzipped once and shared through the cache.

    A browser that accepts gzip gets the stored compressed bytes, so a cache hit does not
    compress again (GZipMiddleware leaves a response that already has a Content-Encoding).
    """
    accepts_gzip = re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")) is not None
    body, encoding = caching.answer(key, build, gzip=accepts_gzip)
    response = HttpResponse(body, content_type="application/json")
    if encoding:
        response["Content-Encoding"] = encoding
    patch_vary_headers(response, ["Accept-Encoding"])
    return response


class PingView(APIView):
    """The smallest JSON answer the API gives: a liveness probe and the benchmark's baseline."""

    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description='{"ok": true}')})
    def get(self, request):
        return Response({"ok": True})


class ProductsView(AdminOnlyWrites):
    query_serializer = serializers.ProductListQuery

    @extend_schema(
        operation_id="products_list",
        summary="Products matching a keyword (name, brand or category), by id",
        parameters=[OpenApiParameter("keyword", serializers.KEYWORD), *page_parameters(PRODUCT_LIST)],
        responses={200: PRODUCT_PAGE},
    )
    def get(self, request):
        return super().get(request)

    def answer(self, request, query):
        keyword = selectors.search_term(query["keyword"])
        page, size = query["pageNumber"], query["pageSize"]
        return _shared_json(
            request,
            f"products|{keyword.lower()}|{page}|{size}",
            lambda: answers.product_list(keyword=keyword, page=page, page_size=size),
        )

    @extend_schema(
        summary="Create an editable sample product (admin); hidden from shoppers until published",
        request=None,
        responses={201: PRODUCT_OBJECT},
    )
    def post(self, request):
        product = services.product_create()
        return Response(_staff_product(product.pk), status=status.HTTP_201_CREATED)


class CategoriesView(PublicRead):
    @extend_schema(responses={200: OpenApiResponse(schema.CATEGORY_NAMES, description="Category names in order")})
    def get(self, request):
        return super().get(request)

    def answer(self, request, query):
        def build() -> bytes:
            names = selectors.category_names()
            return answers.render({"categories": list(names), "categoriesTe": names})

        return _shared_json(request, "categories", build)


class CategoryProductsView(PublicRead):
    query_serializer = serializers.CategoryProductsQuery

    @extend_schema(
        summary="A category's products (by name, any case, or key); `all` lists every product",
        parameters=page_parameters(CATEGORY_PRODUCTS),
        responses={200: OpenApiResponse(schema.CATEGORY_PAGE)},
    )
    def get(self, request, category: str):
        return super().get(request, category=category)

    def answer(self, request, query, *, category: str):
        page, size = query["pageNumber"], query["pageSize"]
        return _shared_json(
            request,
            f"category|{category.strip().lower()}|{page}|{size}",
            lambda: answers.category_products(category=category, page=page, page_size=size),
        )


class FeaturedView(PublicRead):
    @extend_schema(
        summary="Featured categories in sequence, each with key, name, image and 5 products",
        responses={200: OpenApiResponse(schema.FEATURED)},
    )
    def get(self, request):
        return super().get(request)

    def answer(self, request, query):
        return _shared_json(request, "featured", answers.featured)


class SuggestionsView(PublicRead):
    query_serializer = serializers.SuggestionsQuery
    drop_blank_values = False

    @extend_schema(
        summary="Search-box suggestions: up to 8 products and 5 brands containing q (3+ characters)",
        parameters=[OpenApiParameter("q", str)],
        responses={200: OpenApiResponse(schema.SUGGESTIONS)},
    )
    def get(self, request):
        return super().get(request)

    def answer(self, request, query):
        term = selectors.search_term(query["q"])
        if len(term) < selectors.SUGGESTION_MIN_CHARS:
            return HttpResponse(NO_SUGGESTIONS, content_type="application/json")
        return _shared_json(request, f"suggestions|{term.lower()}", lambda: answers.suggestions(term=term))


class TopProductsView(PublicRead):
    @extend_schema(
        summary="The best-rated products, as a JSON array",
        responses={200: OpenApiResponse(schema.PRODUCTS)},
    )
    def get(self, request):
        return super().get(request)

    def answer(self, request, query):
        return _shared_json(request, "top", answers.top)


class FinancialBatchView(APIView):
    permission_classes = [AllowAny]
    parser_classes = [JSONParser]  # a list of objects: JSON only

    @extend_schema(
        summary="Current price and stock of the packs in a cart; packs that no longer exist are left out",
        request=serializers.FinancialBatchInput,
        responses={200: OpenApiResponse(schema.PACK_RECORDS)},
    )
    def post(self, request):
        refs = _valid(serializers.FinancialBatchInput, request.data).pack_refs()
        records = selectors.financial_batch(items=refs)
        return Response({"items": [serializers.batch_record_data(record) for record in records]})


REMOVAL = OpenApiResponse(
    schema.REMOVAL,
    description="Deleted (`deleted: true`), or hidden from shoppers instead because orders hold it "
    "(`deleted: false, published: false`): order history keeps its names",
)


class ProductView(AdminOnlyWrites):
    @extend_schema(
        summary="A published product by slug or id, with its reviews (404 for a hidden one)",
        responses={200: PRODUCT_OBJECT},
    )
    def get(self, request, ref: str):
        return super().get(request, ref=ref)

    def answer(self, request, query, *, ref: str):
        return _shared_json(
            request,
            f"product|{ref}",
            lambda: answers.render(serializers.product_data(selectors.product_get(ref=ref), with_reviews=True)),
        )

    @extend_schema(
        summary="Edit a product (admin); `published` shows it to shoppers or hides it (409 while no pack is shown)",
        request=serializers.ProductUpdateInput,
        responses={200: PRODUCT_OBJECT, 409: MESSAGE},
    )
    def put(self, request, ref: str):
        data = _valid(serializers.ProductUpdateInput, request.data).validated_data
        product = services.product_update(product=_product(ref), **data)
        return Response(_staff_product(product.pk))

    @extend_schema(
        summary="Delete a product (admin); one that orders hold is hidden from shoppers instead",
        responses={200: REMOVAL},
    )
    def delete(self, request, ref: str):
        deleted = services.product_delete(product=_product(ref))
        return _removal(deleted, gettext("Product deleted successfully"), services.PRODUCT_HIDDEN_INSTEAD)


class DetailsView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Add a brand to a product, with one pack (admin)",
        request=serializers.DetailCreateInput,
        responses={201: OpenApiResponse(schema.BRAND, description="The brand variant")},
    )
    def post(self, request, ref: str):
        product = _product(ref)
        payload = _valid(serializers.DetailCreateInput, request.data)
        detail = services.detail_create(
            product=product,
            brand=payload.validated_data.get("brand"),
            images=payload.validated_data.get("images"),
            pack=payload.pack(),
        )
        return Response(
            serializers.detail_data(selectors.detail_with_packs(detail_id=detail.pk)), status=status.HTTP_201_CREATED
        )


class DetailView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Edit Product Details: product fields, brand, and one pack's price and discount (admin)",
        request=serializers.DetailEditInput,
        responses={200: PRODUCT_OBJECT},
    )
    def put(self, request, ref: str, detail_id: int):
        detail = selectors.detail_get(product=_product(ref), detail_id=detail_id)
        data = _valid(serializers.DetailEditInput, request.data, detail_id=detail.pk).validated_data
        services.detail_update(
            detail=detail,
            name=data.get("name"),
            name_te=data.get("name_te"),
            slug=data.get("slug"),
            category=data.get("category"),
            image=data.get("image"),
            brand=data.get("brand"),
            quantity=data.get("quantity"),
            manual_quantity=data.get("manualQuantity"),
            units=data.get("units"),
            price=data.get("price"),
            discount=data.get("discount"),
            count_in_stock=data.get("countInStock"),
            pack_units=data.get("packUnits"),
            low_stock_threshold=data.get("lowStockThreshold"),
            pack_published=data.get("packPublished"),
            description=data.get("description"),
            description_te=data.get("description_te"),
            hsn_code=data.get("hsnCode"),
            gst_rate=data.get("gstRate"),
            declarations={name: data.get(name) for name in Detail.DECLARATIONS},
            barcodes=data.get("barcodes"),
            shop_code=data.get("shop_code", False),
            by=request.user,
        )
        return Response(_staff_product(detail.product_id))

    @extend_schema(
        summary="Delete a brand of a product (admin); one that orders hold has its packs hidden instead",
        responses={200: REMOVAL},
    )
    def delete(self, request, ref: str, detail_id: int):
        deleted = services.detail_delete(detail=selectors.detail_get(product=_product(ref), detail_id=detail_id))
        return _removal(deleted, gettext("Brand deleted successfully"), services.BRAND_HIDDEN_INSTEAD)


class FinancialsView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Add a pack size to a brand (admin); no pack fields give an unpriced sample pack with no stock",
        request=serializers.PackInput,
        responses={201: OpenApiResponse(schema.PACK, description="The pack")},
    )
    def post(self, request, ref: str, detail_id: int):
        detail = selectors.detail_get(product=_product(ref), detail_id=detail_id)
        pack = _valid(serializers.PackInput, request.data).pack()
        financial = (
            services.financial_create(detail=detail, **pack)
            if pack
            else services.financial_create_sample(detail=detail)
        )
        return Response(serializers.financial_data(financial, staff=True), status=status.HTTP_201_CREATED)


class FinancialView(APIView):
    permission_classes = [HasRole(Role.CASHIER)]

    @extend_schema(summary="One pack (admin)", responses={200: OpenApiResponse(schema.PACK)})
    def get(self, request, ref: str, detail_id: int, financial_id: int):
        financial = selectors.financial_get(product_ref=ref, detail_id=detail_id, financial_id=financial_id)
        response = Response(serializers.financial_data(financial, staff=True))
        patch_cache_control(response, private=True, no_store=True)
        return response


class ReviewsView(APIView):
    permission_classes = [IsCustomer]

    @extend_schema(
        summary="Review a product: one review per customer per product, once an order of theirs holding it is "
        "delivered (a verified purchase)",
        request=serializers.ReviewInput,
        responses={
            201: MESSAGE,
            403: OpenApiResponse(
                description=f'{{"message": ..., "code": "{CatalogErrorCode.NOT_DELIVERED}"}}: no delivered order holds it'
            ),
        },
    )
    def post(self, request, ref: str):
        data = _valid(serializers.ReviewInput, request.data).validated_data
        services.review_create(product=_product(ref), user=request.user, **data)
        return Response({"message": gettext("Review added")}, status=status.HTTP_201_CREATED)


class AdminProductsView(APIView):
    """The staff's product list: never cached, so a product just created or changed is listed at once."""

    permission_classes = [HasRole(Role.CASHIER)]

    @extend_schema(
        summary="Products for the admin list (admin), newest first, as a JSON array; paging in X-Total-Count and Link",
        parameters=[
            OpenApiParameter("keyword", serializers.KEYWORD),
            OpenApiParameter("category", serializers.KEYWORD, description="One category, by name or key"),
            OpenApiParameter(
                "lowStock",
                bool,
                description="Only products with a pack at or under its low-stock threshold, lowest stock first "
                "(each pack says `lowStock`)",
            ),
            OpenApiParameter("hidden", bool, description="Only the products hidden from shoppers"),
            *page_parameters(ADMIN_PRODUCT_LIST),
        ],
        responses={200: OpenApiResponse(schema.PRODUCTS)},
    )
    def get(self, request):
        query = _valid(
            serializers.AdminProductListQuery, serializers.without_blanks(request.query_params)
        ).validated_data
        page = selectors.admin_product_list(
            keyword=query["keyword"],
            category=query["category"],
            low_stock=query["lowStock"],
            hidden=query["hidden"],
            page=query["pageNumber"],
            page_size=query["pageSize"],
        )
        headers = page_headers(request, page=page, page_size=query["pageSize"])
        response = Response(serializers.products_data(page.items, staff=True), headers=headers)
        patch_cache_control(response, private=True, no_store=True)
        return response


class AdminProductView(APIView):
    """One product as the edit screen reads it: hidden ones too, with every pack (never cached)."""

    permission_classes = [HasRole(Role.CASHIER)]

    @extend_schema(
        operation_id="admin_product_retrieve",
        summary="A product by slug or id for staff (admin): hidden ones too, every pack, with `published`",
        responses={200: PRODUCT_OBJECT, 404: MESSAGE},
    )
    def get(self, request, ref: str):
        response = Response(_staff_product(ref, whole=True))
        patch_cache_control(response, private=True, no_store=True)
        return response


class LowStockView(APIView):
    """The packs at or under their low-stock threshold, for the order board's banner (admin)."""

    permission_classes = [HasRole(Role.PACKER)]

    @extend_schema(
        summary="Packs low on stock (admin): at or under their own threshold or the shop's default, fewest first",
        parameters=[
            OpenApiParameter(
                "below",
                serializers.BELOW,
                description="Packs at or under this many left instead of their thresholds; blank: their thresholds",
            )
        ],
        responses={200: OpenApiResponse(schema.LOW_STOCK), 400: MESSAGE},
    )
    def get(self, request):
        query = _valid(serializers.LowStockQuery, serializers.without_blanks(request.query_params)).validated_data
        packs = selectors.low_stock_packs(below=query.get("below"))
        response = Response(serializers.low_stock_data(packs))
        patch_cache_control(response, private=True, no_store=True)
        return response


class UploadView(APIView):
    """A product photo from the edit screen's file chooser (admin): stored cleaned, answered as URLs."""

    permission_classes = [IsAdmin]
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(
        summary="Upload a product image (admin): JPEG, PNG or WebP in the multipart field `image`",
        request={
            "multipart/form-data": {"type": "object", "properties": {"image": {"type": "string", "format": "binary"}}}
        },
        responses={
            201: OpenApiResponse(
                OpenApiTypes.OBJECT, description='{"message": "Image uploaded", "image": url, "thumbnail": url}'
            )
        },
    )
    def post(self, request):
        upload = request.FILES.get("image") or request.FILES.get("file")
        stored = uploads.product_image_store(upload)
        body = {"message": gettext("Image uploaded"), "image": stored.image, "thumbnail": stored.thumbnail}
        return Response(body, status=status.HTTP_201_CREATED)
