"""Django admin (/staff/) for delivery: the weekly windows and holidays, edited freely. (A slot's
record with the orders booked in it is the orders admin's.)"""

from django.contrib import admin

from delivery.models import DeliveryWindow, Holiday


@admin.register(DeliveryWindow)
class DeliveryWindowAdmin(admin.ModelAdmin):
    list_display = ("weekday", "start", "end", "capacity", "cutoff_hours", "active")
    list_filter = ("weekday", "active")
    list_editable = ("capacity", "cutoff_hours", "active")
    ordering = ("weekday", "start")
    actions = ["switch_off", "switch_on"]

    @admin.action(description="Stop offering the selected windows")
    def switch_off(self, request, queryset):
        queryset.update(active=False)

    @admin.action(description="Offer the selected windows again")
    def switch_on(self, request, queryset):
        queryset.update(active=True)


@admin.register(Holiday)
class HolidayAdmin(admin.ModelAdmin):
    list_display = ("date", "name")
    search_fields = ("name",)
    date_hierarchy = "date"
