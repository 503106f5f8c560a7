"""The order line's snapshot: the one builder of an `OrderItem` from a pack.

A line freezes what the cart showed (brand, name in English and Telugu, pack size, picture, MRP,
the price paid) with the GST inside it at the product's rate on that day, because the catalog
changes afterwards and an invoice must not. Placement (`checkout.placement`), a substitution at
packing (`aftersale.packing`) and the demo's history (`demo.orders`) all build their lines here,
so a line reads the same whoever wrote it; `orders/tests/test_lines.py` fails on a second writer.
"""

from decimal import Decimal

from catalog.models import Financial
from orders import tax
from orders.models import Order, OrderItem


def line_retax(line: OrderItem, *, interstate: bool | None) -> None:
    """The line's total and the GST inside it, for its current price and count (`orders.tax`, the
    one owner of GST). An order without a place of supply (`interstate` None: written before
    invoices carried tax) keeps lines without tax."""
    line.line_total = line.price * line.qty
    if line.gst_rate is not None and interstate is not None:
        inside = tax.tax_included(line.line_total, line.gst_rate, interstate=interstate)
        line.taxable_value, line.tax = inside.taxable_value, inside.tax


def line_snapshot(
    *,
    order: Order,
    pack: Financial,
    qty: int,
    price: Decimal | None = None,
    line_total: Decimal | None = None,
    cost_paise: int | None = None,
) -> OrderItem:
    """An unsaved line of `qty` × `pack` for `order`, at `price` a pack (the pack's `dprice` when
    None), on the invoice as `qty` packs, taxed at the product's GST rate today for the order's
    place of supply (`order.gst_interstate`). `cost_paise` is what the packs cost the shop, from
    the batches the sale took (`catalog.stock.StockTaken.cost_paise`; None when not known).

    `line_total` is for history only (the demo's orders, the reports' hand-made shop): a line whose
    total is already known; the tax is then the tax inside that total."""
    product = pack.detail.product
    line = OrderItem(
        order=order,
        financial=pack,
        product_id=product.pk,
        brand_id=pack.detail_id,
        name=product.name,
        name_te=product.name_te,
        brand=pack.detail.brand,
        quantity=pack.quantity_display,
        units=pack.units,
        image=pack.detail.image,
        mrp=pack.price,
        price=pack.dprice if price is None else price,
        qty=qty,
        invoiced_qty=qty,
        hsn_code=product.hsn_code,
        gst_rate=product.gst_rate if order.gst_interstate is not None else None,
        cost_paise=cost_paise,
    )
    line_retax(line, interstate=order.gst_interstate)
    if line_total is not None:
        line.line_total = line_total
        if line.gst_rate is not None:
            inside = tax.tax_included(line_total, line.gst_rate, interstate=order.gst_interstate)
            line.taxable_value, line.tax = inside.taxable_value, inside.tax
    return line
