""" "Is staff" has one answer, `accounts.roles` (issue 40: it was checked four ways, one of them
reading `is_active`, the others not): outside accounts no module reads the `is_staff` flag; it
asks `is_staff_member`, `is_owner` or `has_role`."""

import ast

import pytest

from common.tests.tree import app_modules

# The flag's own app: the model that holds it, the roles that read it, the services, admin and
# privacy export that set or show it.
OWNER_APP = "accounts"


def staff_flag_reads(tree: ast.Module) -> list[str]:
    """`line N` for each read of `.is_staff` in `tree` (a keyword `is_staff=` is a query or a write)."""
    return [
        f"line {node.lineno}: .is_staff read; ask accounts.roles"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr == "is_staff" and isinstance(node.ctx, ast.Load)
    ]


def test_only_accounts_reads_the_staff_flag():
    offenders = {
        path: found
        for path, tree in app_modules()
        if path.split("/")[0] != OWNER_APP and (found := staff_flag_reads(tree))
    }
    assert offenders == {}, "use accounts.roles.is_staff_member / is_owner / has_role"


@pytest.mark.parametrize(
    "source, reads",
    [
        ("if not (user and user.is_staff):\n    pass", 1),  # orders/serializers.py before issue 40
        ("staff = request.user.is_staff and request.user.is_active", 1),
        ("User.objects.filter(is_staff=True)", 0),
        ("if is_staff_member(user):\n    pass", 0),
    ],
)
def test_the_scan_finds_each_read(source, reads):
    assert len(staff_flag_reads(ast.parse(source))) == reads
