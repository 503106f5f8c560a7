"""The dashboard's CSV exports (issue 27): the orders of a date range, one row each, and the sales by
pack of that range.

Rows are written as they are read, `CHUNK_SIZE` at a time (`QuerySet.iterator`: a server-side cursor
on PostgreSQL), so a year of orders is never in memory at once; the response streams them.

Cells are written by `common.spreadsheet` (formula-looking text gets a leading `'`).

The column names stay English in every language: they are a file format that spreadsheets and
scripts read, as the API's field names are.
"""

from collections.abc import Iterator
from decimal import Decimal

from django.db.models import Count, Sum
from django.utils import timezone

from backoffice.reports import Span, not_cancelled, placed_in
from catalog.labels import pack_label
from common.money import sql_paise_sum, to_rupees
from common.spreadsheet import csv_lines, safe_cell  # noqa: F401  (the API and its tests name them here)
from orders.models import Order, OrderItem

CHUNK_SIZE = 2000


def order_rows(span: Span) -> tuple[list[str], Iterator[tuple]]:
    """One row per order placed in `span`, oldest first (lines not included: see sales by pack)."""
    header = [
        "Invoice number",
        "Order id",
        "Placed at",
        "Customer",
        "Phone",
        "Status",
        "Payment method",
        "Paid",
        "Items",
        "Delivery",
        "Total",
        "Store credit used",
        "City",
        "Pincode",
        "Slot date",
        "Slot",
        "Channel",
    ]
    orders = (
        Order.objects.filter(placed_in(span))
        .order_by("created_at", "id")
        .values_list(
            "invoice_number",
            "public_id",
            "created_at",
            "user__name",
            "user__phone_no",
            "status",
            "payment_method",
            "is_paid",
            "items_price",
            "shipping_price",
            "total_price",
            "store_credit_applied",
            "shipping_city",
            "shipping_postal_code",
            "slot_booking__date",
            "slot_booking__start",
            "slot_booking__end",
            "channel",
        )
    )

    def rows() -> Iterator[tuple]:
        zone = timezone.get_default_timezone()
        for row in orders.iterator(chunk_size=CHUNK_SIZE):
            (
                invoice,
                public_id,
                placed,
                name,
                phone,
                status,
                method,
                paid,
                *money,
                city,
                pin,
                day,
                start,
                end,
                channel,
            ) = row
            yield (
                invoice,
                public_id,
                timezone.localtime(placed, zone).strftime("%Y-%m-%d %H:%M"),
                name,
                phone,
                status,
                method,
                "yes" if paid else "no",
                *(_rupees(amount) for amount in money),
                city,
                pin,
                day.isoformat() if day else "",
                f"{start:%H:%M}-{end:%H:%M}" if start else "",
                channel,
            )

    return header, rows()


def _rupees(amount) -> Decimal:
    # SQLite hands decimals back as floats read to 15 digits: the paise are what was stored.
    return Decimal(str(amount)).quantize(Decimal("0.01"))


def sales_by_pack_rows(span: Span) -> tuple[list[str], Iterator[tuple]]:
    """Packs sold in `span` (orders not cancelled), most sold by value first."""
    header = [
        "Pack id",
        "Product",
        "Brand",
        "Pack",
        "Packs sold",
        "Orders",
        "Sales",
    ]
    packs = (
        OrderItem.objects.filter(placed_in(span, "order__") & not_cancelled("order__"))
        .values_list("financial_id", "name", "brand", "quantity", "units")
        .annotate(packs=Sum("qty"), orders=Count("id"), paise=sql_paise_sum("line_total"))
        .order_by("-paise", "financial_id", "name", "brand", "quantity", "units")
    )

    def rows() -> Iterator[tuple]:
        for pack_id, name, brand, quantity, units, packs_sold, orders, paise in packs.iterator(chunk_size=CHUNK_SIZE):
            size = pack_label({"quantity": quantity, "units": units})
            yield (pack_id or "", name, brand, size, packs_sold, orders, to_rupees(paise))

    return header, rows()
