"""Who may call a route, as DRF permission classes every app uses.

A customer is any signed-in, active user. Staff hold a role (common/roles.py): the owner or
manager (`IsAdmin`, the wire format's `isAdmin`), a cashier, a packer or a rider. The user object
answers its own role (`user.staff_role`, from accounts/roles.py, the one place that decides who
is staff); a visitor or a customer has none.
"""

from django.utils.translation import gettext_lazy
from rest_framework.permissions import BasePermission

from common.roles import Role


def staff_role(user) -> Role | None:
    """The role of the request's user, or None (anonymous, a customer, an inactive account)."""
    return getattr(user, "staff_role", None)


class IsCustomer(BasePermission):
    message = gettext_lazy("Not authorized, please sign in.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.is_active)


class _HasRole(BasePermission):
    """Staff holding one of `roles`; the owner holds every role."""

    roles: frozenset[Role] = frozenset()
    message = gettext_lazy("Not authorized for this staff screen.")

    def has_permission(self, request, view) -> bool:
        role = staff_role(request.user)
        return role is not None and (role == Role.OWNER or role in self.roles)


def HasRole(*roles: Role) -> type[BasePermission]:  # noqa: N802  (reads as a class in permission_classes)
    """`permission_classes = [HasRole(Role.OWNER, Role.CASHIER)]`: staff holding one of `roles`."""
    names = ", ".join(sorted(role.value for role in roles)) or "owner"
    return type(f"HasRole({names})", (_HasRole,), {"roles": frozenset(roles)})


class IsAdmin(_HasRole):
    """The owner or manager only (today's `isAdmin`): prices, users, money, reports."""

    message = gettext_lazy("Not authorized as an admin.")
