from django.contrib import admin

from notifications.models import SmsMessage


@admin.register(SmsMessage)
class SmsMessageAdmin(admin.ModelAdmin):
    list_display = ("phone_no", "created_at", "status", "text")
    list_filter = ("status",)
    search_fields = ("phone_no", "text")
    date_hierarchy = "created_at"
    readonly_fields = ("phone_no", "text", "created_at", "status")

    def has_add_permission(self, request) -> bool:
        return False
