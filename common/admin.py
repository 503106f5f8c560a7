"""What every app's Django admin shares."""

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    """A record staff read in Django admin but never add, change or delete there: its own app's
    services write it (payments, purchases, counter bills, filed returns)."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
