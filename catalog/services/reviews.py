"""Review writes: verified purchases only, one review per customer per product; the product's
rating follows at once.

A customer may review a product once an order of theirs holding it has been delivered (issue 33.9:
anyone could rate a product they never bought). Delivered rather than placed: a placed order can
still be cancelled, and the shopper has not had the goods in hand. Staff are held to the same rule.
"""

from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal

from django.db import IntegrityError, transaction
from django.db.models import Avg, Count
from django.utils.translation import gettext_lazy

from catalog.error_codes import CatalogErrorCode
from common.errors import Conflict, DomainError, Forbidden

from .. import caching
from ..models import Product, Review

RATING_RULE = gettext_lazy("Rating must be a whole number from 1 to 5.")
ALREADY_REVIEWED = gettext_lazy("Product already reviewed")
NOT_DELIVERED = gettext_lazy("You can review a product once an order with it has been delivered to you.")


class _DeliveredCheck:
    """Who had a product delivered is the orders' knowledge, and orders builds on the catalog (the
    catalog imports no orders code): the orders app hands its check over when it starts
    (`orders.apps`). Set once at start-up, read on every review."""

    check: Callable[..., bool] | None = None


delivered_check = _DeliveredCheck()


def review_allowed(*, user, product_id: int) -> bool:
    """The customer has had the product delivered (a verified purchase); nobody has without orders."""
    check = delivered_check.check
    return check is not None and check(user=user, product_id=product_id)


@transaction.atomic
def review_create(*, product: Product, user, rating, comment: str = "") -> Review:
    """One review per customer per product, from a customer it was delivered to (403 otherwise);
    the product's rating and count follow at once."""
    try:
        rating = int(rating)
    except (TypeError, ValueError):
        raise DomainError(RATING_RULE) from None
    if not 1 <= rating <= 5:
        raise DomainError(RATING_RULE)
    if not review_allowed(user=user, product_id=product.pk):
        raise Forbidden(NOT_DELIVERED, code=CatalogErrorCode.NOT_DELIVERED)
    # Lock the product so concurrent reviews recompute its rating one after the other.
    product = Product.objects.select_for_update().get(pk=product.pk)
    if Review.objects.filter(product=product, user=user).exists():
        raise Conflict(ALREADY_REVIEWED)
    try:
        with transaction.atomic():
            review = Review.objects.create(product=product, user=user, rating=rating, comment=str(comment or ""))
    except IntegrityError:
        raise Conflict(ALREADY_REVIEWED) from None
    _product_rating_refresh(product)
    return review


@transaction.atomic
def review_delete(*, review: Review) -> None:
    product = Product.objects.select_for_update().get(pk=review.product_id)
    review.delete()
    _product_rating_refresh(product)


def _product_rating_refresh(product: Product) -> None:
    totals = Review.objects.filter(product=product).aggregate(average=Avg("rating"), count=Count("id"))
    product.rating = Decimal(str(totals["average"] or 0)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    product.num_reviews = totals["count"]
    product.save(update_fields=["rating", "num_reviews", "updated_at"])
    caching.invalidate(words=False)
