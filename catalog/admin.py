"""Django admin (/staff/) for the catalog. Saves go through `catalog.services`, so slugs stay
unique and a pack's Discount is always derived from its price and selling price."""

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.db.models import Count, Q, QuerySet

from common.errors import DomainError

from . import barcodes, caching, search, services
from .gst import to_hsn_code
from .models import (
    Barcode,
    Category,
    Detail,
    Financial,
    Product,
    Review,
    SearchSynonym,
    StockBatch,
    StockDiscrepancy,
    StockMovement,
)
from .packs import to_quantity
from .pricing import pack_prices

# --- Filters on packs, for the pack list and (through any of their packs) brands and products ---


class PackFilter(admin.SimpleListFilter):
    """Filter by a condition on packs. `owner` is the path from a pack to the listed model's id
    (None when the list is of packs)."""

    owner: str | None = None
    conditions: dict[str, Q] = {}

    def queryset(self, request, queryset: QuerySet) -> QuerySet:
        condition = self.conditions.get(self.value())
        if condition is None:
            return queryset
        if self.owner is None:
            return queryset.filter(condition)
        return queryset.filter(pk__in=Financial.objects.filter(condition).values(self.owner))


class StockFilter(PackFilter):
    title = "stock"
    parameter_name = "stock"
    conditions = {
        "in": Q(count_in_stock__gt=5),
        "low": Q(count_in_stock__gte=1, count_in_stock__lte=5),
        "out": Q(count_in_stock=0),
    }

    def lookups(self, request, model_admin):
        return [("in", "In stock (over 5)"), ("low", "Low (1 to 5)"), ("out", "Out of stock")]


class DiscountFilter(PackFilter):
    title = "discount"
    parameter_name = "discount"
    conditions = {
        "none": Q(discount=0),
        "1-20": Q(discount__gte=1, discount__lte=20),
        "over-20": Q(discount__gt=20),
    }

    def lookups(self, request, model_admin):
        return [("none", "No discount"), ("1-20", "1% to 20%"), ("over-20", "Over 20%")]


def _for(owner: str | None, base: type[PackFilter], label: str) -> type[PackFilter]:
    return type(f"{base.__name__}{label}", (base,), {"owner": owner})


ProductStockFilter = _for("detail__product_id", StockFilter, "ForProducts")
ProductDiscountFilter = _for("detail__product_id", DiscountFilter, "ForProducts")
DetailStockFilter = _for("detail_id", StockFilter, "ForBrands")
DetailDiscountFilter = _for("detail_id", DiscountFilter, "ForBrands")


# --- Forms ---------------------------------------------------------------------------------------


class ProductForm(forms.ModelForm):
    class Meta:
        model = Product
        fields = [
            "name",
            "name_te",
            "slug",
            "category",
            "image",
            "description",
            "description_te",
            "hsn_code",
            "gst_rate",
        ]
        help_texts = {
            "slug": "Leave empty to make one from the name.",
            "gst_rate": "Prices include it. Orders already placed keep the rate they were placed at.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False

    def clean_hsn_code(self):
        try:
            return to_hsn_code(self.cleaned_data.get("hsn_code"))
        except DomainError as error:
            raise forms.ValidationError(error.message) from None


class SearchSynonymForm(forms.ModelForm):
    class Meta:
        model = SearchSynonym
        fields = ["word", "means"]

    def clean_word(self):
        """Cleaned as the table keeps it, so 'Biyyam ' is found to be 'biyyam' already there."""
        return search.synonym_word(self.cleaned_data["word"])


class FinancialForm(forms.ModelForm):
    class Meta:
        model = Financial
        fields = ["quantity", "units", "price", "dprice", "count_in_stock", "low_stock_threshold", "published"]

    def clean_quantity(self):
        """A net quantity of 0 has no unit price (`unit_price`) and declares nothing."""
        try:
            return to_quantity(self.cleaned_data["quantity"])
        except DomainError as error:
            raise forms.ValidationError(error.message) from None

    def clean(self):
        data = super().clean()
        if data.get("price") is not None and data.get("dprice") is not None:
            try:
                pack_prices(price=data["price"], dprice=data["dprice"])
            except DomainError as error:
                raise forms.ValidationError(error.message) from None
        return data


class BarcodeForm(forms.ModelForm):
    class Meta:
        model = Barcode
        fields = ["code"]

    def clean_code(self):
        """Checked and normalised as `barcodes.parse` does (check digit, the shop's prefix); its kind follows."""
        try:
            code, kind = barcodes.parse(self.cleaned_data["code"])
        except DomainError as error:
            raise forms.ValidationError(error.message) from None
        self.instance.kind = kind
        return code


# --- Admins --------------------------------------------------------------------------------------

HIDDEN_INSTEAD = "“{name}” is part of orders: it was hidden from shoppers instead of deleted."


class CatalogAdmin(admin.ModelAdmin):
    """Deletes and inline saves, which Django admin would do itself, go through the services, so
    the cached catalog is dropped and removed packs are announced. `delete_service` deletes one;
    it answers False when orders hold it and it was hidden from shoppers instead (issue 45), and
    the admin says so beside Django's own message."""

    delete_service = None

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        caching.invalidate()

    def delete_model(self, request, obj):
        if self.delete_service(obj) is False:
            self.message_user(request, HIDDEN_INSTEAD.format(name=obj), messages.WARNING)

    @transaction.atomic
    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self.delete_model(request, obj)


class DetailInline(admin.TabularInline):
    model = Detail
    fields = ["brand", "images"]
    extra = 0
    show_change_link = True


class FinancialInline(admin.TabularInline):
    model = Financial
    form = FinancialForm
    fields = ["quantity", "units", "price", "dprice", "discount", "count_in_stock", "low_stock_threshold", "published"]
    readonly_fields = ["discount"]
    extra = 0


class BarcodeInline(admin.TabularInline):
    model = Barcode
    form = BarcodeForm
    fields = ["code", "kind"]
    readonly_fields = ["kind"]
    extra = 1


@admin.register(Category)
class CategoryAdmin(CatalogAdmin):
    list_display = ["name", "name_te", "key", "sequence", "shelf_order", "is_featured", "product_count"]
    list_editable = ["name_te", "sequence", "shelf_order", "is_featured"]
    search_fields = ["name", "name_te", "key"]
    prepopulated_fields = {"key": ["name"]}

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(product_total=Count("products"))

    @admin.display(description="products", ordering="product_total")
    def product_count(self, category):
        return category.product_total

    def save_model(self, request, obj, form, change):
        services.category_save(category=obj)

    def delete_service(self, category):
        services.category_delete(category=category)


@admin.register(Product)
class ProductAdmin(CatalogAdmin):
    form = ProductForm
    list_display = [
        "name",
        "name_te",
        "slug",
        "category",
        "hsn_code",
        "gst_rate",
        "rating",
        "num_reviews",
        "published",
        "updated_at",
    ]
    list_select_related = ["category"]
    list_filter = ["published", "category", "gst_rate", ProductStockFilter, ProductDiscountFilter]
    actions = ["publish", "hide"]

    @admin.action(description="Publish the selected products (shown to shoppers)")
    def publish(self, request, queryset):
        """Through `services.product_publish`: a product with no pack shown is left hidden, and said."""
        done = 0
        for product in queryset.order_by("pk"):
            try:
                services.product_publish(product=product, published=True)
                done += 1
            except DomainError as refused:
                self.message_user(request, f"{product}: {refused.message}", messages.WARNING)
        self.message_user(request, f"{done} product(s) published.")

    @admin.action(description="Hide the selected products from shoppers")
    def hide(self, request, queryset):
        products = list(queryset.order_by("pk"))
        for product in products:
            services.product_publish(product=product, published=False)
        self.message_user(request, f"{len(products)} product(s) hidden from shoppers.")

    search_fields = ["name", "name_te", "slug", "details__brand", "hsn_code"]
    readonly_fields = ["rating", "num_reviews", "created_at", "updated_at"]
    inlines = [DetailInline]

    def save_model(self, request, obj, form, change):
        services.product_save(product=obj)

    def delete_service(self, product):
        return services.product_delete(product=product)

    def save_formset(self, request, form, formset, change):
        if formset.model is not Detail:
            return super().save_formset(request, form, formset, change)
        for detail in formset.save(commit=False):
            detail.save()
        for detail in formset.deleted_objects:
            services.detail_delete(detail=detail)


@admin.register(Detail)
class DetailAdmin(CatalogAdmin):
    list_display = ["brand", "product", "category"]
    list_select_related = ["product__category"]
    list_filter = ["product__category", DetailStockFilter, DetailDiscountFilter]
    search_fields = ["brand", "product__name", "product__slug", "packer_name"]
    autocomplete_fields = ["product"]
    inlines = [FinancialInline]
    fieldsets = [
        (None, {"fields": ["product", "brand", "images"]}),
        ("Legal Metrology declarations (every pack of this brand)", {"fields": list(Detail.DECLARATIONS)}),
    ]

    @admin.display(ordering="product__category__name")
    def category(self, detail):
        return detail.product.category

    def save_formset(self, request, form, formset, change):
        if formset.model is not Financial:
            return super().save_formset(request, form, formset, change)
        saved = formset.save(commit=False)
        changed = {obj.pk: fields for obj, fields in formset.changed_objects}
        for financial in saved:
            typed = financial.count_in_stock if "count_in_stock" in changed.get(financial.pk, ()) else None
            services.financial_save(financial=financial, count_in_stock=typed, by=request.user)
        for financial in formset.deleted_objects:
            services.financial_delete(financial=financial)

    def delete_service(self, detail):
        return services.detail_delete(detail=detail)


@admin.register(Financial)
class FinancialAdmin(CatalogAdmin):
    form = FinancialForm
    list_display = [
        "__str__",
        "brand",
        "product",
        "price",
        "dprice",
        "discount",
        "count_in_stock",
        "low_stock_threshold",
        "published",
    ]
    list_editable = ["price", "dprice", "count_in_stock", "low_stock_threshold"]
    list_select_related = ["detail__product"]
    list_filter = ["published", "detail__product__category", StockFilter, DiscountFilter]
    search_fields = ["detail__brand", "detail__product__name", "detail__product__slug"]
    readonly_fields = ["discount"]
    autocomplete_fields = ["detail"]
    fields = [
        "detail",
        "quantity",
        "units",
        "price",
        "dprice",
        "discount",
        "count_in_stock",
        "low_stock_threshold",
        "published",
    ]
    inlines = [BarcodeInline]

    @admin.display(ordering="detail__brand")
    def brand(self, financial):
        return financial.detail.brand

    @admin.display(ordering="detail__product__name")
    def product(self, financial):
        return financial.detail.product

    actions = ["mark_out_of_stock", "publish", "hide"]

    @admin.action(description="Publish the selected packs (shown once their product is)")
    def publish(self, request, queryset):
        self._publish(request, queryset, True)

    @admin.action(description="Hide the selected packs from shoppers")
    def hide(self, request, queryset):
        self._publish(request, queryset, False)

    def _publish(self, request, queryset, published: bool):
        packs = list(queryset.select_related("detail").order_by("pk"))
        for financial in packs:
            services.pack_publish(financial=financial, published=published)
        self.message_user(request, f"{len(packs)} pack(s) {'published' if published else 'hidden from shoppers'}.")

    @admin.action(description="Mark the selected packs out of stock")
    @transaction.atomic
    def mark_out_of_stock(self, request, queryset):
        """Through the pack service: caches dropped, carts told, one announcement for the lot."""
        packs = list(queryset.select_related("detail").select_for_update().order_by("pk"))
        for financial in packs:
            services.financial_update(financial=financial, count_in_stock=0, by=request.user)
        self.message_user(request, f"{len(packs)} pack(s) marked out of stock.")

    def get_changelist_form(self, request, **kwargs):
        kwargs.setdefault("form", FinancialForm)
        return super().get_changelist_form(request, **kwargs)

    def save_model(self, request, obj, form, change):
        typed = obj.count_in_stock if change and "count_in_stock" in form.changed_data else None
        services.financial_save(financial=obj, count_in_stock=typed, by=request.user)

    def save_formset(self, request, form, formset, change):
        """Barcodes through their service (the check digit, one pack per code)."""
        if formset.model is not Barcode:
            return super().save_formset(request, form, formset, change)
        changed = formset.save(commit=False)
        for barcode in formset.deleted_objects:  # by the stored code, whatever the form typed over it
            services.barcode_remove(pack=form.instance, code=Barcode.objects.get(pk=barcode.pk).code)
        for barcode in changed:
            if barcode.pk:
                services.barcode_remove(pack=form.instance, code=Barcode.objects.get(pk=barcode.pk).code)
            services.barcode_add(pack=form.instance, code=barcode.code)

    def delete_service(self, financial):
        return services.financial_delete(financial=financial)


@admin.register(Barcode)
class BarcodeAdmin(admin.ModelAdmin):
    """Which pack has this code: search by the code (the pack's page edits them)."""

    list_display = ["code", "kind", "pack", "brand", "product"]
    list_filter = ["kind"]
    search_fields = ["code", "pack__detail__brand", "pack__detail__product__name"]
    list_select_related = ["pack__detail__product"]
    fields = ["code", "kind", "pack"]
    readonly_fields = ["code", "kind", "pack"]

    def has_add_permission(self, request):
        return False

    @admin.display(ordering="pack__detail__brand")
    def brand(self, barcode):
        return barcode.pack.detail.brand

    @admin.display(ordering="pack__detail__product__name")
    def product(self, barcode):
        return barcode.pack.detail.product


@admin.register(SearchSynonym)
class SearchSynonymAdmin(CatalogAdmin):
    """The local words the searches understand ('biyyam' → rice); staff add their shoppers' words."""

    form = SearchSynonymForm
    list_display = ["word", "means"]
    list_editable = ["means"]
    search_fields = ["word", "means"]

    def save_model(self, request, obj, form, change):
        services.synonym_save(synonym=obj)

    def delete_service(self, synonym):
        services.synonym_delete(synonym=synonym)


@admin.register(Review)
class ReviewAdmin(admin.ModelAdmin):
    """Reviews are written by customers; staff read them and may delete one."""

    list_display = ["product", "user", "rating", "created_at"]
    list_select_related = ["product", "user"]
    list_filter = ["rating"]
    search_fields = ["product__name", "user__phone_no", "user__name", "comment"]
    readonly_fields = ["product", "user", "rating", "comment", "created_at"]

    def has_add_permission(self, request):
        return False

    def delete_model(self, request, obj):
        services.review_delete(review=obj)

    def delete_queryset(self, request, queryset):
        for review in queryset:
            services.review_delete(review=review)


class StockReadOnly(admin.ModelAdmin):
    """Stock is `catalog.stock`'s alone: Django admin only reads batches, movements and
    discrepancies (a count typed on the pack's page is a count correction through the owner)."""

    list_select_related = ["pack__detail__product"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(StockBatch)
class StockBatchAdmin(StockReadOnly):
    list_display = ["pack", "batch_no", "best_before", "unit_cost_paise", "count", "received_at"]
    list_filter = ["best_before"]
    search_fields = ["batch_no", "pack__detail__brand", "pack__detail__product__name"]


@admin.register(StockMovement)
class StockMovementAdmin(StockReadOnly):
    list_display = ["at", "pack", "batch", "kind", "reason", "delta", "reference", "by"]
    list_select_related = ["pack__detail__product", "batch", "by"]
    list_filter = ["kind", "reason"]
    search_fields = ["reference", "pack__detail__brand", "pack__detail__product__name"]


@admin.register(StockDiscrepancy)
class StockDiscrepancyAdmin(StockReadOnly):
    """Counter sales beyond the count: who, when, which pack, how many, for the next stock take."""

    list_display = ["at", "pack", "short_by", "reference", "by"]
    list_select_related = ["pack__detail__product", "by"]
    search_fields = ["reference", "pack__detail__brand", "pack__detail__product__name"]
