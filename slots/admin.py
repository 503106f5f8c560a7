"""Django admin (/staff/) for delivery slots: the weekly windows and holidays are edited freely;
slots and bookings are read-only records (places change only through `slots.booking`)."""

from django.contrib import admin

from slots.models import DeliveryWindow, Holiday, Slot, SlotBooking


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


class SlotBookingInline(admin.TabularInline):
    model = SlotBooking
    extra = 0
    can_delete = False
    fields = ("order", "booked_at", "released_at")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Slot)
class SlotAdmin(admin.ModelAdmin):
    list_display = ("date", "window", "booked", "capacity")
    list_filter = ("date", "window__weekday")
    list_select_related = ("window",)
    readonly_fields = ("window", "date", "booked")
    inlines = [SlotBookingInline]

    @admin.display(description="capacity")
    def capacity(self, slot: Slot) -> int:
        return slot.window.capacity

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(SlotBooking)
class SlotBookingAdmin(admin.ModelAdmin):
    list_display = ("order", "date", "start", "end", "released_at")
    list_filter = ("date",)
    search_fields = ("order__public_id", "order__invoice_number")
    list_select_related = ("order",)
    readonly_fields = ("order", "slot", "date", "start", "end", "booked_at", "released_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
