"""Wire format of the accounts API (spec section 3 "User", contracts "Stored login info").

Input serializers only shape the JSON (types, names); the rules and their messages live in
`accounts.rules` and the services, so a missing phone number reads "Please enter a valid 10-digit
phone number." rather than "This field is required.".
"""

from django.conf import settings
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import User
from accounts.selectors import ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE_SIZE
from accounts.tokens import IssuedToken, iso_utc
from common.fields import PageSizeField


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
    language = _text(help_text="en or te: the language of the shop's texts to this customer")
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


class MessageOutput(serializers.Serializer):
    message = serializers.CharField()


class OtpSentOutput(serializers.Serializer):
    message = serializers.CharField()
    resendIn = serializers.IntegerField(source="resend_in", help_text="Seconds before another code may be sent")


class VerificationOutput(serializers.Serializer):
    verificationToken = serializers.CharField(source="*")


class AddressOutput(serializers.Serializer):
    street = serializers.CharField()
    city = serializers.CharField()
    postalCode = serializers.CharField(source="postal_code")


class LocationOutput(serializers.Serializer):
    latitude = serializers.FloatField()
    longitude = serializers.FloatField()


class SavedAddressPartsOutput(AddressOutput):
    street = serializers.CharField(allow_null=True)
    city = serializers.CharField(allow_null=True)
    postalCode = serializers.CharField(source="postal_code", allow_null=True)

    def to_representation(self, user):
        return {key: value or None for key, value in super().to_representation(user).items()}


class SavedLocationOutput(serializers.Serializer):
    latitude = serializers.FloatField(allow_null=True)
    longitude = serializers.FloatField(allow_null=True)


class SavedAddressOutput(serializers.Serializer):
    """`GET /api/users/address`: the saved address and location as the shop's existing client's
    Shipping step reads them; a part not saved is null."""

    deliveryAddress = SavedAddressPartsOutput(source="*")
    location = SavedLocationOutput(source="*")


class UserListQuery(serializers.Serializer):
    keyword = serializers.CharField(required=False, allow_blank=True, default="", max_length=100)
    pageNumber = serializers.IntegerField(min_value=1, max_value=1_000_000, default=1)
    pageSize = PageSizeField(max_value=MAX_ADMIN_PAGE_SIZE, default=ADMIN_PAGE_SIZE)


class UserSummaryOutput(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    name = serializers.CharField()
    phoneNo = serializers.CharField(source="phone_no")
    isAdmin = serializers.BooleanField(source="is_staff")


class UserOutput(UserSummaryOutput):
    """A user as the profile and the admin screens read it (stored login info without the token)."""

    deliveryAddress = AddressOutput(source="*")
    hasCompleteAddress = serializers.BooleanField(
        source="has_complete_address",
        read_only=True,
        help_text="Whether orders can ship to the saved address (all parts given, none a 'Unknown ...' fallback)",
    )
    location = serializers.SerializerMethodField()
    language = serializers.ChoiceField(choices=settings.LANGUAGES, read_only=True)

    @extend_schema_field(LocationOutput(allow_null=True))
    def get_location(self, user: User) -> dict | None:
        if user.latitude is None or user.longitude is None:
            return None
        return {"latitude": float(user.latitude), "longitude": float(user.longitude)}


class UserInfoOutput(UserOutput):
    """The stored login info (`userInfo`) of contracts.md; context["issued"] is the new token."""

    token = serializers.SerializerMethodField()
    expiresAt = serializers.SerializerMethodField()

    def get_token(self, user: User) -> str:
        return self.context["issued"].token

    def get_expiresAt(self, user: User) -> str:
        return iso_utc(self.context["issued"].expires_at)


def user_info_data(user: User, issued: IssuedToken) -> dict:
    return UserInfoOutput(user, context={"issued": issued}).data


class PlaceSearchInput(serializers.Serializer):
    q = serializers.CharField(required=False, allow_blank=True, default="", trim_whitespace=True, max_length=200)


class PlaceOutput(serializers.Serializer):
    name = serializers.CharField()
    pincode = serializers.CharField()
    district = serializers.CharField()
    state = serializers.CharField()
    label = serializers.CharField(help_text="What the checker lists: 'Amalapuram 533201'")


class PlacesOutput(serializers.Serializer):
    places = PlaceOutput(many=True)


class DeliveryOutput(serializers.Serializer):
    pincode = serializers.CharField()
    state = serializers.CharField()
    town = serializers.CharField()
    deliverable = serializers.BooleanField()
    message = serializers.CharField()
