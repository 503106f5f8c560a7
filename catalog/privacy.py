"""What the catalog holds about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py):
the reviews they wrote. A review is published for other shoppers and its rating is part of the
product's; erasing the account leaves it under the pseudonymised name ("Deleted user")."""

from catalog.models import Review


def personal_data_export(user) -> dict:
    """The reviews, each product named, in one query."""
    reviews = Review.objects.filter(user=user).select_related("product").order_by("created_at", "id")
    return {
        "reviews": [
            {
                "product": review.product.name,
                "rating": review.rating,
                "comment": review.comment,
                "createdAt": review.created_at.isoformat(),
            }
            for review in reviews
        ],
    }


def personal_data_erase(user) -> dict[str, int]:
    """Nothing: see the module's docstring (the name the review shows is the account's)."""
    return {}
