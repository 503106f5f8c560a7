"""Django admin (/staff/) for support tickets: read-only records, decided only through the services
(the same approve and reject as the shop's admin screen)."""

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.utils import timezone
from django.utils.html import format_html

from common.errors import DomainError
from support import clocks
from support.grievances import grievance_resolve, ticket_acknowledge
from support.models import Ticket, TicketLine, TicketSequence
from support.services import REASON_MAX_LENGTH, ticket_reject


class TicketLineInline(admin.TabularInline):
    model = TicketLine
    extra = 0
    can_delete = False
    fields = ("order_item", "problem", "quantity", "unit_price")
    readonly_fields = fields

    @admin.display(description="unit price paid")
    def unit_price(self, line: TicketLine):
        return line.order_item.price

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("order_item")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class TicketActionForm(ActionForm):
    """The action bar: the reason a rejection shows the shopper (aftersale/admin.py adds the amount an
    approval gives back)."""

    reason = forms.CharField(
        required=False,
        max_length=REASON_MAX_LENGTH,
        label="Reason",
        widget=forms.TextInput(attrs={"placeholder": "why, when rejecting", "style": "max-width: 100%"}),
    )


def apply_to_tickets(modeladmin, request, queryset, action, done: str) -> None:
    """Run `action(ticket)` on each selected ticket; a refusal is reported, never raised."""
    succeeded = 0
    for ticket in queryset.order_by("pk"):
        try:
            action(ticket)
        except DomainError as error:
            modeladmin.message_user(request, f"{ticket.number}: {error.message}", level=messages.ERROR)
        else:
            succeeded += 1
    if succeeded:
        modeladmin.message_user(request, f"{succeeded} ticket(s) {done}.", level=messages.SUCCESS)


@admin.action(description="Reject (give the reason first; the shopper reads it)")
def reject_tickets(modeladmin, request, queryset):
    reason = request.POST.get("reason", "")
    apply_to_tickets(
        modeladmin,
        request,
        queryset,
        lambda ticket: ticket_reject(number=ticket.number, by=request.user, reason=reason),
        "rejected",
    )


@admin.action(description="Acknowledge (stops the 48-hour clock)")
def acknowledge_tickets(modeladmin, request, queryset):
    apply_to_tickets(
        modeladmin,
        request,
        queryset,
        lambda ticket: ticket_acknowledge(number=ticket.number, by=request.user),
        "acknowledged",
    )


@admin.action(description="Resolve grievances (give the answer in Reason first; the person reads it)")
def resolve_grievances(modeladmin, request, queryset):
    answer = request.POST.get("reason", "")
    apply_to_tickets(
        modeladmin,
        request,
        queryset,
        lambda ticket: grievance_resolve(number=ticket.number, by=request.user, answer=answer),
        "resolved",
    )


@admin.register(Ticket)
class TicketAdmin(admin.ModelAdmin):
    list_display = (
        "number",
        "status",
        "kind",
        "shopper",
        "order",
        "opened_at",
        "age",
        "clock",
        "amount_approved",
        "outcome",
    )
    list_filter = ("status", "kind", "outcome", "opened_at")
    search_fields = (
        "number",
        "user__phone_no",
        "user__name",
        "contact_phone",
        "contact_name",
        "order__public_id",
        "order__invoice_number",
    )
    list_select_related = ("user", "order")
    ordering = ("opened_at", "id")
    inlines = [TicketLineInline]
    action_form = TicketActionForm
    actions = [reject_tickets, acknowledge_tickets, resolve_grievances]
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "number",
                    "kind",
                    "status",
                    "user",
                    "contact_name",
                    "contact_phone",
                    "contact_email",
                    "order",
                    "text",
                    "photo_preview",
                )
            },
        ),
        ("Clocks", {"fields": ("opened_at", "acknowledged_at", "resolved_at")}),
        (
            "Decision",
            {
                "fields": (
                    "decided_by",
                    "decision_reason",
                    "amount_approved",
                    "outcome",
                    "refund_id",
                    "credit_entry_id",
                    "credit_note_id",
                )
            },
        ),
    )
    readonly_fields = tuple(name for _title, section in fieldsets for name in section["fields"])

    @admin.display(description="shopper", ordering="user__name")
    def shopper(self, ticket: Ticket) -> str:
        if ticket.user_id is None:
            return f"{ticket.contact_name} ({ticket.contact_phone})"
        return f"{ticket.user.name} ({ticket.user.phone_no})"

    @admin.display(description="clock")
    def clock(self, ticket: Ticket) -> str:
        """Where the ticket stands against its clocks (`support.clocks`)."""
        if not ticket.is_open:
            return "closed"
        late = clocks.clock(ticket)
        if late.acknowledge_overdue:
            return f"OVERDUE: acknowledge by {late.acknowledge_by:%d %b %H:%M}"
        if late.resolve_overdue:
            return f"OVERDUE: resolve by {late.resolve_by:%d %b}"
        if ticket.acknowledged_at is None:
            return f"acknowledge by {late.acknowledge_by:%d %b %H:%M}"
        return f"resolve by {late.resolve_by:%d %b}"

    @admin.display(description="age")
    def age(self, ticket: Ticket) -> str:
        seconds = int(((ticket.resolved_at or timezone.now()) - ticket.opened_at).total_seconds())
        hours, minutes = divmod(max(seconds, 0) // 60, 60)
        return f"{hours} h {minutes:02d} min"

    @admin.display(description="photo")
    def photo_preview(self, ticket: Ticket):
        if not ticket.photo:
            return "—"
        return format_html(
            '<a href="{}" target="_blank" rel="noopener"><img src="{}" alt="" style="max-height: 160px"></a>',
            ticket.photo,
            ticket.photo_thumbnail or ticket.photo,
        )

    def has_add_permission(self, request) -> bool:
        return False  # shoppers open tickets; staff decide them

    def has_change_permission(self, request, obj=None) -> bool:
        # The list (and its actions) for whoever may change tickets (the owner); a ticket's own page is read-only.
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(TicketSequence)
class TicketSequenceAdmin(admin.ModelAdmin):
    list_display = ("year", "last_number")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
