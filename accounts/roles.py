"""Staff roles: who works in the shop and what each may do (issue 41).

A grocer's staff are an owner or manager (everything: prices, users, money, reports, the spec's
`isAdmin`), cashiers (the counter, phone orders, looking products and orders up), packers (the
board, pick lists, packing changes; no money) and riders (the day's delivery sheet, marking
delivered, the cash collected). Each role is a Django group of the same name; its model
permissions (Django admin) are `ROLE_PERMISSIONS` below, kept in the database by `roles_sync`
(the data migration and every `migrate`). The shop's own API and screens ask `has_role`.

`is_staff` stays the owner's flag (the wire's `isAdmin`, Django's "superuser"), so any check that
still reads it refuses the other roles rather than opening money to them. One user has one role:
`user_role_set` (accounts/services.py) keeps the flag and the group together.
"""

from django.db.models import Case, IntegerField, OuterRef, QuerySet, Subquery, Value, When

from common.roles import Role

__all__ = ["Role", "has_role", "is_owner", "is_staff_member", "role_of"]


# When a user somehow sits in several groups, the widest role counts (the order above).
_PRECEDENCE = list(Role)

_VIEW = ("view",)
_CHANGE = ("view", "change")

# What each role may open in Django admin (/staff/): app label -> model -> actions. The owner has
# every permission without a list (User.has_perm), so only the other roles are written here.
ROLE_PERMISSIONS: dict[Role, dict[str, dict[str, tuple[str, ...]]]] = {
    Role.CASHIER: {
        "catalog": {"category": _VIEW, "product": _VIEW, "detail": _VIEW, "financial": _VIEW, "barcode": _VIEW},
        "orders": {"order": _VIEW},
        "delivery": {"slot": _VIEW},
        "promotions": {"promotion": _VIEW},
    },
    Role.PACKER: {
        "catalog": {"product": _VIEW, "detail": _VIEW, "financial": _VIEW, "barcode": _VIEW},
        "orders": {"order": _CHANGE, "slotbooking": _VIEW},
        "delivery": {"deliverywindow": _VIEW, "slot": _VIEW},
    },
    Role.RIDER: {
        "orders": {"order": _VIEW},
    },
}

_ROLE_CACHE = "_staff_role"  # the role, read once per user object (one request)
_ANNOTATION = "staff_group"  # `with_staff_role`'s column: the role read with the user's own row


def with_staff_role(users: QuerySet) -> QuerySet:
    """`users` with each one's role group read in the same query (the sign-in check of every API
    request, the users list), so `role_of` asks nothing more."""
    from django.contrib.auth.models import Group

    rank = Case(
        *(When(name=role.value, then=Value(i)) for i, role in enumerate(_PRECEDENCE)), output_field=IntegerField()
    )
    groups = Group.objects.filter(user=OuterRef("pk"), name__in=Role.values).order_by(rank).values("name")[:1]
    return users.annotate(**{_ANNOTATION: Subquery(groups)})


def _active(user) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False) and user.is_active)


def role_of(user) -> Role | None:
    """The staff role of an active, signed-in user, or None for a customer (or nobody).

    The owner's flag (`is_staff`, which is also Django's superuser here) means OWNER without a
    query; anyone else's role is their group, read once per user object.
    """
    if not _active(user):
        return None
    if user.is_staff:
        return Role.OWNER
    if hasattr(user, _ROLE_CACHE):
        return getattr(user, _ROLE_CACHE)
    if _ANNOTATION in user.__dict__:
        name = user.__dict__[_ANNOTATION]
        role = Role(name) if name else None
    else:
        names = set(user.groups.filter(name__in=Role.values).values_list("name", flat=True))
        role = next((role for role in _PRECEDENCE if role.value in names), None)
    setattr(user, _ROLE_CACHE, role)
    return role


def role_forget(user) -> None:
    """Drop the role read for this user object (after its role changed)."""
    for name in (_ROLE_CACHE, _ANNOTATION):
        user.__dict__.pop(name, None)


def has_role(user, *roles: Role) -> bool:
    """Whether an active user holds one of `roles`; the owner holds every role."""
    role = role_of(user)
    return role is not None and (role == Role.OWNER or role in roles)


def is_owner(user) -> bool:
    """The wire's `isAdmin`: the owner or manager."""
    return role_of(user) == Role.OWNER


def is_staff_member(user) -> bool:
    """The one answer to "is this person staff": an active user with any role."""
    return role_of(user) is not None


def role_permission_names(role: Role) -> set[str]:
    """`app_label.codename` of every model permission the role's group holds."""
    return {
        f"{app}.{action}_{model}"
        for app, models_ in ROLE_PERMISSIONS.get(role, {}).items()
        for model, actions in models_.items()
        for action in actions
    }


def roles_sync(*, group_model, permission_model) -> None:
    """The four groups exist and hold exactly their role's permissions (those already in the
    database: a model's permissions appear after its app's migrations). Called by the data
    migration with the historical models and after every `migrate` (and test flush) with the real ones."""
    wanted = {role: role_permission_names(role) for role in Role}
    names = set().union(*wanted.values())
    apps_ = {name.split(".", 1)[0] for name in names}
    found = {
        f"{app_label}.{codename}": pk
        for pk, app_label, codename in permission_model.objects.filter(content_type__app_label__in=apps_).values_list(
            "pk", "content_type__app_label", "codename"
        )
    }
    for role in Role:
        group, _ = group_model.objects.get_or_create(name=role.value)
        group.permissions.set([found[name] for name in sorted(wanted[role]) if name in found])
