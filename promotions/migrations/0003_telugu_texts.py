"""Telugu words for the home page's offer banners (issue 31): Telugu pages showed the staff's English
title and description under Telugu headlines. The two built-in offers get their Telugu texts when
staff have not reworded them."""

from django.db import migrations, models

TELUGU = {
    ("gold_coupon", "Dairy Gold Coin Offer"): {
        "title_te": "పాల ఉత్పత్తులపై బంగారు నాణెం ఆఫర్",
        "description_te": (
            "నెలలో ₹3,000 కంటే ఎక్కువ కొనుగోళ్లకు 1 కూపన్. మొదటి 50 మందికి మాత్రమే; లక్కీ డ్రాలో 4 కూపన్లు ఎంపిక అవుతాయి."
        ),
    },
    ("silver_coin", "Silver Coin Offer"): {
        "title_te": "వెండి నాణెం ఆఫర్",
        "description_te": (
            "ఆర్డర్‌లో ప్రతి ₹5,000కు ఒక వెండి నాణెం ఉచితం. ₹2,000 లేదా అంతకంటే ఎక్కువ కొంటే ఇయర్‌ఫోన్లు కూడా ఉచితం."
        ),
    },
}


def add_telugu(apps, schema_editor):
    Promotion = apps.get_model("promotions", "Promotion")
    for (kind, title), texts in TELUGU.items():
        Promotion.objects.filter(kind=kind, title=title, title_te="", description_te="").update(**texts)


class Migration(migrations.Migration):
    dependencies = [("promotions", "0002_builtin_offers")]

    operations = [
        migrations.AddField(
            model_name="promotion",
            name="title_te",
            field=models.CharField(blank=True, max_length=120, verbose_name="title (Telugu)"),
        ),
        migrations.AddField(
            model_name="promotion",
            name="description_te",
            field=models.CharField(blank=True, max_length=500, verbose_name="description (Telugu)"),
        ),
        migrations.RunPython(add_telugu, migrations.RunPython.noop),
    ]
