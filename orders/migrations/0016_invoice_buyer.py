"""`orders.InvoiceBuyer`, moved from the books app: state only, on the table books 0001 made (its name
kept), so no row moves (`books` is above orders: the counter and checkout, below books, write it)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("orders", "0015_order_item_cost_at_sale"),
        ("books", "0002_invoice_buyer_moved_to_orders"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="InvoiceBuyer",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("gstin", models.CharField(max_length=15, verbose_name="buyer's GSTIN")),
                        ("name", models.CharField(max_length=200, verbose_name="buyer's legal name")),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        (
                            "by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "order",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="invoice_buyer",
                                to="orders.order",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "books_invoicebuyer",
                        "ordering": ["id"],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(("gstin__regex", "^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$")),
                                name="invoice_buyer_gstin_format",
                            )
                        ],
                    },
                )
            ]
        )
    ]
