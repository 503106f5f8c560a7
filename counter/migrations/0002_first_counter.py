from django.db import migrations


def first_counter(apps, schema_editor):
    """The shop's first till, so the counter screen works on a fresh install; rename it in admin."""
    Counter = apps.get_model("counter", "Counter")
    Counter.objects.get_or_create(code="CTR1", defaults={"name": "Counter 1"})


class Migration(migrations.Migration):
    dependencies = [("counter", "0001_initial")]

    operations = [migrations.RunPython(first_counter, migrations.RunPython.noop)]
