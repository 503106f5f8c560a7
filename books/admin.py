"""The books' records in Django admin, read-only: a filing and its amendments are written by
`books.filing` alone (the screen's "Mark GSTR-1 filed")."""

from django.contrib import admin

from books.models import Gstr1Amendment, Gstr1Filing
from common.admin import ReadOnlyAdmin


class Gstr1AmendmentInline(admin.TabularInline):
    model = Gstr1Amendment
    fk_name = "reported_in"
    extra = 0
    can_delete = False
    fields = ("invoice_number", "original", "old_gstin", "new_gstin", "new_name", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Gstr1Filing)
class Gstr1FilingAdmin(ReadOnlyAdmin):
    list_display = ("fp", "quarterly", "first", "last", "filed_at", "by")
    list_filter = ("quarterly",)
    search_fields = ("fp",)
    readonly_fields = ("fp", "quarterly", "first", "last", "filed_at", "by", "reported")
    inlines = [Gstr1AmendmentInline]


@admin.register(Gstr1Amendment)
class Gstr1AmendmentAdmin(ReadOnlyAdmin):
    list_display = ("invoice_number", "original", "reported_in", "old_gstin", "new_gstin", "created_at")
    search_fields = ("invoice_number", "new_gstin", "old_gstin")
    list_select_related = ("original", "reported_in")
    readonly_fields = (
        "order",
        "invoice_number",
        "original",
        "reported_in",
        "old_gstin",
        "new_gstin",
        "new_name",
        "created_at",
    )
