"""A pack as the cart knows it: the record the catalog's financial batch endpoint returns.

A refused order (changed price, short stock) answers with these records so the browser can refresh
its cart with the same code it uses for `POST /api/products/financials/batch`.
"""

from catalog.models import Financial


def pack_image(pack: Financial) -> str:
    """The brand's first image, else the product's."""
    images = pack.detail.images or []
    first = images[0] if images else None
    if isinstance(first, dict):
        first = first.get("image")
    return first or pack.detail.product.image or ""


def pack_record(pack: Financial) -> dict:
    product = pack.detail.product
    return {
        "productId": str(product.pk),
        "brandId": str(pack.detail_id),
        "financialId": str(pack.pk),
        "name": product.name,
        "slug": product.slug,
        "brand": pack.detail.brand,
        "quantity": pack.quantity_display,
        "units": pack.units,
        "price": f"{pack.price:.2f}",
        "dprice": f"{pack.dprice:.2f}",
        "Discount": pack.discount,
        "countInStock": pack.count_in_stock,
        "image": pack_image(pack),
    }
