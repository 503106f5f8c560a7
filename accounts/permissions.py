"""DRF permissions by staff role: `IsOwner` (the owner or manager, the wire's `isAdmin`) and
`HasRole(*roles)`, e.g. `permission_classes = [HasRole(Role.OWNER, Role.CASHIER)]`.

They are common/permissions.py's own classes (apps below accounts, the catalog, use them from
there); the role itself is accounts/roles.py's `role_of`.
"""

from common.permissions import HasRole, IsAdmin, IsCustomer

IsOwner = IsAdmin

__all__ = ["HasRole", "IsCustomer", "IsOwner"]
