"""What the public catalog answers need on PostgreSQL (`catalog/answers.py`); SQLite gets nothing.

- `catalog_product_total`: the number of products, one row kept exact by statement triggers on
  `catalog_product` (insert, delete, truncate; one UPDATE per statement, so a bulk import adds
  its rows at once), in the same transaction as the change. Every page of the product list
  shows how many pages there are; counting 10,000 products for each read was a sequential scan
  of the whole table. The row is a point of contention only for transactions that create or
  delete products at the same time (staff and imports), never for orders.
- `(category_id, id)`: a category's page and its count, and each featured category's first
  products, read in order from the index instead of sorting the category's rows.
- `UPPER(name) text_pattern_ops`: suggestions read the names starting with the typed text from
  this index, and look at the names merely containing it only when fewer match.
- `UPPER(brand)`: a search ranks first the products with a brand exactly the text
  (`brand__iexact`), and puts that brand first on their cards; without it every brand was read.
"""

from importlib import import_module

from django.db import migrations

PostgresOnlySQL = import_module("catalog.migrations.0003_trigram_search_indexes").PostgresOnlySQL

PRODUCT_TOTAL = """
CREATE TABLE catalog_product_total (products bigint NOT NULL);
INSERT INTO catalog_product_total (products) SELECT count(*) FROM catalog_product;
CREATE FUNCTION catalog_product_total_count() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER catalog_product_total_insert AFTER INSERT ON catalog_product
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_total_count();
CREATE TRIGGER catalog_product_total_delete AFTER DELETE ON catalog_product
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_total_count();
CREATE TRIGGER catalog_product_total_truncate AFTER TRUNCATE ON catalog_product
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_product_total_count();
"""

PRODUCT_TOTAL_REVERSE = """
DROP TRIGGER IF EXISTS catalog_product_total_insert ON catalog_product;
DROP TRIGGER IF EXISTS catalog_product_total_delete ON catalog_product;
DROP TRIGGER IF EXISTS catalog_product_total_truncate ON catalog_product;
DROP FUNCTION IF EXISTS catalog_product_total_count();
DROP TABLE IF EXISTS catalog_product_total;
"""


class Migration(migrations.Migration):
    dependencies = [("catalog", "0005_product_gst")]

    operations = [
        PostgresOnlySQL(PRODUCT_TOTAL, reverse_sql=PRODUCT_TOTAL_REVERSE),
        PostgresOnlySQL(
            "CREATE INDEX IF NOT EXISTS catalog_product_category_id_id ON catalog_product (category_id, id)",
            reverse_sql="DROP INDEX IF EXISTS catalog_product_category_id_id",
        ),
        PostgresOnlySQL(
            "CREATE INDEX IF NOT EXISTS catalog_product_name_prefix ON catalog_product (UPPER(name) text_pattern_ops)",
            reverse_sql="DROP INDEX IF EXISTS catalog_product_name_prefix",
        ),
        PostgresOnlySQL(
            "CREATE INDEX IF NOT EXISTS catalog_detail_brand_upper ON catalog_detail (UPPER(brand))",
            reverse_sql="DROP INDEX IF EXISTS catalog_detail_brand_upper",
        ),
    ]
