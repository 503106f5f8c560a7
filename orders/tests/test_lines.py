"""An order line has one builder, `orders.lines.line_snapshot` (issue 40: the snapshot was built
three times, and the demo's lines had no HSN, GST or Telugu name): a scan of every app that names
any second writer of an `OrderItem`, and the flows that make lines calling the builder."""

import ast

import pytest

from common.tests.tree import app_modules

OWNER = "orders/lines.py"
MODEL = "orders/models.py"
# The flows that make order lines: placement, a substitution at packing, the counter's bill, the demo.
BUILDERS_USERS = ("checkout/placement.py", "aftersale/packing.py", "counter/services.py", "demo/orders.py")
WRITES = {"create", "get_or_create", "update_or_create"}


def _dotted(node: ast.AST) -> str:
    """`OrderItem.objects.create` for the expression a call calls ('' for anything else)."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


def line_writers(tree: ast.Module) -> list[str]:
    """`line N: what` for each place in `tree` that makes an order line itself."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = _dotted(node.func)
        parts = called.split(".")
        if called in ("OrderItem", "models.OrderItem"):
            found.append(f"line {node.lineno}: OrderItem(...), a second builder of a line")
        elif parts[-1] in WRITES and ("OrderItem" in parts or parts[-2:-1] == ["items"]):
            found.append(f"line {node.lineno}: {called}(...), a line written without its snapshot")
    return found


def test_only_orders_lines_builds_an_order_line():
    offenders = {
        path: found for path, tree in app_modules() if path not in (OWNER, MODEL) and (found := line_writers(tree))
    }
    assert offenders == {}, "build the line with orders.lines.line_snapshot"


@pytest.mark.parametrize("path", BUILDERS_USERS)
def test_each_flow_that_makes_lines_calls_the_builder(path):
    tree = dict(app_modules())[path]
    calls = {_dotted(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    assert "line_snapshot" in calls, f"{path} makes order lines: it should call orders.lines.line_snapshot"


@pytest.mark.parametrize(
    "source",
    [
        "item = OrderItem(order=order, financial=pack, name=pack.detail.product.name, qty=qty)",  # services' _snapshot
        "OrderItem.objects.create(order=order, financial=pack, qty=1)",
        "order.items.create(financial=pack, qty=qty)",
        "line, _ = OrderItem.objects.get_or_create(order=order, financial=pack)",
        "items.append(models.OrderItem(order=order, qty=qty))",
    ],
)
def test_each_way_a_line_could_be_written_is_caught(source):
    assert line_writers(ast.parse(source))


@pytest.mark.parametrize(
    "source",
    [
        "line = line_snapshot(order=order, pack=pack, qty=qty)",
        "OrderItem.objects.bulk_create(items)",  # saving lines the builder made
        "OrderItem.objects.filter(order=order).update(qty=2)",
        "ticket.lines.create(order_item=item, quantity=1)",
    ],
)
def test_saving_the_builders_lines_and_other_rows_pass(source):
    assert line_writers(ast.parse(source)) == []
