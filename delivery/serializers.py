"""The delivery wire format: the delivery check and place search, checkout's slots, staff's
weekly plan. camelCase names, ids as strings, times as `HH:MM` in the shop's time zone."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.fields import TextField
from common.ids import WireIdField
from delivery.models import DeliveryWindow, Holiday, Weekday
from delivery.slots import day_label, time_label


def _text(**kwargs):
    return TextField(required=False, allow_blank=True, allow_null=True, **kwargs)


# The delivery check and the offline place search.


class DeliveryCheckInput(serializers.Serializer):
    pincode = _text()
    lat = _text()
    lng = _text()


class DeliveryOutput(serializers.Serializer):
    pincode = serializers.CharField()
    state = serializers.CharField()
    town = serializers.CharField()
    deliverable = serializers.BooleanField()
    message = serializers.CharField()
    area = serializers.CharField(
        help_text="For a town of the delivery map, the pincodes of it the shop delivers to, as a sentence "
        "('In Kakinada we deliver to pincode 533001.'); empty elsewhere"
    )


class PlaceSearchInput(serializers.Serializer):
    q = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=True, max_length=200)


class PlaceOutput(serializers.Serializer):
    name = serializers.CharField()
    pincode = serializers.CharField()
    district = serializers.CharField()
    state = serializers.CharField()
    label = serializers.CharField(help_text="What the checker lists: 'Amalapuram 533201'")


class PlacesOutput(serializers.Serializer):
    places = PlaceOutput(many=True)


# Delivery slots.

STATES = ("open", "full", "closed", "holiday")
CLOCK = {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "example": "07:00"}


@extend_schema_field(CLOCK)
class ClockField(serializers.TimeField):
    """A time of day as `HH:MM` (the shop's time zone), read and written."""

    def __init__(self, **kwargs):
        super().__init__(format="%H:%M", input_formats=["%H:%M"], **kwargs)


class SlotOfferSerializer(serializers.Serializer):
    """A window on a date as checkout offers it. Reads a `delivery.slots.SlotOffer`."""

    id = serializers.CharField(help_text="`<date>.<window id>`: send it as the order's deliverySlot")
    date = serializers.DateField()
    start = ClockField(source="window.start")
    end = ClockField(source="window.end")
    label = serializers.CharField(help_text="In the answer's language, e.g. 'Fri 27 Nov, 7:00–10:00'")
    dayLabel = serializers.SerializerMethodField(help_text="'Fri 27 Nov'")
    timeLabel = serializers.SerializerMethodField(help_text="'7:00–10:00'")
    state = serializers.ChoiceField(choices=STATES)
    choosable = serializers.BooleanField(help_text="Only an open slot can be chosen")
    placesLeft = serializers.IntegerField(source="places_left")
    reason = serializers.CharField(help_text="Why it can't be chosen (full, closed at ..., holiday); empty when open")
    closesAt = serializers.DateTimeField(source="closes_at")

    def get_dayLabel(self, offer) -> str:
        return day_label(offer.date)

    def get_timeLabel(self, offer) -> str:
        return time_label(offer.window.start, offer.window.end)


class SlotsSerializer(serializers.Serializer):
    """What checkout needs: whether the shop delivers in slots, and the next days' slots."""

    enabled = serializers.BooleanField(help_text="false: no windows are defined; orders are placed without one")
    slots = SlotOfferSerializer(many=True)


class DeliveryWindowSerializer(serializers.ModelSerializer):
    """A weekly window, read and written by staff."""

    _id = WireIdField(source="pk", read_only=True)
    weekday = serializers.ChoiceField(
        choices=Weekday.choices,
        error_messages={"invalid_choice": gettext_lazy("Weekday must be 0 (Monday) to 6 (Sunday).")},
    )
    weekdayLabel = serializers.CharField(source="get_weekday_display", read_only=True)
    start = ClockField()
    end = ClockField()
    capacity = serializers.IntegerField(min_value=1, max_value=10_000)
    cutoffHours = serializers.IntegerField(source="cutoff_hours", min_value=0, max_value=72)
    active = serializers.BooleanField(required=False, default=True)

    class Meta:
        model = DeliveryWindow
        fields = ["_id", "weekday", "weekdayLabel", "start", "end", "capacity", "cutoffHours", "active"]
        validators = []  # the service words the overlap and duplicate rules

    def validate(self, attrs):
        start, end = attrs.get("start"), attrs.get("end")
        if start is not None and end is not None and end <= start:
            raise serializers.ValidationError(gettext_lazy("The window must end after it starts."))
        return attrs


class HolidaySerializer(serializers.ModelSerializer):
    _id = WireIdField(source="pk", read_only=True)
    date = serializers.DateField()
    name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")

    class Meta:
        model = Holiday
        fields = ["_id", "date", "name"]
        validators = []


class OverBookedSerializer(serializers.Serializer):
    """Reads a `delivery.slots.OverBooked`."""

    message = serializers.CharField(help_text="In the answer's language, naming the orders booked")
    orders = serializers.ListField(child=serializers.CharField(), help_text="Their invoice numbers")
    movable = serializers.ListField(
        child=serializers.CharField(), help_text="Those that can still move to another slot (not packed yet)"
    )
    move = serializers.ListField(
        child=serializers.CharField(),
        help_text="The ones to move by default: those over the capacity (the latest), every one of a closed day",
    )
    targets = SlotOfferSerializer(many=True, help_text="Open slots of the coming 7 days with places left")
    suggested = serializers.CharField(
        allow_null=True, help_text="The first of `targets` with places for all of `move`; null when none has"
    )


class PlannedSlotSerializer(serializers.Serializer):
    """A window on a date as staff plan it. Reads a `delivery.selectors.PlannedSlot`."""

    id = serializers.CharField(help_text="`<date>.<window id>`, as `PUT /api/slots/days/<id>` names it")
    windowId = WireIdField(source="window.pk")
    start = ClockField(source="window.start")
    end = ClockField(source="window.end")
    timeLabel = serializers.SerializerMethodField(help_text="'7:00–10:00'")
    offered = serializers.BooleanField(source="window.active")
    booked = serializers.IntegerField()
    capacity = serializers.IntegerField(help_text="What this date takes: its own capacity, else the window's")
    ownCapacity = serializers.IntegerField(source="own_capacity", allow_null=True, help_text="null: the weekly one")
    weeklyCapacity = serializers.IntegerField(source="window.capacity")
    overBooked = serializers.BooleanField(source="over_booked")

    def get_timeLabel(self, planned) -> str:
        return time_label(planned.window.start, planned.window.end)


class PlannedDaySerializer(serializers.Serializer):
    date = serializers.DateField()
    dayLabel = serializers.SerializerMethodField(help_text="'Fri 27 Nov'")
    holiday = serializers.SerializerMethodField(help_text="null, or the holiday that closes the date (its name)")
    slots = PlannedSlotSerializer(many=True)

    def get_dayLabel(self, day) -> str:
        return day_label(day.date)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_holiday(self, day) -> str | None:
        return None if day.holiday is None else (day.holiday.name or str(gettext_lazy("Holiday")))


class ComingDaysSerializer(serializers.Serializer):
    days = PlannedDaySerializer(many=True)
    warning = OverBookedSerializer(allow_null=True, required=False, help_text="After a change: the orders over")


class DayCapacityInput(serializers.Serializer):
    capacity = serializers.IntegerField(
        min_value=0, max_value=10_000, allow_null=True, help_text="This date's orders for the window; null: the weekly"
    )
