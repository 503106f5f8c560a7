"""The demo accounts `manage.py seed_demo` creates (README, "Demo accounts"); an account that
exists is left as it is."""

from accounts.models import User

DEMO_ADMIN = {"phone_no": "9000000001", "password": "admin12345", "name": "Store Admin"}
DEMO_CUSTOMER = {
    "phone_no": "9000000002",
    "password": "customer12345",
    "name": "Demo Customer",
    "street": "12-4 Gandhi Nagar",
    "city": "Amalapuram",
    "postal_code": "533201",
}


def seed_demo_users() -> list[tuple[str, bool]]:
    """The demo admin and customer: [(phone number, created)]."""
    result = []
    for fields, is_staff in ((DEMO_ADMIN, True), (DEMO_CUSTOMER, False)):
        fields = dict(fields)
        phone_no, password = fields.pop("phone_no"), fields.pop("password")
        exists = User.objects.filter(phone_no=phone_no).exists()
        if not exists:
            User.objects.create_user(phone_no, password, is_staff=is_staff, **fields)
        result.append((phone_no, not exists))
    return result
