"""The staff roles' groups (accounts/roles.py) with their model permissions; every admin of the
shop so far (`is_staff`, the wire's `isAdmin`) becomes an owner."""

from django.db import migrations


def forward(apps, schema_editor):
    from accounts.roles import Role, roles_sync

    Group = apps.get_model("auth", "Group")
    roles_sync(group_model=Group, permission_model=apps.get_model("auth", "Permission"))
    owners = Group.objects.get(name=Role.OWNER.value)
    User = apps.get_model("accounts", "User")
    owners.user_set.add(*User.objects.filter(is_staff=True).values_list("pk", flat=True))


def backward(apps, schema_editor):
    from accounts.roles import Role

    apps.get_model("auth", "Group").objects.filter(name__in=Role.values).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_user_role_groups"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forward, backward)]
