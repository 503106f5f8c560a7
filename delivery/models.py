"""Delivery: the windows staff open per weekday, the days they close, and one window on one date.

`DeliveryWindow` is the weekly plan (Monday 7-10, capacity 20, closes 2 h before it starts);
`Holiday` closes a whole date; `Slot` is one window on one date, the counter row its bookings
share (created on the first booking, or when staff give that date a capacity of its own: a van off
on Thursday). An order's place in a slot is the orders app's
`orders.SlotBooking`, which points here (orders stand above delivery). `delivery.slots` is the only
writer of `Slot.booked` and `Slot.capacity`, and the one reader of "this window's capacity on this
date" (`slot_capacity`).

The tables kept the names they had when these models lived in orders (`orders_deliverywindow`,
`orders_holiday`, `orders_slot`): the move changed Django's idea of their app, not the data.
"""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy


class Weekday(models.IntegerChoices):
    """Python's `date.weekday()`: Monday is 0."""

    MONDAY = 0, gettext_lazy("Monday")
    TUESDAY = 1, gettext_lazy("Tuesday")
    WEDNESDAY = 2, gettext_lazy("Wednesday")
    THURSDAY = 3, gettext_lazy("Thursday")
    FRIDAY = 4, gettext_lazy("Friday")
    SATURDAY = 5, gettext_lazy("Saturday")
    SUNDAY = 6, gettext_lazy("Sunday")


class DeliveryWindow(models.Model):
    weekday = models.PositiveSmallIntegerField(choices=Weekday.choices)
    start = models.TimeField(help_text="Local time (the shop's time zone)")
    end = models.TimeField(help_text="Local time, after the start")
    capacity = models.PositiveIntegerField(help_text="Orders per window")
    cutoff_hours = models.PositiveSmallIntegerField(
        "cut-off (hours)", default=2, help_text="The window takes no more orders this many hours before it starts"
    )
    active = models.BooleanField(default=True, help_text="Off: the window is not offered (booked orders stay)")

    class Meta:
        db_table = "orders_deliverywindow"
        ordering = ["weekday", "start"]
        constraints = [
            models.UniqueConstraint(fields=["weekday", "start"], name="delivery_window_unique_start"),
            models.CheckConstraint(condition=Q(end__gt=F("start")), name="delivery_window_ends_after_start"),
            models.CheckConstraint(condition=Q(weekday__lte=6), name="delivery_window_weekday_range"),
        ]

    def __str__(self) -> str:
        return f"{self.get_weekday_display()} {self.start:%H:%M}-{self.end:%H:%M}"


class Holiday(models.Model):
    date = models.DateField(unique=True)
    name = models.CharField(max_length=120, blank=True, default="")

    class Meta:
        db_table = "orders_holiday"
        ordering = ["date"]

    def __str__(self) -> str:
        return f"{self.date:%Y-%m-%d} {self.name}".strip()


class Slot(models.Model):
    """One window on one date: the row every booking of it locks and counts on."""

    window = models.ForeignKey(DeliveryWindow, on_delete=models.PROTECT, related_name="slots")
    date = models.DateField()
    booked = models.PositiveIntegerField(default=0)
    capacity = models.PositiveIntegerField(
        null=True, blank=True, help_text="This date's own number of orders; empty: the window's weekly capacity"
    )

    class Meta:
        db_table = "orders_slot"
        ordering = ["date", "window__start"]
        constraints = [
            models.UniqueConstraint(fields=["window", "date"], name="slot_unique_window_date"),
            models.CheckConstraint(condition=Q(booked__gte=0), name="slot_booked_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.date:%Y-%m-%d} {self.window.start:%H:%M}-{self.window.end:%H:%M}"
