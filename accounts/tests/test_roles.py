"""Staff roles (accounts/roles.py): who holds which role, and the owner's rules for changing them."""

import pytest
from django.contrib.auth.models import Group

from accounts.errors import InvalidInput
from accounts.roles import ROLE_PERMISSIONS, Role, has_role, is_staff_member, role_of
from accounts.services import user_admin_update, user_role_set
from common.permissions import HasRole, IsAdmin

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(make_user, admin_user):
    def make(role: Role):
        user = make_user(name=f"A {role.value}")
        return user_role_set(actor=admin_user, user=user, role=role)

    return make


def test_every_role_has_its_group_with_its_permissions():
    for role in Role:
        group = Group.objects.get(name=role.value)
        held = {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.select_related("content_type")}
        wanted = {
            f"{app}.{action}_{model}"
            for app, models in ROLE_PERMISSIONS.get(role, {}).items()
            for model, actions in models.items()
            for action in actions
        }
        assert held == wanted, role


def test_the_owner_flag_is_the_owner_role(admin_user, customer):
    assert role_of(admin_user) == Role.OWNER
    assert has_role(admin_user, Role.RIDER)  # the owner holds every role
    assert role_of(customer) is None and not is_staff_member(customer)
    assert role_of(None) is None


def test_a_role_is_a_group_and_only_that(staff):
    cashier = staff(Role.CASHIER)
    assert role_of(cashier) == Role.CASHIER and not cashier.is_staff
    assert has_role(cashier, Role.CASHIER) and not has_role(cashier, Role.PACKER)
    assert list(cashier.groups.values_list("name", flat=True)) == ["cashier"]


def test_an_inactive_staff_member_has_no_role(staff):
    packer = staff(Role.PACKER)
    packer.is_active = False
    packer.save()
    packer.refresh_from_db()
    assert role_of(packer) is None


def test_making_an_owner_sets_the_flag_and_taking_it_away_clears_it(admin_user, staff):
    rider = staff(Role.RIDER)
    user_role_set(actor=admin_user, user=rider, role="owner")
    rider.refresh_from_db()
    assert rider.is_staff and role_of(rider) == Role.OWNER
    user_role_set(actor=admin_user, user=rider, role=None)
    rider.refresh_from_db()
    assert not rider.is_staff and role_of(rider) is None and not rider.groups.exists()


def test_nobody_changes_their_own_role_and_the_last_owner_stays(admin_user):
    with pytest.raises(InvalidInput):
        user_role_set(actor=admin_user, user=admin_user, role="cashier")
    assert role_of(admin_user) == Role.OWNER


def test_an_unknown_role_is_refused(admin_user, customer):
    with pytest.raises(InvalidInput) as error:
        user_role_set(actor=admin_user, user=customer, role="manager")
    assert "owner, cashier, packer, rider" in error.value.message


def test_the_existing_clients_is_admin_makes_and_unmakes_an_owner(admin_user, staff):
    packer = staff(Role.PACKER)
    user_admin_update(actor=admin_user, user=packer, is_admin=True)
    assert role_of(packer) == Role.OWNER
    user_admin_update(actor=admin_user, user=packer, is_admin=False)
    assert role_of(packer) is None
    cashier = staff(Role.CASHIER)
    user_admin_update(actor=admin_user, user=cashier, is_admin=False)  # not an owner: nothing to take away
    assert role_of(cashier) == Role.CASHIER


def test_drf_permissions_follow_the_role(rf, admin_user, customer, staff):
    cashier_or_owner = HasRole(Role.CASHIER)()
    cases = {admin_user: (True, True), staff(Role.CASHIER): (True, False), staff(Role.RIDER): (False, False)}
    cases[customer] = (False, False)
    for user, (cashier_gate, owner_gate) in cases.items():
        request = rf.get("/")
        request.user = user
        assert cashier_or_owner.has_permission(request, None) is cashier_gate, user
        assert IsAdmin().has_permission(request, None) is owner_gate, user


def test_django_admin_permissions_come_from_the_group(staff, admin_user):
    packer = staff(Role.PACKER)
    assert packer.has_perm("orders.change_order") and packer.has_module_perms("orders")
    assert not packer.has_perm("payments.view_refund") and not packer.has_module_perms("payments")
    assert admin_user.has_perm("payments.view_refund")
