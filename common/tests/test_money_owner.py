"""Rupees ↔ paise has one owner, `common.money.to_paise` / `to_rupees` (issue 40): rupees to paise
was written five ways, four of them `int(amount * 100)`, which cuts a paisa off an amount with a
third decimal or a float instead of rounding it. This test finds a second writer anywhere in the
apps and names it."""

import ast

import pytest

from common.tests.tree import app_modules, words

OWNER = "common/money.py"
MONEY_WORDS = {"paise", "amount", "price", "dprice", "rupees", "total", "captured", "due", "paid", "balance", "cost"}
# A function by one of these names outside the owner is a second converter.
CONVERTER_NAMES = {"to_paise", "to_rupees", "from_paise", "paise", "rupees_of", "rupees_from_paise", "paise_from"}


def _is_hundred(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and not isinstance(node.value, bool):
        return node.value in (100, 100.0, "100")
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Decimal"
        and len(node.args) == 1
        and _is_hundred(node.args[0])
    )


def _by_hundred(node: ast.AST) -> tuple[str, ast.AST] | None:
    """("*", other side) for `x * 100`, ("/", x) for `x / 100`, else None."""
    if not isinstance(node, ast.BinOp) or not isinstance(node.op, ast.Mult | ast.Div):
        return None
    if _is_hundred(node.right):
        return ("*" if isinstance(node.op, ast.Mult) else "/"), node.left
    if isinstance(node.op, ast.Mult) and _is_hundred(node.left):
        return "*", node.right
    return None


def money_writers(tree: ast.Module) -> list[str]:
    """`line N: what` for each place in `tree` that turns rupees into paise or back by itself."""
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.FunctionDef) and node.name in CONVERTER_NAMES:
            found.append(f"line {line}: def {node.name}, a second converter")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "int" and node.args:
            argument = node.args[0]
            # `int(total // step)` floors on purpose (how many whole steps); that is not a conversion.
            floored = isinstance(argument, ast.BinOp) and isinstance(argument.op, ast.FloorDiv)
            if not floored and (words(argument) & MONEY_WORDS or any(map(_by_hundred, ast.walk(argument)))):
                found.append(f"line {line}: int() on money, which cuts instead of rounding")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "scaleb":
            found.append(f"line {line}: .scaleb(), a second converter")
        elif (scaled := _by_hundred(node)) is not None:
            operator, other = scaled
            # `price * (100 - discount) / 100` and `saving / price * 100` are percentages, not paise.
            if operator == "/" and "paise" in words(other):
                found.append(f"line {line}: paise / 100, a second paise → rupees")
            elif operator == "*" and not isinstance(other, ast.BinOp) and words(other) & MONEY_WORDS:
                found.append(f"line {line}: rupees * 100, a second rupees → paise")
    return found


def test_only_common_money_turns_rupees_into_paise_and_back():
    offenders = {path: found for path, tree in app_modules() if path != OWNER and (found := money_writers(tree))}
    assert offenders == {}, "use common.money.to_paise / to_rupees"


@pytest.mark.parametrize(
    "source",
    [
        "paid = int(Decimal(order.amount_paid) * 100)",  # payments/refunds.py before issue 40
        "locked.captured_paise = max(0, int(captured * 100))",  # payments/services.py
        "def paise(amount):\n    return int(Decimal(amount) * 100)",  # orders/credit_notes.py
        "def rupees_of(paise):\n    return (Decimal(paise) / 100).quantize(CENT)",  # payments/credit.py
        "def amount(self):\n    return Decimal(self.amount_paise) / 100",  # payments/models.py
        "value = MoneyField().to_representation(Decimal(abs(entry.amount_paise)) / 100)",  # support/serializers.py
        "paise = round(order.total_price * Decimal('100'))",
        "paise = int(order.total_price)",
        "paise = amount.scaleb(2)",
    ],
)
def test_each_way_it_was_written_before_is_caught(source):
    assert money_writers(ast.parse(source))


@pytest.mark.parametrize(
    "source",
    [
        "dprice = price * (100 - discount) / 100",
        "percent = (price - dprice) / price * 100",
        "coins = int(total // promotion.coin_step)",
        "seconds = int((end - ticket.opened_at).total_seconds())",
        "paise = to_paise(order.total_price)",
        "rupees = to_rupees(entry.amount_paise)",
    ],
)
def test_percentages_and_the_owners_calls_pass(source):
    assert money_writers(ast.parse(source)) == []
