"""Wire format of the accounts API (spec section 3 "User", contracts "Stored login info").

Input serializers only shape the JSON (types, names); the rules and their messages live in
`accounts.rules` and the services, so a missing phone number reads "Please enter a valid 10-digit
phone number." rather than "This field is required.".
"""

from rest_framework import serializers

from accounts.delivery import DeliveryResult
from accounts.models import User
from accounts.tokens import IssuedToken, iso_utc


def _text(**kwargs):
    return serializers.CharField(required=False, allow_blank=True, allow_null=True, **kwargs)


class LoginInput(serializers.Serializer):
    phoneNo = _text()
    password = _text(trim_whitespace=False)


class OtpSendInput(serializers.Serializer):
    phoneNo = _text()
    purpose = _text()


class OtpVerifyInput(serializers.Serializer):
    phoneNo = _text()
    code = _text()
    purpose = _text()


class RegisterInput(serializers.Serializer):
    name = _text()
    phoneNo = _text()
    password = _text(trim_whitespace=False)
    verificationToken = _text()


class ForgotPasswordInput(serializers.Serializer):
    phoneNo = _text()
    password = _text(trim_whitespace=False)
    verificationToken = _text()


class AddressInput(serializers.Serializer):
    street = _text()
    city = _text()
    postalCode = _text(source="postal_code")


class LocationInput(serializers.Serializer):
    latitude = serializers.FloatField(required=False, allow_null=True)
    longitude = serializers.FloatField(required=False, allow_null=True)


class ProfileInput(serializers.Serializer):
    name = _text()
    phoneNo = _text(source="phone_no")
    deliveryAddress = AddressInput(required=False, allow_null=True, source="delivery_address")
    location = LocationInput(required=False, allow_null=True)
    password = _text(trim_whitespace=False)


class AddressWithLocationInput(AddressInput):
    location = LocationInput(required=False, allow_null=True)


class AdminUserInput(serializers.Serializer):
    name = _text()
    phoneNo = _text(source="phone_no")
    isAdmin = serializers.BooleanField(required=False, source="is_admin")


class DeliveryCheckInput(serializers.Serializer):
    pincode = _text()
    lat = _text()
    lng = _text()


def address_data(user: User) -> dict:
    return {"street": user.street, "city": user.city, "postalCode": user.postal_code}


def location_data(user: User) -> dict | None:
    if user.latitude is None or user.longitude is None:
        return None
    return {"latitude": float(user.latitude), "longitude": float(user.longitude)}


def user_summary_data(user: User) -> dict:
    return {"_id": str(user.pk), "name": user.name, "phoneNo": user.phone_no, "isAdmin": user.is_staff}


def user_data(user: User) -> dict:
    """A user as the profile and the admin screens read it (stored login info without the token)."""
    return {**user_summary_data(user), "deliveryAddress": address_data(user), "location": location_data(user)}


def user_info_data(user: User, issued: IssuedToken) -> dict:
    """The stored login info (`userInfo`) of contracts.md."""
    return {**user_data(user), "token": issued.token, "expiresAt": iso_utc(issued.expires_at)}


def delivery_data(result: DeliveryResult) -> dict:
    return {
        "pincode": result.pincode,
        "state": result.state,
        "town": result.town,
        "deliverable": result.deliverable,
        "message": result.message,
    }
