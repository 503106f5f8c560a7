"""Your usual items (issue 26): the packs a signed-in shopper buys most, for the home page.

At most USUAL_LIMIT packs, from the shopper's orders that were not cancelled: ranked by how many
orders held the pack, then by how many packs of it they held. Read in one statement, kept in the
cache per shopper, and dropped when one of their orders changes (placed, cancelled: the
`order_changed` receiver below), so the next home page reads it again.
"""

from django.core.cache import cache
from django.db.models import Count, IntegerField, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce

from catalog import shown
from catalog.models import Financial
from catalog.serializers import financial_data
from orders.models import Order, OrderItem

USUAL_LIMIT = 12
CACHE_SECONDS = 24 * 60 * 60


def usual_cache_key(user_id: int) -> str:
    return f"orders.usual.{user_id}"


def _bought(user, measure):
    lines = (
        OrderItem.objects.filter(order__user=user, financial=OuterRef("pk"))
        .exclude(order__status=Order.Status.CANCELLED)
        .values("financial")
        .annotate(total=measure)
        .values("total")
    )
    return Coalesce(Subquery(lines, output_field=IntegerField()), 0)


def _usual_packs(user) -> list[Financial]:
    mine = OrderItem.objects.filter(order__user=user).exclude(order__status=Order.Status.CANCELLED)
    return list(
        shown.packs()
        .filter(pk__in=mine.values("financial_id"))
        .annotate(orders=_bought(user, Count("order", distinct=True)), packs=_bought(user, Sum("qty")))
        .select_related("detail__product__category")
        .order_by("-orders", "-packs", "pk")[:USUAL_LIMIT]
    )


def _as_products(packs: list[Financial]) -> list[dict]:
    """The packs in the catalog's product shape, each product and brand once, in rank order."""
    products: dict[int, dict] = {}
    for pack in packs:
        detail, product = pack.detail, pack.detail.product
        entry = products.setdefault(
            product.pk,
            {
                "_id": str(product.pk),
                "name": product.name,
                "nameTe": product.name_te,
                "slug": product.slug,
                "category": product.category.name,
                "categoryTe": product.category.name_te,
                "image": product.image,
                "details": [],
            },
        )
        brand = next((known for known in entry["details"] if known["_id"] == str(detail.pk)), None)
        if brand is None:
            brand = {
                "_id": str(detail.pk),
                "brand": detail.brand,
                "images": [{"image": url} for url in detail.images],
                "financials": [],
            }
            entry["details"].append(brand)
        brand["financials"].append(financial_data(pack))
    return list(products.values())


def usual_items(*, user) -> list[dict]:
    """The shopper's usual packs as products (cached; one statement when not)."""
    key = usual_cache_key(user.pk)
    products = cache.get(key)
    if products is None:
        products = _as_products(_usual_packs(user))
        cache.set(key, products, CACHE_SECONDS)
    return products


def forget_usual_items(sender=None, *, order_id: int, **kwargs) -> None:
    """The `order_changed` receiver: the order's shopper reads their usual items afresh."""
    user_id = Order.objects.filter(pk=order_id).values_list("user_id", flat=True).first()
    if user_id is not None:
        cache.delete(usual_cache_key(user_id))
