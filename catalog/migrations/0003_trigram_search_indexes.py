"""Trigram (pg_trgm) GIN indexes for the catalog's case-insensitive `icontains` searches.

Django writes `name__icontains="ric"` on PostgreSQL as `UPPER("name"::text) LIKE UPPER('%ric%')`,
so the indexes are on `UPPER(column)`: that is the expression the planner can match. SQLite has
no trigram indexes; there the operations do nothing.
"""

from django.db import migrations


class PostgresOnlySQL(migrations.RunSQL):
    """RunSQL that runs only when the database is PostgreSQL."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_forwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            super().database_backwards(app_label, schema_editor, from_state, to_state)


TRIGRAM_INDEXES = {
    "catalog_product_name_trgm": ("catalog_product", "name"),
    "catalog_detail_brand_trgm": ("catalog_detail", "brand"),
    "catalog_category_name_trgm": ("catalog_category", "name"),
}


class Migration(migrations.Migration):
    dependencies = [("catalog", "0002_product_rating")]

    operations = [
        # pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
        PostgresOnlySQL("CREATE EXTENSION IF NOT EXISTS pg_trgm", reverse_sql=migrations.RunSQL.noop),
        *(
            PostgresOnlySQL(
                f"CREATE INDEX IF NOT EXISTS {index} ON {table} USING gin (UPPER({column}) gin_trgm_ops)",
                reverse_sql=f"DROP INDEX IF EXISTS {index}",
            )
            for index, (table, column) in TRIGRAM_INDEXES.items()
        ),
    ]
