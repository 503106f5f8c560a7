"""Inventory in Django admin, the owner's or manager's (no other role's group holds these
models): suppliers are kept here, their GSTIN checked by `common.gstin` as on the shop's screen;
purchases, returns, input tax and stock takes are read here and posted through the services,
their one writer (the "Post" action)."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError

from common.admin import ReadOnlyAdmin
from common.errors import DomainError
from common.gstin import to_gstin

from . import services
from .models import (
    ExpiryWatch,
    InputTax,
    Purchase,
    PurchaseLine,
    PurchaseReturn,
    PurchaseReturnLine,
    StockTake,
    StockTakeLine,
    Supplier,
)


class SupplierForm(forms.ModelForm):
    class Meta:
        model = Supplier
        fields = ["name", "gstin", "phone", "address", "lead_time_days"]

    def clean_gstin(self) -> str:
        try:
            return to_gstin(self.cleaned_data["gstin"])
        except DomainError as refused:
            raise ValidationError(str(refused.message)) from None


@admin.register(Supplier)
class SupplierAdmin(admin.ModelAdmin):
    form = SupplierForm
    list_display = ("name", "gstin", "state", "phone", "lead_time_days")
    search_fields = ("name", "gstin", "phone")

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # its purchases and input tax name it


class PurchaseLineInline(admin.TabularInline):
    model = PurchaseLine
    extra = 0
    can_delete = False
    fields = readonly_fields = (
        "financial",
        "qty",
        "unit_cost",
        "gst_rate",
        "taxable_value",
        "cgst",
        "sgst",
        "igst",
        "batch_number",
        "packed_on",
        "best_before",
        "mrp",
    )


@admin.action(description="Post the selected draft purchases (their packs on the shelf)")
def post_purchases(modeladmin, request, queryset):
    for purchase in queryset.filter(status=Purchase.Status.DRAFT).order_by("pk"):
        try:
            services.purchase_post(purchase_id=purchase.pk, by=request.user)
        except DomainError as refused:
            modeladmin.message_user(request, f"{purchase}: {refused.message}", level=messages.ERROR)
        else:
            modeladmin.message_user(request, f"{purchase}: posted.")


@admin.register(Purchase)
class PurchaseAdmin(ReadOnlyAdmin):
    list_display = ("invoice_number", "supplier", "invoice_date", "status", "interstate", "posted_at")
    list_filter = ("status", "interstate", "invoice_date")
    search_fields = ("invoice_number", "supplier__name", "supplier__gstin")
    list_select_related = ("supplier",)
    inlines = [PurchaseLineInline]
    actions = [post_purchases]

    def has_change_permission(self, request, obj=None) -> bool:
        # The list's action needs a change permission; the change form itself shows no field to edit.
        return request.user.has_perm("inventory.change_purchase")

    def get_readonly_fields(self, request, obj=None):
        return [field.name for field in self.model._meta.fields]


class PurchaseReturnLineInline(admin.TabularInline):
    model = PurchaseReturnLine
    extra = 0
    can_delete = False
    fields = readonly_fields = ("line", "qty", "taxable_value", "cgst", "sgst", "igst")


@admin.register(PurchaseReturn)
class PurchaseReturnAdmin(ReadOnlyAdmin):
    list_display = ("debit_note_number", "purchase", "reason", "made_by", "made_at")
    list_filter = ("reason",)
    search_fields = ("debit_note_number", "purchase__invoice_number")
    inlines = [PurchaseReturnLineInline]


@admin.register(InputTax)
class InputTaxAdmin(ReadOnlyAdmin):
    list_display = ("recorded_on", "document", "document_number", "supplier_gstin", "gst_rate", "taxable_value")
    list_filter = ("document", "gst_rate", "recorded_on")
    search_fields = ("document_number", "supplier_gstin")


class StockTakeLineInline(admin.TabularInline):
    model = StockTakeLine
    extra = 0
    can_delete = False
    fields = readonly_fields = ("financial", "expected", "counted", "reason")


@admin.register(StockTake)
class StockTakeAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "category", "status", "started_by", "started_at", "posted_at")
    list_filter = ("status",)
    inlines = [StockTakeLineInline]


@admin.register(ExpiryWatch)
class ExpiryWatchAdmin(admin.ModelAdmin):
    """Per category, how many days before best-before a batch comes onto the near-expiry list."""

    list_display = ["category", "soon_days", "watch_days"]
    autocomplete_fields = ["category"]
