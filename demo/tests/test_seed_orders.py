"""manage.py seed_orders: orders that read as placement leaves them (the constraints hold, the lines
add up), spread over the days asked, oldest first, and a second run adds more."""

from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Sum
from django.utils import timezone

from catalog.tests.factories import make_product
from demo.slots import seed_demo_windows
from orders.models import Order, OrderItem, SlotBooking
from payments.models import Payment

pytestmark = pytest.mark.django_db


def test_seeded_orders_add_up_and_stay_in_their_days():
    seed_demo_windows()
    make_product(brands={"A": [("1", "kg", "100", "90", 10), ("5", "kg", "450", "420", 10)]})
    out = StringIO()
    call_command("seed_orders", "--count", "120", "--days", "5", stdout=out)
    assert "120 orders" in out.getvalue()

    orders = list(Order.objects.order_by("id"))
    assert len(orders) == 120
    assert [order.created_at for order in orders] == sorted(order.created_at for order in orders)
    assert min(order.created_at for order in orders) >= timezone.now() - timedelta(days=5, minutes=1)
    for order in orders[:20]:
        lines = OrderItem.objects.filter(order=order).aggregate(total=Sum("line_total"))["total"]
        assert Decimal(str(lines)).quantize(Decimal("0.01")) == order.items_price
        assert order.total_price == order.items_price + order.shipping_price
    online_paid = Order.objects.filter(payment_method="Online", is_paid=True).count()
    assert Payment.objects.filter(status="charged").count() == online_paid
    assert SlotBooking.objects.exists()

    call_command("seed_orders", "--count", "10", "--days", "5", stdout=StringIO())
    assert Order.objects.count() == 130
    assert Order.objects.filter(invoice_number="SEED-0000130").exists()


def test_seeding_needs_a_catalog():
    with pytest.raises(CommandError, match="seed_demo"):
        call_command("seed_orders", "--count", "1", stdout=StringIO())
