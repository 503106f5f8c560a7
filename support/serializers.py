"""The support wire format: camelCase names, money as JSON numbers, tickets by their public number.

Input serializers check the shape and types of a request; the rules (the report window, what may
be reported, the amount) are `support.services`'.
"""

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.fields import MoneyField, PageNumberField, PageSizeField, TextField, WholeNumberField
from common.ids import WireIdField
from common.openapi import JudgedInput, any_text, whole_number
from common.openapi import text as required_text
from common.pagination import TICKET_LIST
from support.clocks import clock
from support.grievances import ANSWER_MAX_LENGTH
from support.models import Ticket, TicketLine
from support.services import MAX_LINES, REASON_MAX_LENGTH, TEXT_MAX_LENGTH

# The request schema's bound on a line's packs (an order line holds 1 to 10); what is left of the
# line is the service's rule.
MAX_PACKS = 10


# A ticket's status in the schema as a pattern: drf-spectacular makes every enum a component named
# after its field ("status"), a name other apps' statuses already hold (shop.settings'
# ENUM_NAME_OVERRIDES would name it; settings are not this app's to change).
_STATUSES = "|".join(Ticket.Status.values)


@extend_schema_field(
    {"type": "string", "pattern": f"^({_STATUSES})$", "description": "open, approved, rejected or resolved"}
)
class TicketStatusField(serializers.ChoiceField):
    def __init__(self, **kwargs):
        super().__init__(choices=Ticket.Status.values, **kwargs)


@extend_schema_field({"type": "string", "pattern": f"^({_STATUSES})?$", "description": "blank: every status"})
class TicketStatusFilterField(TicketStatusField):
    def __init__(self, **kwargs):
        super().__init__(required=False, allow_blank=True, **kwargs)


class ReportedLineInSerializer(JudgedInput):
    item = WireIdField(help_text="The order line's `_id` (orderItems[]._id)")
    problem = serializers.ChoiceField(choices=TicketLine.Problem.values)
    quantity = WholeNumberField(help_text="Packs affected: 1 to what is left of the line")
    accepted = {"quantity": whole_number(minimum=1, maximum=MAX_PACKS)}
    accepted_required = ("item", "problem", "quantity")


class TicketOpenInSerializer(JudgedInput):
    order = TextField(max_length=21, help_text="The order's `_id`")
    lines = ReportedLineInSerializer(many=True, allow_empty=False, max_length=MAX_LINES)
    text = TextField(required=False, allow_blank=True, default="")
    photo = TextField(
        required=False, allow_blank=True, max_length=500, default="", help_text="`image` from POST /api/support/photos"
    )
    accepted = {"order": required_text(max_length=21), "text": any_text(max_length=TEXT_MAX_LENGTH)}
    accepted_limits = {"lines": {"minItems": 1, "maxItems": MAX_LINES}}
    accepted_required = ("order", "lines")


class TicketApproveInSerializer(serializers.Serializer):
    amount = MoneyField(
        required=False,
        allow_null=True,
        min_value=0,
        help_text="Rupees to give back; at most (and by default) the reported packs' value",
    )


class TicketRejectInSerializer(JudgedInput):
    reason = TextField(help_text="Shown to the shopper")
    accepted = {"reason": required_text(max_length=REASON_MAX_LENGTH)}
    accepted_required = ("reason",)


class TicketResolveInSerializer(JudgedInput):
    answer = TextField(help_text="The answer the person reads (status page and SMS)")
    accepted = {"answer": required_text(max_length=ANSWER_MAX_LENGTH)}
    accepted_required = ("answer",)


class AdminTicketListInSerializer(serializers.Serializer):
    pageNumber = PageNumberField()
    pageSize = PageSizeField(sizes=TICKET_LIST)
    status = TicketStatusFilterField()


class MyTicketsInSerializer(serializers.Serializer):
    order = serializers.CharField(required=False, allow_blank=True, max_length=100, help_text="An order's `_id`")


class TicketLineSerializer(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    item = serializers.CharField(source="order_item_id", help_text="The order line's `_id`")
    name = serializers.CharField(source="order_item.name")
    nameTe = serializers.CharField(
        source="order_item.name_te", help_text="The Telugu name it was sold under; may be empty"
    )
    brand = serializers.CharField(source="order_item.brand")
    packSize = serializers.CharField(source="order_item.quantity")
    units = serializers.CharField(source="order_item.units")
    image = serializers.CharField(source="order_item.image")
    price = MoneyField(source="order_item.price", help_text="Unit price paid")
    problem = serializers.ChoiceField(choices=TicketLine.Problem.values)
    problemLabel = serializers.CharField(source="get_problem_display")
    quantity = serializers.IntegerField(help_text="Packs affected")
    value = serializers.SerializerMethodField()

    @extend_schema_field(MoneyField())
    def get_value(self, line: TicketLine):
        return MoneyField().to_representation(line.order_item.price * line.quantity)


class TicketUserSerializer(serializers.Serializer):
    name = serializers.CharField()
    phoneNo = serializers.CharField(source="phone_no")


class TicketContactSerializer(serializers.Serializer):
    """Who filed a grievance and how to reach them (a signed-in shopper's own number otherwise)."""

    name = serializers.CharField(source="contact_name")
    phoneNo = serializers.CharField(source="contact_phone")
    email = serializers.CharField(source="contact_email")


class TicketSerializer(serializers.Serializer):
    number = serializers.CharField()
    kind = serializers.ChoiceField(choices=Ticket.Kind.values)
    status = TicketStatusField()
    statusLabel = serializers.CharField(source="get_status_display")
    orderId = serializers.CharField(source="order.public_id", allow_null=True, default=None)
    text = serializers.CharField()
    photo = serializers.CharField()
    thumbnail = serializers.CharField(source="photo_thumbnail")
    openedAt = serializers.DateTimeField(source="opened_at")
    acknowledgedAt = serializers.DateTimeField(source="acknowledged_at", allow_null=True)
    resolvedAt = serializers.DateTimeField(source="resolved_at", allow_null=True)
    decisionReason = serializers.CharField(source="decision_reason")
    amountApproved = MoneyField(source="amount_approved", allow_null=True)
    outcome = serializers.ChoiceField(choices=["", *Ticket.Outcome.values])
    claimValue = serializers.SerializerMethodField()
    lines = TicketLineSerializer(source="lines.all", many=True)

    @extend_schema_field(MoneyField(help_text="The reported packs' value: the most an approval gives back"))
    def get_claimValue(self, ticket: Ticket):
        total = sum((line.order_item.price * line.quantity for line in ticket.lines.all()), 0)
        return MoneyField().to_representation(total)


class AdminTicketSerializer(TicketSerializer):
    """The staff queue's ticket: the shopper, the order's invoice and payment, and its age."""

    user = TicketUserSerializer(allow_null=True)
    contact = TicketContactSerializer(source="*")
    acknowledgeBy = serializers.SerializerMethodField()
    resolveBy = serializers.SerializerMethodField()
    overdue = serializers.SerializerMethodField()
    invoiceNumber = serializers.CharField(source="order.invoice_number", allow_null=True, default=None)
    paymentMethod = serializers.CharField(source="order.payment_method", allow_null=True, default=None)
    isPaid = serializers.BooleanField(source="order.is_paid", allow_null=True, default=None)
    deliveredAt = serializers.DateTimeField(source="order.delivered_at", allow_null=True, default=None)
    ageSeconds = serializers.SerializerMethodField()

    @extend_schema_field(serializers.DateTimeField(help_text="When staff must have acknowledged it (48 hours)"))
    def get_acknowledgeBy(self, ticket: Ticket):
        return serializers.DateTimeField().to_representation(clock(ticket).acknowledge_by)

    @extend_schema_field(serializers.DateTimeField(help_text="When it must be resolved (30 days)"))
    def get_resolveBy(self, ticket: Ticket):
        return serializers.DateTimeField().to_representation(clock(ticket).resolve_by)

    @extend_schema_field(serializers.BooleanField(help_text="Past either clock (support.clocks)"))
    def get_overdue(self, ticket: Ticket) -> bool:
        return clock(ticket).overdue

    @extend_schema_field(serializers.IntegerField(help_text="Seconds since it opened, to when it was resolved"))
    def get_ageSeconds(self, ticket: Ticket) -> int:
        end = ticket.resolved_at or timezone.now()
        return max(int((end - ticket.opened_at).total_seconds()), 0)


class ReportableLineSerializer(serializers.Serializer):
    _id = serializers.CharField(source="item.pk")
    name = serializers.CharField(source="item.name")
    nameTe = serializers.CharField(source="item.name_te", help_text="The Telugu name it was sold under; may be empty")
    brand = serializers.CharField(source="item.brand")
    packSize = serializers.CharField(source="item.quantity")
    units = serializers.CharField(source="item.units")
    image = serializers.CharField(source="item.image")
    price = MoneyField(source="item.price")
    qty = serializers.IntegerField(source="item.qty")
    reportable = serializers.IntegerField(help_text="Packs that may still be reported")
    openTicket = serializers.CharField(source="open_ticket", allow_null=True)


class OrderReportSerializer(serializers.Serializer):
    orderId = serializers.CharField(source="order.public_id")
    invoiceNumber = serializers.CharField(source="order.invoice_number")
    deliveredAt = serializers.DateTimeField(source="order.delivered_at", allow_null=True)
    reportUntil = serializers.DateTimeField(source="deadline", allow_null=True)
    canReport = serializers.SerializerMethodField()
    refusal = serializers.CharField(allow_null=True, help_text="Why a report cannot be made now, if it cannot")
    problems = serializers.SerializerMethodField()
    lines = ReportableLineSerializer(many=True)
    tickets = TicketSerializer(many=True)

    def get_canReport(self, state) -> bool:
        return state.refusal is None and any(line.reportable and not line.open_ticket for line in state.lines)

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_problems(self, state) -> list[dict]:
        """The problems a line may have, with their names in the request's language."""
        return [{"value": value, "label": str(label)} for value, label in TicketLine.Problem.choices]


class PhotoSerializer(serializers.Serializer):
    photo = serializers.CharField(help_text="Send it as `photo` in POST /api/support/tickets")
    thumbnail = serializers.CharField()
