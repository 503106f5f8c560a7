"""Django admin (/staff/) for the flows that move money: the "Cancel orders" action and the
"Change items" packing screen on orders, the "Approve" action on tickets.

Orders' and support's admin cannot call these flows (they sit below them), so this module extends
their `OrderAdmin` and `TicketAdmin` and registers the extended ones in their place; `aftersale`
comes after both apps in INSTALLED_APPS, so their admin modules are loaded first.
"""

from decimal import Decimal, InvalidOperation

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from aftersale import packing
from aftersale.cancellation import order_cancel
from aftersale.problem_reports import ticket_approve
from common.errors import DomainError
from common.money import rupees
from common.text import REASON_MAX_LENGTH
from orders.admin import OrderAdmin, apply_to_orders
from orders.models import Order
from orders.pipeline import CANCEL_REASON_MAX_LENGTH, LINE_CHANGE_STATUSES, line_changes_allowed
from orders.rules import MAX_QTY, MIN_QTY
from payments.models import Refund, StoreCreditEntry
from support.admin import TicketActionForm, TicketAdmin, apply_to_tickets
from support.models import Ticket


class PackingChangeForm(forms.Form):
    """One change to one line, as the shop's order page makes it (`aftersale.packing`)."""

    REDUCE, REPLACE = "reduce", "replace"

    line = forms.TypedChoiceField(coerce=int, label="Line")
    action = forms.ChoiceField(
        choices=[(REDUCE, "Reduce to the count below (0 removes the line)"), (REPLACE, "Replace with the pack below")],
        widget=forms.RadioSelect,
        initial=REDUCE,
    )
    qty = forms.IntegerField(label="Pack count", min_value=0, max_value=MAX_QTY)
    financial = forms.IntegerField(label="Replacement pack id", required=False, min_value=1)
    shopper_agreed = forms.BooleanField(
        label="The shopper agreed to this pack at its own price", required=False, initial=False
    )
    reason = forms.CharField(label="Why", required=False, max_length=REASON_MAX_LENGTH)

    def __init__(self, *args, order: Order, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["line"].choices = [(item.pk, str(item)) for item in order.items.all()]

    def clean(self):
        data = super().clean()
        if data.get("action") == self.REPLACE:
            if not data.get("financial"):
                self.add_error("financial", "Give the replacement pack's id.")
            if data.get("qty") is not None and data["qty"] < MIN_QTY:
                self.add_error("qty", f"A replacement needs at least {MIN_QTY} pack.")
        return data


class OrderActionForm(ActionForm):
    """The action bar, with the reason the "Cancel orders" action records."""

    reason = forms.CharField(
        required=False,
        max_length=CANCEL_REASON_MAX_LENGTH,
        label="Reason",
        widget=forms.TextInput(attrs={"placeholder": "why, when cancelling", "style": "max-width: 100%"}),
    )


@admin.action(description="Cancel orders (give the reason first)")
def cancel_orders(modeladmin, request, queryset):
    reason = request.POST.get("reason", "")
    apply_to_orders(
        modeladmin,
        request,
        queryset,
        lambda order: order_cancel(order=order, reason=reason, by=request.user),
        "cancelled",
    )


class _ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class OrderRefundInline(_ReadOnlyInline):
    """Money sent back to the order's payment (each refund's own page has its history)."""

    model = Refund
    verbose_name_plural = "Refunds"
    fields = readonly_fields = ("unique_request_id", "created_at", "amount", "state", "gateway_reference", "reason")
    ordering = ("created_at", "id")

    @admin.display(description="amount")
    def amount(self, refund: Refund) -> str:
        return f"₹{rupees(refund.amount)}"


class OrderStoreCreditInline(_ReadOnlyInline):
    """Store credit the order spent, and credit given back for it (a cash order's money back)."""

    model = StoreCreditEntry
    verbose_name_plural = "Store credit"
    fields = readonly_fields = ("created_at", "kind", "amount", "reason")
    ordering = ("created_at", "id")
    show_change_link = False

    @admin.display(description="amount")
    def amount(self, entry: StoreCreditEntry) -> str:
        return f"₹{rupees(entry.amount)}"


class AftersaleOrderAdmin(OrderAdmin):
    """Orders' admin with the cancellation and the packing screen, and the money that went back."""

    action_form = OrderActionForm
    actions = [*OrderAdmin.actions, cancel_orders]
    inlines = [*OrderAdmin.inlines[:-1], OrderRefundInline, OrderStoreCreditInline, OrderAdmin.inlines[-1]]
    fieldsets = tuple(
        (title, {**section, "fields": (*section["fields"], "change_items")} if title == "Packing" else section)
        for title, section in OrderAdmin.fieldsets
    )
    readonly_fields = tuple(name for _title, section in fieldsets for name in section["fields"])

    @admin.display(description="change items")
    def change_items(self, order: Order):
        """The back-up packing screen (the shop's order page is the first one)."""
        if order.pk is None or order.status not in LINE_CHANGE_STATUSES:
            return "— (only while placed or packed)"
        url = reverse("admin:orders_order_packing", args=[order.pk])
        return format_html('<a class="button" href="{}">Reduce, remove or replace a line</a>', url)

    def get_urls(self):
        packing_view = self.admin_site.admin_view(self.packing_view)
        own = [path("<path:object_id>/packing/", packing_view, name="orders_order_packing")]
        return own + super().get_urls()

    def packing_view(self, request, object_id: str):
        """Reduce, remove or replace one line through the same services as the shop's order page."""
        order = get_object_or_404(Order.objects.select_related("user"), pk=object_id)
        change_url = reverse("admin:orders_order_change", args=[order.pk])
        if not line_changes_allowed(order=order, user=request.user):
            self.message_user(request, "Only a placed or packed order's items can change.", level=messages.ERROR)
            return redirect(change_url)
        form = PackingChangeForm(request.POST or None, order=order)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                if data["action"] == PackingChangeForm.REPLACE:
                    packing.order_line_replace(
                        order=order,
                        item=data["line"],
                        financial=data["financial"],
                        qty=data["qty"],
                        by=request.user,
                        shopper_agreed=data["shopper_agreed"],
                        reason=data["reason"],
                    )
                else:
                    packing.order_line_set_qty(
                        order=order, item=data["line"], qty=data["qty"], by=request.user, reason=data["reason"]
                    )
            except DomainError as error:
                self.message_user(request, error.message, level=messages.ERROR)
            else:
                self.message_user(request, "The order's items were changed.", level=messages.SUCCESS)
                return redirect(change_url)
        context = {
            **self.admin_site.each_context(request),
            "title": f"Change items of {order}",
            "opts": self.model._meta,
            "order": order,
            "items": order.items.all(),
            "form": form,
            "change_url": change_url,
        }
        return TemplateResponse(request, "admin/orders/order/packing.html", context)


admin.site.unregister(Order)
admin.site.register(Order, AftersaleOrderAdmin)


class ProblemReportActionForm(TicketActionForm):
    """The tickets' action bar, with the amount an approval gives back (blank: the reported packs' value)."""

    amount = forms.CharField(
        required=False, label="Amount (₹)", widget=forms.TextInput(attrs={"placeholder": "blank: full value"})
    )
    field_order = ["action", "select_across", "amount", "reason"]


@admin.action(description="Approve: credit note and money back (amount blank = the reported packs' value)")
def approve_tickets(modeladmin, request, queryset):
    typed = request.POST.get("amount", "").strip()
    try:
        amount = Decimal(typed) if typed else None
    except InvalidOperation:
        modeladmin.message_user(request, f"{typed!r} is not an amount.", level=messages.ERROR)
        return
    apply_to_tickets(
        modeladmin,
        request,
        queryset,
        lambda ticket: ticket_approve(number=ticket.number, by=request.user, amount=amount),
        "approved",
    )


class AftersaleTicketAdmin(TicketAdmin):
    """Support's ticket admin with the approval, which gives money back."""

    action_form = ProblemReportActionForm
    actions = [approve_tickets, *TicketAdmin.actions]


admin.site.unregister(Ticket)
admin.site.register(Ticket, AftersaleTicketAdmin)
