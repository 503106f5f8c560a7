"""Small builders for catalog rows in tests (they write straight to the database)."""

from decimal import Decimal
from itertools import count

from django.utils.text import slugify

from catalog.models import Category, Detail, Financial, Product
from catalog.pricing import pack_prices

_numbers = count(1)


def make_category(
    name: str | None = None, *, name_te: str = "", sequence: int | None = None, featured: bool = True
) -> Category:
    number = next(_numbers)
    name = name or f"CATEGORY {number}"
    return Category.objects.create(
        key=slugify(name),
        name=name,
        name_te=name_te,
        image=f"/media/catalog/categories/{slugify(name)}.svg",
        sequence=number if sequence is None else sequence,
        is_featured=featured,
    )


def make_product(
    name: str | None = None,
    *,
    name_te: str = "",
    category: Category | None = None,
    brands: dict[str, list[tuple]] | None = None,
) -> Product:
    """brands: {"Brand": [(quantity, units, price, dprice, stock), ...]}; default one brand, one pack."""
    number = next(_numbers)
    name = name or f"Product {number}"
    product = Product.objects.create(
        name=name,
        name_te=name_te,
        slug=f"{slugify(name)}-{number}",
        category=category or make_category(),
        image=f"/media/catalog/products/{slugify(name)}.svg",
        description=f"About {name}",
    )
    for brand, packs in (brands or {"Brand A": [("1", "kg", "100", "90", 10)]}).items():
        detail = Detail.objects.create(product=product, brand=brand, images=[f"/media/{slugify(brand)}.svg"])
        for quantity, units, price, dprice, stock in packs:
            make_pack(detail, quantity, units, price, dprice, stock)
    return product


def make_pack(detail: Detail, quantity="1", units="kg", price="100", dprice="90", stock=10) -> Financial:
    prices = pack_prices(price=price, dprice=dprice)
    return Financial.objects.create(
        detail=detail,
        quantity=Decimal(str(quantity)),
        units=units,
        price=prices.price,
        dprice=prices.dprice,
        discount=prices.discount,
        count_in_stock=stock,
    )


def make_products(total: int, *, category: Category | None = None, brands: int = 2, packs: int = 2) -> list[Product]:
    category = category or make_category()
    sizes = [("500", "g"), ("1", "kg"), ("5", "kg"), ("10", "kg")]
    return [
        make_product(
            category=category,
            brands={f"Brand {b}": [(q, u, "100", "95", 5) for q, u in sizes[:packs]] for b in range(1, brands + 1)},
        )
        for _ in range(total)
    ]
