"""How a slot is named to people: one function, so the order page, invoice, staff list, SMS and
checkout read the same."""

from datetime import date, time

from django.utils.formats import date_format, time_format


def slot_label(day: date, start: time, end: time) -> str:
    """`Fri 27 Nov, 7:00–10:00`, the weekday and month in the active language."""
    return "{day}, {start}–{end}".format(
        day=date_format(day, "D j M"), start=time_format(start, "G:i"), end=time_format(end, "G:i")
    )
