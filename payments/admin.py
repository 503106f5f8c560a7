"""Payments, refunds and store credit in Django admin: read-only records with their history;
flagged money and refunds in manual review stand out. Goodwill store credit is given from the store
credit page's own screen, through `payments.credit.credit_goodwill` (the same rule and limit as the
shop's screens), never by editing a balance."""

from datetime import timedelta

from django import forms
from django.contrib import admin, messages
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from accounts.models import User
from common.admin import ReadOnlyAdmin
from common.errors import DomainError
from common.text import REASON_MAX_LENGTH
from payments.credit import credit_goodwill
from payments.models import Payment, PaymentEvent, Refund, RefundEvent, StoreCreditAccount, StoreCreditEntry


class PaymentEventInline(admin.TabularInline):
    model = PaymentEvent
    extra = 0
    can_delete = False
    fields = ("at", "source", "from_status", "to_status", "gateway_status", "event_id", "note", "raw")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class NeedsStaffFilter(admin.SimpleListFilter):
    title = "needs staff"
    parameter_name = "needs_staff"

    def lookups(self, request, model_admin):
        return [("yes", "Yes"), ("no", "No")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.exclude(flag="")
        if self.value() == "no":
            return queryset.filter(flag="")
        return queryset


@admin.register(Payment)
class PaymentAdmin(ReadOnlyAdmin):
    list_display = (
        "gateway_order_id",
        "order_link",
        "amount",
        "status",
        "gateway_status",
        "flag_badge",
        "gateway",
        "created_at",
    )
    list_filter = (NeedsStaffFilter, "status", "gateway", "flag")
    search_fields = (
        "gateway_order_id",
        "gateway_reference",
        "order__public_id",
        "order__invoice_number",
        "order__user__phone_no",
    )
    list_select_related = ("order",)
    date_hierarchy = "created_at"
    readonly_fields = (
        "order",
        "gateway",
        "gateway_order_id",
        "gateway_reference",
        "amount",
        "status",
        "gateway_status",
        "flag",
        "payment_link",
        "created_at",
        "updated_at",
        "charged_at",
        "captured_paise",
        "refunded_paise",
    )
    fields = readonly_fields
    inlines = [PaymentEventInline]

    @admin.display(description="order", ordering="order__created_at")
    def order_link(self, payment: Payment):
        url = reverse("admin:orders_order_change", args=[payment.order_id])
        return format_html('<a href="{}">{}</a>', url, payment.order.invoice_number)

    @admin.display(description="needs staff", ordering="flag")
    def flag_badge(self, payment: Payment):
        if not payment.flag:
            return "—"
        return format_html('<strong style="color:#b42318">{}</strong>', payment.get_flag_display())


class RefundEventInline(admin.TabularInline):
    model = RefundEvent
    extra = 0
    can_delete = False
    fields = ("at", "source", "from_state", "to_state", "gateway_status", "event_id", "note", "raw")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class NeedsReviewFilter(admin.SimpleListFilter):
    """Refunds the gateway put in manual review: staff settle them with the gateway's dashboard."""

    title = "needs staff"
    parameter_name = "needs_staff"

    def lookups(self, request, model_admin):
        return [("yes", "Yes (manual review)"), ("stuck", "Pending over a day")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(state=Refund.State.MANUAL_REVIEW)
        if self.value() == "stuck":
            return queryset.filter(state=Refund.State.PENDING, created_at__lt=timezone.now() - timedelta(days=1))
        return queryset


@admin.register(Refund)
class RefundAdmin(ReadOnlyAdmin):
    """Read-only: refunds are made by the shop's flows (`payments.refunds`) and settled by the
    gateway's word. The one action asks the gateway now; nothing here sends a refund again."""

    list_display = (
        "unique_request_id",
        "order_link",
        "amount",
        "state_badge",
        "gateway_status",
        "reason",
        "requested_by",
        "created_at",
        "settled_at",
    )
    list_filter = (NeedsReviewFilter, "state", "payment__gateway")
    search_fields = (
        "unique_request_id",
        "gateway_refund_id",
        "gateway_reference",
        "payment__gateway_order_id",
        "order__public_id",
        "order__invoice_number",
        "order__user__phone_no",
    )
    list_select_related = ("order", "requested_by")
    date_hierarchy = "created_at"
    readonly_fields = (
        "order",
        "payment",
        "amount",
        "state",
        "reason",
        "requested_by",
        "unique_request_id",
        "gateway_refund_id",
        "gateway_reference",
        "gateway_status",
        "created_at",
        "submitted_at",
        "updated_at",
        "settled_at",
    )
    fields = readonly_fields
    inlines = [RefundEventInline]
    actions = ["check_with_gateway"]

    @admin.display(description="order", ordering="order__created_at")
    def order_link(self, refund: Refund):
        url = reverse("admin:orders_order_change", args=[refund.order_id])
        return format_html('<a href="{}">{}</a>', url, refund.order.invoice_number)

    @admin.display(description="amount (₹)", ordering="amount_paise")
    def amount(self, refund: Refund):
        return f"{refund.amount:.2f}"

    @admin.display(description="state", ordering="state")
    def state_badge(self, refund: Refund):
        if refund.state == Refund.State.MANUAL_REVIEW:
            return format_html('<strong style="color:#b42318">{}</strong>', refund.get_state_display())
        return refund.get_state_display()

    @admin.action(description="Ask the gateway about the selected refunds now")
    def check_with_gateway(self, request, queryset):
        from payments.refund_sync import refund_check

        open_refunds = queryset.filter(state__in=[Refund.State.PENDING, Refund.State.MANUAL_REVIEW])
        for refund in open_refunds.select_related("payment", "order__user"):
            settled = refund_check(refund=refund, source=RefundEvent.Source.STAFF)
            if settled.error:
                self.message_user(request, f"{refund.unique_request_id}: {settled.error}", level=messages.WARNING)
            else:
                self.message_user(request, f"{refund.unique_request_id}: {settled.refund.get_state_display()}")


class StoreCreditEntryInline(admin.TabularInline):
    model = StoreCreditEntry
    extra = 0
    can_delete = False
    fields = ("created_at", "kind", "amount", "balance_after", "reason", "order", "by")
    readonly_fields = fields
    ordering = ("-created_at", "-id")

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class GoodwillForm(forms.Form):
    """Goodwill credit as the shop's user page gives it; `credit_goodwill` judges every value."""

    phone_no = forms.CharField(label="Shopper's phone number", max_length=10)
    amount = forms.CharField(label="Amount (₹)", max_length=12)
    reason = forms.CharField(label="Why", max_length=REASON_MAX_LENGTH)

    def clean_phone_no(self):
        phone_no = self.cleaned_data["phone_no"].strip()
        user = User.objects.filter(phone_no=phone_no).first()
        if user is None:
            raise forms.ValidationError("No account has this phone number.")
        self.user = user
        return phone_no


@admin.register(StoreCreditAccount)
class StoreCreditAccountAdmin(ReadOnlyAdmin):
    """Balances with their ledger; every change goes through `payments.credit` (goodwill: the
    "Give goodwill credit" screen)."""

    list_display = ("user", "balance", "updated_at", "give_goodwill")
    search_fields = ("user__phone_no", "user__name")
    list_select_related = ("user",)
    fields = ("user", "balance", "updated_at", "give_goodwill")
    readonly_fields = fields
    inlines = [StoreCreditEntryInline]

    @admin.display(description="balance (₹)", ordering="balance_paise")
    def balance(self, account: StoreCreditAccount):
        return f"{account.balance:.2f}"

    @admin.display(description="goodwill")
    def give_goodwill(self, account: StoreCreditAccount):
        url = reverse("admin:payments_storecreditaccount_goodwill")
        return format_html(
            '<a class="button" href="{}?phone_no={}">Give goodwill credit</a>', url, account.user.phone_no
        )

    def get_urls(self):
        goodwill_view = self.admin_site.admin_view(self.goodwill_view)
        own = [path("goodwill/", goodwill_view, name="payments_storecreditaccount_goodwill")]
        return own + super().get_urls()

    def goodwill_view(self, request):
        """Give a shopper goodwill credit with a reason: the owner any amount, a cashier up to
        GOODWILL_CASHIER_LIMIT, anyone else is refused (`payments.credit.goodwill_check`)."""
        form = GoodwillForm(request.POST or None, initial={"phone_no": request.GET.get("phone_no", "")})
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                entry = credit_goodwill(
                    actor=request.user, user=form.user, amount=data["amount"], reason=data["reason"]
                )
            except DomainError as error:
                self.message_user(request, error.message, level=messages.ERROR)
            else:
                self.message_user(
                    request,
                    f"₹{entry.amount:.2f} store credit given to {form.user}: balance ₹{entry.balance_after:.2f}.",
                    level=messages.SUCCESS,
                )
                return redirect(reverse("admin:payments_storecreditaccount_change", args=[entry.account_id]))
        context = {
            **self.admin_site.each_context(request),
            "title": "Give goodwill store credit",
            "opts": self.model._meta,
            "form": form,
        }
        return TemplateResponse(request, "admin/payments/storecreditaccount/goodwill.html", context)


@admin.register(StoreCreditEntry)
class StoreCreditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "user", "kind", "amount", "balance_after", "reason", "order", "by")
    list_filter = ("kind",)
    search_fields = ("account__user__phone_no", "order__public_id", "order__invoice_number", "reason")
    list_select_related = ("account__user", "order", "by")
    date_hierarchy = "created_at"
    fields = ("account", "kind", "amount", "balance_after", "reason", "order", "by", "created_at")
    readonly_fields = fields

    @admin.display(description="shopper", ordering="account__user__phone_no")
    def user(self, entry: StoreCreditEntry):
        return entry.account.user
