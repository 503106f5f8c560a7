"""Publishing (issue 45): what shoppers see is staff's choice, and history is never deleted.

A new product or pack starts hidden (`published` defaults to False); staff publish it from the
product list or the edit screen. A product, brand or pack that orders hold is hidden instead of
deleted when staff delete it: its order lines, pick lists, invoices and the dashboard keep their
names. Which packs orders hold is the orders' knowledge, and orders builds on the catalog (the
catalog imports no orders code): the orders app hands its answer over when it starts
(`orders.apps`), as it does for reviews (`reviews.delivered_check`).
"""

from collections.abc import Callable, Iterable

from django.db import transaction
from django.utils.translation import gettext_lazy

from common.errors import Conflict

from .. import caching
from ..models import Financial, Product
from ..written import packs_written

NO_PACK_SHOWN = gettext_lazy("Show at least one of its packs to shoppers first (Edit, then “Shown to shoppers”).")
PRODUCT_HIDDEN_INSTEAD = gettext_lazy("This product is part of orders, so it was hidden from shoppers, not deleted.")
BRAND_HIDDEN_INSTEAD = gettext_lazy(
    "This brand is part of orders, so its packs were hidden from shoppers, not deleted."
)
PACK_HIDDEN_INSTEAD = gettext_lazy("This pack is part of orders, so it was hidden from shoppers, not deleted.")


class _SoldPacks:
    """`of(financial_ids)`: the ids among them that order lines hold (set by `orders.apps`)."""

    of: Callable[[Iterable[int]], set[int]] | None = None


sold_packs = _SoldPacks()


def packs_in_orders(financial_ids: Iterable[int]) -> bool:
    """Some of these packs are part of orders (with no orders app, none is)."""
    ids = list(financial_ids)
    return bool(ids) and sold_packs.of is not None and bool(sold_packs.of(ids))


def _written(product_ids: list[int], financial_ids: list[int]) -> None:
    caching.invalidate()  # names appear and go from the search's words too
    packs_written(product_ids=product_ids, financial_ids=financial_ids)


@transaction.atomic
def product_publish(*, product: Product, published: bool) -> Product:
    """Show `product` to shoppers or hide it. Published needs a pack published first (a product
    with no pack to show would be an empty card); hiding keeps its packs' own flags, so showing
    it again shows the same packs."""
    product = Product.objects.select_for_update().get(pk=product.pk)
    if published and not Financial.objects.filter(detail__product=product, published=True).exists():
        raise Conflict(NO_PACK_SHOWN)
    if product.published != published:
        product.published = published
        product.save(update_fields=["published", "updated_at"])
        ids = list(Financial.objects.filter(detail__product=product).values_list("pk", flat=True))
        _written([product.pk], ids)
    return product


def pack_publish(*, financial: Financial, published: bool) -> Financial:
    """Show one pack to shoppers (once its product is shown too) or hide it."""
    if financial.published != published:
        financial.published = published
        Financial.objects.filter(pk=financial.pk).update(published=published)
        _written([financial.detail.product_id], [financial.pk])
    return financial


def hide_product(product: Product) -> None:
    """Hide a product (not its packs' own flags) in place of deleting it."""
    Product.objects.filter(pk=product.pk).update(published=False)
    product.published = False
    _written([product.pk], list(Financial.objects.filter(detail__product=product).values_list("pk", flat=True)))


def hide_packs(packs) -> None:
    """Hide these packs (a queryset) in place of deleting them."""
    rows = list(packs.values_list("pk", "detail__product_id"))
    packs.update(published=False)
    _written(sorted({product for _pk, product in rows}), [pk for pk, _product in rows])
