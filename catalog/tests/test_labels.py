"""A pack's label has one writer, `catalog.labels` (issue 40: `500 g` was rebuilt in about 14
places): the function's answers, and a scan of every app that names any second writer."""

import ast
from decimal import Decimal
from types import SimpleNamespace

import pytest

from catalog.labels import pack_label, pack_quantity
from common.tests.tree import app_modules, words

OWNER = "catalog/labels.py"


def _names(node: ast.AST) -> set[str]:
    """The names an expression reads, `pack["units"]`'s key among them."""
    keys = {child.value for child in ast.walk(node) if isinstance(child, ast.Constant) and isinstance(child.value, str)}
    return words(node) | {word for key in keys for word in key.lower().split("_")}


def label_writers(tree: ast.Module) -> list[str]:
    """`line N: what` for each f-string writing a size next to its units, and each pack size
    written from its Decimal (`format(quantity.normalize(), "f")`), in `tree`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = [_names(part.value) if isinstance(part, ast.FormattedValue) else part.value for part in node.values]
            for before, between, after in zip(parts, parts[1:], parts[2:], strict=False):
                if isinstance(before, set) and between == " " and isinstance(after, set) and "units" in after:
                    if before & {"quantity", "size", "display"}:
                        found.append(f"line {node.lineno}: a size and its units in an f-string")
        elif _writes_text(node) and any(map(_normalized, ast.walk(node))):
            found.append(f"line {node.lineno}: a pack size from its Decimal")
    return found


def _normalized(node: ast.AST) -> bool:
    """`quantity.normalize()`: a Decimal without its trailing zeros."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "normalize"
        and not node.args
    )


def _writes_text(node: ast.AST) -> bool:
    """`format(...)`, `str(...)` or an f-string's `{...}`: a value turned into text. (A normalized
    Decimal kept as a number, as the search's sizes compare them, is no label.)"""
    if isinstance(node, ast.FormattedValue):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("format", "str")


def test_only_catalog_labels_writes_a_packs_label():
    offenders = {path: found for path, tree in app_modules() if path != OWNER and (found := label_writers(tree))}
    assert offenders == {}, "use catalog.labels.pack_label / pack_quantity"


@pytest.mark.parametrize(
    "source",
    [
        'def _item_label(item):\n    return f"{item.brand} {item.name} {item.quantity} {item.units}"',  # support/services.py
        'pack = f"{pack.quantity_display} {pack.units}"',  # notifications/alerts.py
        "pack = f\"{_size(pack['quantity'])} {pack['units']}\"",  # orders/reports.py
        'size = format(Decimal(quantity).normalize(), "f")',  # orders/reports.py's _size
        'size = f"{quantity.normalize()}"',
        "size = str(pack.quantity.normalize())",
        'label = f"{detail.brand} {product.name} {pack.quantity} {pack.units}"',
    ],
)
def test_each_way_it_was_written_before_is_caught(source):
    assert label_writers(ast.parse(source))


@pytest.mark.parametrize(
    "source",
    [
        'text = f"{product_id} {day}: {self.units} sold"',
        "forms = tuple((quantity.normalize(), units) for quantity, units in forms)",  # catalog/query_text.py
    ],
)
def test_units_alone_and_a_normalized_number_kept_as_a_number_pass(source):
    assert label_writers(ast.parse(source)) == []


def _pack(quantity, units="g", brand="Aashirvaad", name="Atta"):
    product = SimpleNamespace(name=name)
    return SimpleNamespace(quantity=quantity, units=units, detail=SimpleNamespace(brand=brand, product=product))


@pytest.mark.parametrize(
    "quantity, written",
    [(Decimal("500.000"), "500"), (Decimal("1.500"), "1.5"), (Decimal("1E+3"), "1000"), ("1.50", "1.50"), (2, "2")],
)
def test_a_pack_size_drops_a_stored_decimals_trailing_zeros_and_keeps_text_as_it_is(quantity, written):
    assert pack_quantity(quantity) == written


def test_a_pack_its_order_line_and_a_report_row_read_alike():
    line = SimpleNamespace(quantity="1.5", units="kg", brand="Aashirvaad", name="Atta")
    row = {"quantity": Decimal("1.500"), "units": "kg", "brand": "Aashirvaad", "name": "Atta"}
    pack = _pack(Decimal("1.500"), "kg")
    assert {pack_label(pack), pack_label(line), pack_label(row)} == {"1.5 kg"}
    assert {pack_label(pack, named=True), pack_label(line, named=True), pack_label(row, named=True)} == {
        "Aashirvaad Atta 1.5 kg"
    }


def test_the_telugu_name_takes_the_english_names_place():
    assert pack_label(_pack(Decimal("500")), named=True, name="ఆటా") == "Aashirvaad ఆటా 500 g"


def test_a_missing_brand_leaves_no_double_space():
    assert pack_label({"quantity": "5", "units": "kg", "brand": "", "name": "Rice"}, named=True) == "Rice 5 kg"
