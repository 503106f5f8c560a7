"""A pack's label, the one way it is written (issue 40: it was rebuilt in about 14 places).

`pack_label(pack)` is `500 g`, `1.5 kg`; `pack_label(pack, named=True)` is `Aashirvaad Atta 500 g`.
`pack` is a pack (`Financial`) or anything that carries a pack's snapshot: an order line, a credit
note's line, a report's row (a mapping with `quantity`, `units`, `brand`, `name`). A test holds
every other module to these functions."""

from collections.abc import Mapping
from decimal import Decimal


def pack_quantity(quantity: Decimal | str | int) -> str:
    """`500`, `1.5`: a pack size as the cart, the wire format and the labels write it (a stored
    `Decimal("1.500")` loses its trailing zeros; text, as an order line keeps it, stays as it is)."""
    if isinstance(quantity, Decimal):
        return format(quantity.normalize(), "f")
    return str(quantity).strip()


def _field(pack, name: str):
    return pack.get(name, "") if isinstance(pack, Mapping) else getattr(pack, name, "")


def pack_label(pack, *, named: bool = False, name: str | None = None) -> str:
    """`500 g`; with `named`, the brand and the product's name before it (`name` in place of the
    product's English name: the Telugu one, for a shopper who reads Telugu)."""
    size = f"{pack_quantity(_field(pack, 'quantity'))} {_field(pack, 'units')}".strip()
    if not named:
        return size
    detail = getattr(pack, "detail", None)  # a Financial: its brand and product live on the detail
    brand = detail.brand if detail is not None else _field(pack, "brand")
    if name is None:
        name = detail.product.name if detail is not None else _field(pack, "name")
    return " ".join(part for part in (brand, name, size) if part)
