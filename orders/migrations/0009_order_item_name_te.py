"""Each order line keeps the product's Telugu name as sold (issue 31: Telugu invoices listed the
items in English while the cart showed them in Telugu). Lines placed before it take their product's
Telugu name now."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def fill_telugu_names(apps, schema_editor):
    OrderItem = apps.get_model("orders", "OrderItem")
    Product = apps.get_model("catalog", "Product")
    telugu = Product.objects.filter(pk=OuterRef("product_id")).values("name_te")[:1]
    OrderItem.objects.filter(product_id__in=Product.objects.exclude(name_te="").values("pk")).update(
        name_te=Subquery(telugu)
    )


class Migration(migrations.Migration):
    dependencies = [
        ("orders", "0008_merge_packing_money"),
        ("catalog", "0004_telugu_names_and_search_synonyms"),
    ]

    operations = [
        migrations.AddField(
            model_name="orderitem",
            name="name_te",
            field=models.CharField(blank=True, default="", max_length=200, verbose_name="name (Telugu)"),
        ),
        migrations.RunPython(fill_telugu_names, migrations.RunPython.noop),
    ]
