"""Issue 45: products and packs have a `published` flag. Everything that exists stays published
(it was on sale); from here a product, brand or pack staff create on the shop's screens starts
hidden until they publish it (`catalog.services`: the column's default stays True, so rows written
straight, the CSV import and the demo catalog, are on sale as before).

On PostgreSQL the kept count of every product (`catalog_product_total`, migration 0006), which the
shoppers' product list pages by, counts published products only: the statement triggers count the
published rows inserted or deleted, and a row trigger follows a product published or hidden."""

from importlib import import_module

from django.db import migrations, models

PostgresOnlySQL = import_module("catalog.migrations.0003_trigram_search_indexes").PostgresOnlySQL

PUBLISHED_TOTAL = """
CREATE OR REPLACE FUNCTION catalog_product_total_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        UPDATE catalog_product_total SET products = 0;
    ELSIF TG_OP = 'INSERT' THEN
        UPDATE catalog_product_total SET products = products + (SELECT count(*) FROM changed_rows WHERE published);
    ELSE
        UPDATE catalog_product_total SET products = products - (SELECT count(*) FROM changed_rows WHERE published);
    END IF;
    RETURN NULL;
END
$$;
CREATE FUNCTION catalog_product_total_publish() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE catalog_product_total SET products = products + CASE WHEN NEW.published THEN 1 ELSE -1 END;
    RETURN NULL;
END
$$;
CREATE TRIGGER catalog_product_total_publish AFTER UPDATE OF published ON catalog_product
    FOR EACH ROW WHEN (OLD.published IS DISTINCT FROM NEW.published)
    EXECUTE FUNCTION catalog_product_total_publish();
UPDATE catalog_product_total SET products = (SELECT count(*) FROM catalog_product WHERE published);
"""

PUBLISHED_TOTAL_REVERSE = """
DROP TRIGGER IF EXISTS catalog_product_total_publish ON catalog_product;
DROP FUNCTION IF EXISTS catalog_product_total_publish();
CREATE OR REPLACE FUNCTION catalog_product_total_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        UPDATE catalog_product_total SET products = 0;
    ELSIF TG_OP = 'INSERT' THEN
        UPDATE catalog_product_total SET products = products + (SELECT count(*) FROM changed_rows);
    ELSE
        UPDATE catalog_product_total SET products = products - (SELECT count(*) FROM changed_rows);
    END IF;
    RETURN NULL;
END
$$;
UPDATE catalog_product_total SET products = (SELECT count(*) FROM catalog_product);
"""

class Migration(migrations.Migration):
    dependencies = [("catalog", "0016_product_description_te")]

    operations = [
        # Existing rows get True: they were on sale.
        migrations.AddField(
            "product", "published", models.BooleanField(default=True, help_text="Shown to shoppers")
        ),
        migrations.AddField(
            "financial", "published", models.BooleanField(default=True, help_text="Shown to shoppers")
        ),
        PostgresOnlySQL(PUBLISHED_TOTAL, reverse_sql=PUBLISHED_TOTAL_REVERSE),
    ]
