"""The names of the shop's staff roles (issue 41), here so that every app, the catalog below
accounts included, can name the roles a route is for.

Who holds which role (Django groups, the owner's flag) is accounts' business: `accounts.roles`
(`role_of`, `has_role`, `is_staff_member`), which the signed-in user answers as `user.staff_role`.
"""

from django.db import models
from django.utils.translation import gettext_lazy


class Role(models.TextChoices):
    OWNER = "owner", gettext_lazy("Owner / manager")
    CASHIER = "cashier", gettext_lazy("Cashier")
    PACKER = "packer", gettext_lazy("Packer")
    RIDER = "rider", gettext_lazy("Rider")
