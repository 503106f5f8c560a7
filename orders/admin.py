"""Django admin (/staff/) for orders: read-only records, moved only through the services. Cancelling
and changing lines at packing move money, so their action and screen are `aftersale/admin.py`'s,
which extends `OrderAdmin`. Delivery slots and their bookings are read-only records here (places
change only through `orders.slots`)."""

from django.conf import settings
from django.contrib import admin, messages
from django.db.models import Count

from common.dates import format_datetime
from common.errors import DomainError
from common.money import rupees, to_rupees
from delivery.models import Slot
from delivery.slots import slot_capacity, slot_label
from orders.models import (
    CreditNote,
    CreditNoteLine,
    CreditNoteSequence,
    DocumentSeries,
    InvoiceSequence,
    Order,
    OrderEvent,
    OrderItem,
    OrderLineChange,
    SlotBooking,
)
from orders.pipeline import order_advance
from orders.rules import OPEN_STATUSES
from orders.selectors import booking_of
from orders.services import order_record_cash_payment


class OrderItemInline(admin.TabularInline):
    model = OrderItem
    extra = 0
    can_delete = False
    fields = (
        "name",
        "brand",
        "quantity",
        "units",
        "qty",
        "mrp",
        "price",
        "line_total",
        "hsn_code",
        "gst_rate",
        "taxable_value",
        "tax",
        "financial",
    )
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class OrderEventInline(admin.TabularInline):
    """The order's history: every move along the pipeline, read-only."""

    model = OrderEvent
    verbose_name_plural = "History"
    extra = 0
    can_delete = False
    fields = ("at", "from_status", "to_status", "by", "reason")
    readonly_fields = fields
    ordering = ("at", "id")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("by")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class OrderLineChangeInline(admin.TabularInline):
    """What staff changed at packing (short picks, substitutions), read-only; made on "Change items"."""

    model = OrderLineChange
    verbose_name_plural = "Packing changes"
    extra = 0
    can_delete = False
    fields = (
        "at",
        "kind",
        "old_qty",
        "old_pack",
        "old_price",
        "new_qty",
        "new_pack",
        "new_price",
        "amount",
        "by",
        "reason",
    )
    readonly_fields = fields
    ordering = ("at", "id")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("by")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class OrderCreditNoteInline(admin.TabularInline):
    """The order's GST credit notes (what it gave back), each linking to its own page with its lines."""

    model = CreditNote
    verbose_name_plural = "Credit notes"
    extra = 0
    can_delete = False
    show_change_link = True
    fields = readonly_fields = ("number", "created_at", "total", "reason", "by")
    ordering = ("created_at", "id")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("by")

    @admin.display(description="total")
    def total(self, note: CreditNote) -> str:
        return f"₹{rupees(to_rupees(note.total_paise))}"

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


def apply_to_orders(modeladmin, request, queryset, action, done: str) -> None:
    """Run `action(order)` on each selected order; a refusal is reported, never raised."""
    succeeded = 0
    for order in queryset.select_related("user"):
        try:
            action(order)
        except DomainError as error:
            modeladmin.message_user(request, f"{order.invoice_number}: {error.message}", level=messages.ERROR)
        else:
            succeeded += 1
    if succeeded:
        modeladmin.message_user(request, f"{succeeded} order(s) {done}.", level=messages.SUCCESS)


def _pipeline_action(to_status: str):
    def action(modeladmin, request, queryset):
        apply_to_orders(
            modeladmin,
            request,
            queryset,
            lambda order: order_advance(order=order, to_status=to_status, by=request.user),
            f"marked {to_status}",
        )

    action.__name__ = f"mark_{to_status}"
    return admin.action(description=f"Mark {to_status}")(action)


@admin.action(description="Record cash payment")
def record_cash_payment(modeladmin, request, queryset):
    apply_to_orders(
        modeladmin,
        request,
        queryset,
        lambda order: order_record_cash_payment(order=order, by=request.user),
        "marked paid in cash",
    )


class PaymentNeedsStaffFilter(admin.SimpleListFilter):
    """Orders with an online payment flagged by the payments app: money to refund or re-confirm."""

    title = "payment needs staff"
    parameter_name = "payment_needs_staff"

    def lookups(self, request, model_admin):
        return [("yes", "Yes")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(payments__flag__gt="").distinct()
        return queryset


class UnpaidHoardFilter(admin.SimpleListFilter):
    """Open unpaid orders of customers at the cap of UNPAID_ORDERS_PER_CUSTOMER (orders/rules.py):
    stock held with no money; the "Cancel orders" action (aftersale/admin.py) releases it."""

    title = "unpaid hoard"
    parameter_name = "unpaid_hoard"

    def lookups(self, request, model_admin):
        return [("yes", "Customers at the unpaid-order cap")]

    def queryset(self, request, queryset):
        if self.value() != "yes":
            return queryset
        open_unpaid = Order.objects.filter(is_paid=False, status__in=OPEN_STATUSES)
        hoarders = (
            open_unpaid.order_by()
            .values("user")
            .annotate(open_count=Count("pk"))
            .filter(open_count__gte=settings.UNPAID_ORDERS_PER_CUSTOMER)
            .values("user")
        )
        return queryset.filter(user__in=hoarders, is_paid=False, status__in=OPEN_STATUSES)


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    # Fits a 1280 px screen beside the filters (issue 31): staff name an order by its invoice
    # number (the random order id is searchable and on the order's own page), and the date is short.
    list_display = (
        "invoice_number",
        "customer_name",
        "customer_phone",
        "total_price",
        "payment_method",
        "channel",
        "status",
        "is_paid",
        "delivery_slot",
        "placed_on",
    )
    list_filter = (
        "status",
        ("slot_booking__date", admin.DateFieldListFilter),
        ("slot_booking__slot__window", admin.RelatedOnlyFieldListFilter),
        "channel",
        "is_paid",
        PaymentNeedsStaffFilter,
        UnpaidHoardFilter,
        "payment_method",
        "created_at",
    )
    search_fields = ("public_id", "invoice_number", "user__phone_no", "user__name")
    list_select_related = ("user", "slot_booking")
    date_hierarchy = "created_at"
    ordering = ("-created_at", "-id")
    inlines = [OrderItemInline, OrderLineChangeInline, OrderCreditNoteInline, OrderEventInline]
    actions = [
        _pipeline_action(Order.Status.PACKED),
        _pipeline_action(Order.Status.DISPATCHED),
        _pipeline_action(Order.Status.DELIVERED),
        record_cash_payment,
    ]

    def changelist_view(self, request, extra_context=None):
        # The list needs the whole width of a 1280 px screen beside its filters: no app sidebar here
        # (the breadcrumbs and Home still lead everywhere).
        return super().changelist_view(request, {"is_nav_sidebar_enabled": False, **(extra_context or {})})

    @admin.display(description="placed", ordering="created_at")
    def placed_on(self, order: Order) -> str:
        return format_datetime(order.created_at)

    @admin.display(description="delivery slot", ordering="slot_booking__date")
    def delivery_slot(self, order: Order) -> str:
        """The slot the order is booked in, as the shop's screens name it ("Fri 27 Nov, 7:00–10:00")."""
        booking = booking_of(order)
        if booking is None:
            return "—"
        label = slot_label(booking.date, booking.start, booking.end)
        return f"{label} (place given back)" if booking.released_at else label

    fieldsets = (
        (None, {"fields": ("public_id", "invoice_number", "channel", "user", "created_at")}),
        ("Delivery", {"fields": ("delivery_slot", "shipping_street", "shipping_city", "shipping_postal_code")}),
        ("Money", {"fields": ("payment_method", "items_price", "shipping_price", "total_price")}),
        ("Packing", {"fields": ("substitution_preference",)}),
        (
            "GST",
            {
                "fields": (
                    "place_of_supply",
                    "gst_interstate",
                    "shipping_gst_rate",
                    "shipping_taxable_value",
                    "shipping_tax",
                )
            },
        ),
        ("Progress", {"fields": ("status", "packed_at", "dispatched_at", "delivered_at")}),
        ("Cancelled", {"fields": ("cancelled_at", "cancel_reason")}),
        ("Payment", {"fields": ("is_paid", "paid_at", "payment_reference", "payments_needing_staff")}),
    )
    readonly_fields = tuple(name for _title, section in fieldsets for name in section["fields"])

    @admin.display(description="payments needing staff")
    def payments_needing_staff(self, order: Order) -> str:
        """Online payments of this order the payments app flagged (see Payments in this admin)."""
        flagged = order.payments.exclude(flag="").order_by("id")
        return "; ".join(f"{p.gateway_order_id}: {p.get_flag_display()} (₹{p.amount})" for p in flagged) or "—"

    @admin.display(description="customer", ordering="user__name")
    def customer_name(self, order: Order) -> str:
        return order.user.name

    @admin.display(description="phone", ordering="user__phone_no")
    def customer_phone(self, order: Order) -> str:
        return order.user.phone_no

    # Orders come from checkout, and an invoice, once numbered, stays on the books.
    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(DocumentSeries)
class DocumentSeriesAdmin(admin.ModelAdmin):
    """Each series' last number per financial year: read only (`orders.series` is its one writer)."""

    list_display = ("key", "fy", "last_number")
    list_filter = ("key", "fy")
    readonly_fields = ("key", "fy", "last_number")

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(InvoiceSequence)
class InvoiceSequenceAdmin(admin.ModelAdmin):
    list_display = ("year", "last_number")
    readonly_fields = ("year", "last_number")

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


# --- GST credit notes (issued only by orders.credit_notes): read-only, searchable by number,
# invoice or order id.
class CreditNoteLineInline(admin.TabularInline):
    model = CreditNoteLine
    extra = 0
    can_delete = False
    fields = readonly_fields = (
        "name",
        "brand",
        "quantity",
        "units",
        "hsn_code",
        "gst_rate",
        "qty",
        "unit_price_paise",
        "taxable_value_paise",
        "cgst_paise",
        "sgst_paise",
        "igst_paise",
        "amount_paise",
    )

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(CreditNote)
class CreditNoteAdmin(admin.ModelAdmin):
    list_display = ("number", "invoice_number", "order", "total", "reason", "created_at")
    list_select_related = ("order",)
    search_fields = ("number", "invoice_number", "order__public_id")
    date_hierarchy = "created_at"
    inlines = [CreditNoteLineInline]
    readonly_fields = (
        "number",
        "order",
        "invoice_number",
        "reason",
        "place_of_supply",
        "interstate",
        "taxable_value_paise",
        "tax_paise",
        "cgst_paise",
        "sgst_paise",
        "igst_paise",
        "total_paise",
        "by",
        "created_at",
    )

    @admin.display(description="total (₹)")
    def total(self, note: CreditNote) -> str:
        return rupees(to_rupees(note.total_paise))

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return request.method in ("GET", "HEAD") and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(CreditNoteSequence)
class CreditNoteSequenceAdmin(admin.ModelAdmin):
    list_display = ("year", "last_number")
    readonly_fields = ("year", "last_number")

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


# Delivery slots as orders booked them: a slot's page lists the orders in it (the weekly windows and
# holidays are delivery's admin).


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
        """This date's: its own when staff set one (the shop's Delivery slots screen), else the window's."""
        return slot_capacity(slot.window, slot.capacity)

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
