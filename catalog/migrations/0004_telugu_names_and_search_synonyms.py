"""Telugu names for categories and products, and the search synonyms table (`catalog/search.py`).

The product's Telugu name gets the same trigram index as its English name (0003), so a search
in Telugu script does not read every row on PostgreSQL.
"""

from importlib import import_module

from django.db import migrations, models

PostgresOnlySQL = import_module("catalog.migrations.0003_trigram_search_indexes").PostgresOnlySQL


class Migration(migrations.Migration):
    dependencies = [
        ("catalog", "0003_trigram_search_indexes"),
    ]

    operations = [
        migrations.CreateModel(
            name="SearchSynonym",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "word",
                    models.CharField(help_text="What shoppers type: 'biyyam', 'బియ్యం'", max_length=60, unique=True),
                ),
                ("means", models.CharField(help_text="The catalog's words for it: 'rice', 'toor dal'", max_length=100)),
            ],
            options={
                "ordering": ["word"],
            },
        ),
        migrations.AddField(
            model_name="category",
            name="name_te",
            field=models.CharField(blank=True, max_length=80, verbose_name="Telugu name"),
        ),
        migrations.AddField(
            model_name="product",
            name="name_te",
            field=models.CharField(blank=True, max_length=200, verbose_name="Telugu name"),
        ),
        PostgresOnlySQL(
            "CREATE INDEX IF NOT EXISTS catalog_product_name_te_trgm ON catalog_product USING gin (UPPER(name_te) gin_trgm_ops)",
            reverse_sql="DROP INDEX IF EXISTS catalog_product_name_te_trgm",
        ),
    ]
