"""The search's kept upper-cased texts (issue 47): the description as the score tests it, and a
trigram index on the kept name (`search_name`), which the search's name matching now reads
(`search_name__holds`) instead of upper-casing every candidate row's name again on the index's
recheck. The trigram index on UPPER(name) stays for the other `name__icontains` searches (Django
admin's). SQLite has no trigram indexes; there the index operation does nothing."""

from importlib import import_module

import django.db.models.functions.text
from django.db import migrations, models

PostgresOnlySQL = import_module("catalog.migrations.0003_trigram_search_indexes").PostgresOnlySQL


class Migration(migrations.Migration):
    dependencies = [
        ("catalog", "0014_brand_and_pack_names_in_admin"),
    ]

    operations = [
        migrations.AddField(
            model_name="product",
            name="search_description",
            field=models.GeneratedField(
                db_persist=True,
                expression=django.db.models.functions.text.Upper("description"),
                output_field=models.TextField(),
            ),
        ),
        PostgresOnlySQL(
            "CREATE INDEX IF NOT EXISTS catalog_product_search_name_trgm "
            "ON catalog_product USING gin (search_name gin_trgm_ops)",
            reverse_sql="DROP INDEX IF EXISTS catalog_product_search_name_trgm",
        ),
    ]
