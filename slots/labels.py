"""How a slot is named to people: one place, so the order page, invoice, staff list, SMS and
checkout read the same."""

from datetime import date, time

from django.utils.formats import date_format, time_format


def day_label(day: date) -> str:
    """`Fri 27 Nov`, the weekday and month in the active language."""
    return date_format(day, "D j M")


def time_label(start: time, end: time) -> str:
    return "{start}–{end}".format(start=time_format(start, "G:i"), end=time_format(end, "G:i"))


def slot_label(day: date, start: time, end: time) -> str:
    """`Fri 27 Nov, 7:00–10:00`."""
    return f"{day_label(day)}, {time_label(start, end)}"
