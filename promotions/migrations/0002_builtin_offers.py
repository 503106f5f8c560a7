"""The two offers of spec section 1, as data staff can then change in Django admin."""

from datetime import date
from decimal import Decimal

from django.db import migrations

OFFERS = [
    {
        "kind": "gold_coupon",
        "title": "Dairy Gold Coin Offer",
        "description": (
            "1 coupon for each month's purchases above ₹3,000. First 50 people only; "
            "4 coupons are drawn in a lucky draw."
        ),
        "monthly_threshold": Decimal("3000.00"),
        "monthly_cap": 50,
        "winners": 4,
        "sequence": 1,
    },
    {
        "kind": "silver_coin",
        "title": "Silver Coin Offer",
        "description": "A free silver coin for every ₹5,000 of an order. Shop for ₹2,000 or more and get free earphones too.",
        "coin_step": Decimal("5000.00"),
        "earphones_threshold": Decimal("2000.00"),
        "sequence": 2,
    },
]


def add_offers(apps, schema_editor):
    Promotion = apps.get_model("promotions", "Promotion")
    for offer in OFFERS:
        Promotion.objects.get_or_create(kind=offer["kind"], title=offer["title"], defaults={**offer, "starts_on": date(2026, 1, 1)})


class Migration(migrations.Migration):
    dependencies = [("promotions", "0001_initial")]

    operations = [migrations.RunPython(add_offers, migrations.RunPython.noop)]
