"""The counter in Django admin: tills are set up here; bills, returns and closes are read only
(their one writer is `counter.services`)."""

from django.contrib import admin

from common.admin import ReadOnlyAdmin
from counter.models import BillTender, Counter, CounterBill, CounterReturn, CounterReturnLine, DayClose, NumberBlock


@admin.register(Counter)
class CounterAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "active")
    list_filter = ("active",)


class BillTenderInline(admin.TabularInline):
    model = BillTender
    extra = 0
    fields = readonly_fields = ("method", "amount_paise", "tendered_paise", "reference")
    can_delete = False


@admin.register(CounterBill)
class CounterBillAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "counter", "cashier", "day", "offline", "customer_phone", "price_note")
    list_filter = ("counter", "offline", "day")
    search_fields = ("order__invoice_number", "customer_phone", "key")
    list_select_related = ("order", "counter", "cashier")
    inlines = [BillTenderInline]


class CounterReturnLineInline(admin.TabularInline):
    model = CounterReturnLine
    extra = 0
    fields = readonly_fields = ("order_item", "qty", "damaged")
    can_delete = False


@admin.register(CounterReturn)
class CounterReturnAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "counter", "refund", "amount_paise", "cash_paise", "by", "day")
    list_filter = ("counter", "refund", "day")
    search_fields = ("credit_note__number", "bill__order__invoice_number")
    inlines = [CounterReturnLineInline]


@admin.register(DayClose)
class DayCloseAdmin(ReadOnlyAdmin):
    list_display = ("day", "counter", "expected_cash_paise", "counted_cash_paise", "difference_paise", "by", "reason")
    list_filter = ("counter", "day")


@admin.register(NumberBlock)
class NumberBlockAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "counter", "fy", "first", "last", "by", "reserved_at")
    list_filter = ("counter", "fy")
