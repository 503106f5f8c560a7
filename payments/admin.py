"""Payments in Django admin: read-only records with their history; flagged money stands out."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from payments.models import Payment, PaymentEvent


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class PaymentEventInline(admin.TabularInline):
    model = PaymentEvent
    extra = 0
    can_delete = False
    fields = ("at", "source", "from_status", "to_status", "gateway_status", "event_id", "note", "raw")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class NeedsStaffFilter(admin.SimpleListFilter):
    title = "needs staff"
    parameter_name = "needs_staff"

    def lookups(self, request, model_admin):
        return [("yes", "Yes"), ("no", "No")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.exclude(flag="")
        if self.value() == "no":
            return queryset.filter(flag="")
        return queryset


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    list_display = (
        "gateway_order_id",
        "order_link",
        "amount",
        "status",
        "gateway_status",
        "flag_badge",
        "gateway",
        "created_at",
    )
    list_filter = (NeedsStaffFilter, "status", "gateway", "flag")
    search_fields = (
        "gateway_order_id",
        "gateway_reference",
        "order__public_id",
        "order__invoice_number",
        "order__user__phone_no",
    )
    list_select_related = ("order",)
    date_hierarchy = "created_at"
    readonly_fields = (
        "order",
        "gateway",
        "gateway_order_id",
        "gateway_reference",
        "amount",
        "status",
        "gateway_status",
        "flag",
        "payment_link",
        "created_at",
        "updated_at",
        "charged_at",
    )
    fields = readonly_fields
    inlines = [PaymentEventInline]

    @admin.display(description="order", ordering="order__created_at")
    def order_link(self, payment: Payment):
        url = reverse("admin:orders_order_change", args=[payment.order_id])
        return format_html('<a href="{}">{}</a>', url, payment.order.invoice_number)

    @admin.display(description="needs staff", ordering="flag")
    def flag_badge(self, payment: Payment):
        if not payment.flag:
            return "—"
        return format_html('<strong style="color:#b42318">{}</strong>', payment.get_flag_display())
