"""A count sheet's line always carries its reason: none given is a count correction, as posting
already read it; lines entered before this get that reason written."""

from django.db import migrations, models


def blank_reasons_are_count_corrections(apps, schema_editor):
    apps.get_model("inventory", "StockTakeLine").objects.filter(reason="").update(reason="count_correction")


class Migration(migrations.Migration):
    dependencies = [
        ("inventory", "0003_expiry_watch"),
    ]

    operations = [
        migrations.AlterField(
            model_name="stocktakeline",
            name="reason",
            field=models.CharField(default="count_correction", max_length=24),
        ),
        migrations.RunPython(blank_reasons_are_count_corrections, migrations.RunPython.noop),
    ]
