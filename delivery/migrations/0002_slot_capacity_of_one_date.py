"""A window's capacity on one date of its own (a van off on Thursday): empty keeps the weekly one."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("delivery", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="slot",
            name="capacity",
            field=models.PositiveIntegerField(
                blank=True, help_text="This date's own number of orders; empty: the window's weekly capacity", null=True
            ),
        ),
    ]
