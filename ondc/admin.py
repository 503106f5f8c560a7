"""Django admin: the network's orders with their money terms and returns, every message in and out
(read only: they are the record of what was said on the network), and the buyer apps the catalog's
changes are pushed to (staff may stop the pushes to one)."""

from django.contrib import admin

from common.money import to_rupees
from ondc.models import CatalogAudience, NetworkMessage, NetworkOrder, NetworkReturn


class _ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(NetworkOrder)
class NetworkOrderAdmin(_ReadOnly):
    list_display = (
        "network_order_id",
        "bap_id",
        "order",
        "payment_type",
        "collector",
        "finder_fee",
        "tcs",
        "created_at",
    )
    list_filter = ("bap_id", "payment_type", "collector")
    search_fields = ("network_order_id", "transaction_id", "order__invoice_number")
    list_select_related = ("order",)

    @admin.display(description="finder fee (₹)")
    def finder_fee(self, obj):
        return to_rupees(obj.finder_fee_paise)

    @admin.display(description="TCS (₹)")
    def tcs(self, obj):
        return to_rupees(obj.tcs_paise)


@admin.register(NetworkMessage)
class NetworkMessageAdmin(_ReadOnly):
    list_display = ("created_at", "direction", "action", "bap_id", "transaction_id", "state", "attempts")
    list_filter = ("direction", "action", "state")
    search_fields = ("transaction_id", "message_id", "bap_id")


@admin.register(NetworkReturn)
class NetworkReturnAdmin(_ReadOnly):
    """Decided in the support queue (the ticket), never here."""

    list_display = ("return_id", "network_order", "ticket", "item_id", "quantity", "reason_id", "created_at")
    search_fields = ("return_id", "network_order__network_order_id", "ticket__number")
    list_select_related = ("network_order", "ticket")


@admin.register(CatalogAudience)
class CatalogAudienceAdmin(admin.ModelAdmin):
    list_display = ("bap_id", "bap_uri", "pushing", "searched_at")
    list_filter = ("pushing",)
    search_fields = ("bap_id",)
    fields = ("bap_id", "bap_uri", "city", "pushing", "searched_at")
    readonly_fields = ("bap_id", "bap_uri", "city", "searched_at")

    def has_add_permission(self, request):
        return False
