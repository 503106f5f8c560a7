"""The delivery models, moved from orders (orders 0010 made their tables): state only.

The tables keep their names (`orders_deliverywindow`, `orders_holiday`, `orders_slot`) and their
rows; this migration tells Django they are delivery's now, and orders 0013 forgets them.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("orders", "0012_board_changes"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Holiday",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("date", models.DateField(unique=True)),
                        ("name", models.CharField(blank=True, default="", max_length=120)),
                    ],
                    options={
                        "db_table": "orders_holiday",
                        "ordering": ["date"],
                    },
                ),
                migrations.CreateModel(
                    name="DeliveryWindow",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        (
                            "weekday",
                            models.PositiveSmallIntegerField(
                                choices=[
                                    (0, "Monday"),
                                    (1, "Tuesday"),
                                    (2, "Wednesday"),
                                    (3, "Thursday"),
                                    (4, "Friday"),
                                    (5, "Saturday"),
                                    (6, "Sunday"),
                                ]
                            ),
                        ),
                        ("start", models.TimeField(help_text="Local time (the shop's time zone)")),
                        ("end", models.TimeField(help_text="Local time, after the start")),
                        ("capacity", models.PositiveIntegerField(help_text="Orders per window")),
                        (
                            "cutoff_hours",
                            models.PositiveSmallIntegerField(
                                default=2,
                                help_text="The window takes no more orders this many hours before it starts",
                                verbose_name="cut-off (hours)",
                            ),
                        ),
                        (
                            "active",
                            models.BooleanField(
                                default=True, help_text="Off: the window is not offered (booked orders stay)"
                            ),
                        ),
                    ],
                    options={
                        "db_table": "orders_deliverywindow",
                        "ordering": ["weekday", "start"],
                        "constraints": [
                            models.UniqueConstraint(fields=("weekday", "start"), name="delivery_window_unique_start"),
                            models.CheckConstraint(
                                condition=models.Q(("end__gt", models.F("start"))),
                                name="delivery_window_ends_after_start",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(("weekday__lte", 6)), name="delivery_window_weekday_range"
                            ),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="Slot",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("date", models.DateField()),
                        ("booked", models.PositiveIntegerField(default=0)),
                        (
                            "window",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="slots",
                                to="delivery.deliverywindow",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "orders_slot",
                        "ordering": ["date", "window__start"],
                        "constraints": [
                            models.UniqueConstraint(fields=("window", "date"), name="slot_unique_window_date"),
                            models.CheckConstraint(
                                condition=models.Q(("booked__gte", 0)), name="slot_booked_not_negative"
                            ),
                        ],
                    },
                ),
            ],
        ),
    ]
