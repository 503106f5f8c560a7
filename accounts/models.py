from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone

phone_validator = RegexValidator(r"^[6-9]\d{9}$", "Please enter a valid 10-digit phone number.")


class UserManager(BaseUserManager):
    use_in_migrations = True

    def create_user(self, phone_no: str, password: str | None = None, **fields):
        if not phone_no:
            raise ValueError("A phone number is required")
        user = self.model(phone_no=phone_no, **fields)
        user.set_password(password)
        user.full_clean(exclude=["password"])
        user.save(using=self._db)
        return user

    def create_superuser(self, phone_no: str, password: str | None = None, **fields):
        fields["is_staff"] = True
        return self.create_user(phone_no, password, **fields)


class User(AbstractBaseUser):
    """A shopper or a staff member, known by a 10-digit Indian mobile number.

    `is_staff` is the spec's `isAdmin`: the same flag opens the shop's admin screens and Django
    admin, with every permission (the shop has no finer roles).
    """

    phone_no = models.CharField("phone number", max_length=10, unique=True, validators=[phone_validator])
    name = models.CharField(max_length=120, blank=True)
    is_staff = models.BooleanField("admin", default=False)
    is_active = models.BooleanField(default=True)
    date_joined = models.DateTimeField(default=timezone.now)

    street = models.CharField(max_length=255, blank=True)
    city = models.CharField(max_length=120, blank=True)
    postal_code = models.CharField(max_length=6, blank=True)
    latitude = models.DecimalField(max_digits=9, decimal_places=6, null=True, blank=True)
    longitude = models.DecimalField(max_digits=9, decimal_places=6, null=True, blank=True)

    objects = UserManager()

    USERNAME_FIELD = "phone_no"
    REQUIRED_FIELDS = ["name"]

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.name or 'Customer'} ({self.phone_no})"

    @property
    def is_admin(self) -> bool:
        return self.is_staff

    @property
    def is_superuser(self) -> bool:
        return self.is_staff

    def has_perm(self, perm, obj=None) -> bool:
        return self.is_active and self.is_staff

    def has_module_perms(self, app_label) -> bool:
        return self.is_active and self.is_staff

    @property
    def has_complete_address(self) -> bool:
        return bool(self.street.strip() and self.city.strip() and self.postal_code.strip())
