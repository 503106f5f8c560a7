"""The delivery windows, holidays and slots moved to the delivery app (delivery 0001): state only.

No table changes: `SlotBooking.slot` points at the same `orders_slot` table, now `delivery.Slot`.
The three models' content types follow them, so the admin permissions granted on them (and the
admin log's entries) keep pointing at the same rows.
"""

import django.db.models.deletion
from django.db import migrations, models

MOVED = ("deliverywindow", "holiday", "slot")


def content_types_to_delivery(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    taken = set(ContentType.objects.filter(app_label="delivery", model__in=MOVED).values_list("model", flat=True))
    ContentType.objects.filter(app_label="orders", model__in=set(MOVED) - taken).update(app_label="delivery")


def content_types_to_orders(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    taken = set(ContentType.objects.filter(app_label="orders", model__in=MOVED).values_list("model", flat=True))
    ContentType.objects.filter(app_label="delivery", model__in=set(MOVED) - taken).update(app_label="orders")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("delivery", "0001_initial"),
        ("orders", "0012_board_changes"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(
                    model_name="slotbooking",
                    name="slot",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT, related_name="bookings", to="delivery.slot"
                    ),
                ),
                migrations.DeleteModel(name="Slot"),
                migrations.DeleteModel(name="Holiday"),
                migrations.DeleteModel(name="DeliveryWindow"),
            ],
        ),
        migrations.RunPython(content_types_to_delivery, content_types_to_orders),
    ]
