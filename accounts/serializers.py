"""Wire format of the accounts API (spec section 3 "User", contracts "Stored login info").

Input serializers only shape the JSON (types, names); the rules and their messages live in
`accounts.rules` and the services, so a missing phone number reads "Please enter a valid 10-digit
phone number." rather than "This field is required.".
"""

from django.conf import settings
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import PHONE_PATTERN, PhoneOtp, User
from accounts.otp import OTP_LENGTH
from accounts.roles import Role, role_of
from accounts.rules import NAME_MAX_LENGTH
from accounts.services import CITY_MAX_LENGTH, STREET_MAX_LENGTH
from accounts.tokens import IssuedToken, iso_utc
from common.fields import NumberField, PageNumberField, PageSizeField, TextField
from common.openapi import LATITUDE, LONGITUDE, PINCODE, SPACE, JudgedInput, any_text, text
from common.pagination import USER_LIST


class StrictBooleanField(serializers.BooleanField):
    """JSON true or false only: DRF's BooleanField also takes 0, 1, "yes" and "off", which the
    schema (a boolean) refuses."""

    default_error_messages = {"invalid": gettext_lazy("Send true or false.")}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


def _text(**kwargs):
    return TextField(required=False, allow_blank=True, allow_null=True, **kwargs)


PHONE_NUMBER = {
    "type": "string",
    "pattern": PHONE_PATTERN.pattern,
    "description": "An Indian mobile number: 10 digits, the first 6 to 9",
}
NAME = text(max_length=NAME_MAX_LENGTH)
PASSWORD = {"type": "string", "minLength": 1, "format": "password"}
# Django's password validators (settings.AUTH_PASSWORD_VALIDATORS); "not a common password" is
# theirs alone to judge.
NEW_PASSWORD = {**PASSWORD, "minLength": 6, "description": "6 or more characters, not a common password"}
LANGUAGE = {"type": "string", "enum": [code for code, _ in settings.LANGUAGES]}
PURPOSE = {"type": "string", "enum": list(PhoneOtp.Purpose.values)}
OTP_CODE = {"type": "string", "pattern": rf"^[0-9]{{{OTP_LENGTH}}}$", "description": "The code texted"}
VERIFICATION_TOKEN = {"type": "string", "minLength": 1, "description": "From POST /api/users/otp/verify"}


class LoginInput(JudgedInput):
    phoneNo = _text()
    password = _text(trim_whitespace=False)

    accepted = {"phoneNo": PHONE_NUMBER, "password": PASSWORD}
    accepted_required = ("phoneNo", "password")


class OtpSendInput(JudgedInput):
    phoneNo = _text()
    purpose = _text()

    accepted = {"phoneNo": PHONE_NUMBER, "purpose": PURPOSE}
    accepted_required = ("phoneNo", "purpose")


class OtpVerifyInput(JudgedInput):
    phoneNo = _text()
    code = _text()
    purpose = _text()

    accepted = {"phoneNo": PHONE_NUMBER, "code": OTP_CODE, "purpose": PURPOSE}
    accepted_required = ("phoneNo", "code", "purpose")


class RegisterInput(JudgedInput):
    name = _text()
    phoneNo = _text()
    password = _text(trim_whitespace=False)
    verificationToken = _text()
    # DPDP Act 2023 (accounts/privacy.py): the notice the page showed, and the optional offer SMS.
    # An old client sends neither: registering records the essential consent alone.
    noticeVersion = _text(source="notice_version")
    offerSms = StrictBooleanField(required=False, default=False, source="offer_sms")

    accepted = {
        "name": NAME,
        "phoneNo": PHONE_NUMBER,
        "password": NEW_PASSWORD,
        "verificationToken": VERIFICATION_TOKEN,
        "noticeVersion": {
            "type": "string",
            "nullable": True,
            "description": "The privacy notice's version shown (GET /api/users/privacy-notice); another one is 409",
        },
    }
    accepted_required = ("name", "phoneNo", "password", "verificationToken")


class ForgotPasswordInput(JudgedInput):
    phoneNo = _text()
    password = _text(trim_whitespace=False)
    verificationToken = _text()

    accepted = {"phoneNo": PHONE_NUMBER, "password": NEW_PASSWORD, "verificationToken": VERIFICATION_TOKEN}
    accepted_required = ("phoneNo", "password", "verificationToken")


class AddressInput(JudgedInput):
    """A profile's address parts: a blank or null part clears it."""

    street = _text()
    city = _text()
    postalCode = _text(source="postal_code")

    accepted = {
        "street": any_text(max_length=STREET_MAX_LENGTH, nullable=True),
        "city": any_text(max_length=CITY_MAX_LENGTH, nullable=True),
        "postalCode": {**PINCODE, "pattern": rf"^([{SPACE}]*|[1-9][0-9]{{5}})$", "nullable": True},
    }


class LocationInput(JudgedInput):
    latitude = NumberField(required=False, allow_null=True)
    longitude = NumberField(required=False, allow_null=True)

    # Both, or neither to clear the location (one without the other is the service's 400).
    accepted = {"latitude": {**LATITUDE, "nullable": True}, "longitude": {**LONGITUDE, "nullable": True}}


class ProfileInput(JudgedInput):
    name = _text()
    phoneNo = _text(source="phone_no")
    deliveryAddress = AddressInput(required=False, allow_null=True, source="delivery_address")
    location = LocationInput(required=False, allow_null=True)
    # Any other value, a number too, is the service's "Language must be en (English) or te (Telugu)."
    language = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    password = _text(trim_whitespace=False)
    currentPassword = _text(trim_whitespace=False, source="current_password")
    # The business the shopper buys for (issue 43), checked as checkout checks an invoice's buyer;
    # neither sent keeps the one kept, both blank forget it.
    buyerGstin = _text(source="buyer_gstin", max_length=20, help_text="A business GSTIN (with buyerName), or blank")
    buyerName = _text(source="buyer_name", max_length=200, help_text="The business's legal name, or blank")

    accepted = {
        "name": NAME,
        "phoneNo": any_text(nullable=True, description="The account's own number (it cannot change), or blank"),
        "language": {**LANGUAGE, "description": "The language of the shop's texts to this customer"},
        "password": {
            "type": "string",
            "format": "password",
            "pattern": r"^(|[\s\S]{6,})$",
            "nullable": True,
            "description": "A new password (6 or more characters, not a common password), or blank to keep it",
        },
        "currentPassword": {
            "type": "string",
            "format": "password",
            "nullable": True,
            "description": "The account's current password: required with a new password, ignored otherwise",
        },
    }


class AddressWithLocationInput(JudgedInput):
    """A whole delivery address (POST /api/users/{ref}/address): street, city and pincode."""

    street = _text()
    city = _text()
    postalCode = _text(source="postal_code")
    location = LocationInput(required=False, allow_null=True)

    accepted = {
        "street": text(max_length=STREET_MAX_LENGTH),
        "city": text(max_length=CITY_MAX_LENGTH),
        "postalCode": PINCODE,
    }
    accepted_required = ("street", "city", "postalCode")


class AddressChangeInput(AddressWithLocationInput):
    """Some parts of the delivery address (PUT /api/users/{ref}/address); a part sent may not be blank."""

    accepted_required = ()


class AdminUserInput(JudgedInput):
    name = _text()
    phoneNo = _text(source="phone_no")
    isAdmin = serializers.BooleanField(required=False, source="is_admin")
    role = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, help_text="owner, cashier, packer, rider, or null for none"
    )

    accepted = {
        "name": NAME,
        "phoneNo": PHONE_NUMBER,
        "role": {"type": "string", "enum": [*Role.values, ""], "nullable": True},
    }


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
    pageNumber = PageNumberField()
    pageSize = PageSizeField(sizes=USER_LIST)


class BusinessBuyerOutput(serializers.Serializer):
    gstin = serializers.CharField()
    name = serializers.CharField()
    stateCode = serializers.CharField(help_text="The business's state: the GSTIN's first two digits")


class UserSummaryOutput(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    name = serializers.CharField()
    phoneNo = serializers.CharField(source="phone_no")
    isAdmin = serializers.BooleanField(source="is_staff", help_text="The owner or manager (role owner)")
    role = serializers.SerializerMethodField(
        help_text="The staff role: owner, cashier, packer, rider; null for a customer"
    )

    @extend_schema_field(serializers.ChoiceField(choices=Role.choices, allow_null=True))
    def get_role(self, user: User) -> str | None:
        role = role_of(user)
        return role.value if role else None


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
    businessBuyer = serializers.SerializerMethodField(
        help_text="The business the shopper buys for (checkout's GST invoice starts from it), or null"
    )

    @extend_schema_field(BusinessBuyerOutput(allow_null=True))
    def get_businessBuyer(self, user: User) -> dict | None:
        if not user.business_gstin:
            return None
        return {"gstin": user.business_gstin, "name": user.business_name, "stateCode": user.business_gstin[:2]}

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


class NoticeItemOutput(serializers.Serializer):
    key = serializers.CharField()
    title = serializers.CharField()
    text = serializers.CharField()


class PrivacyNoticeOutput(serializers.Serializer):
    version = serializers.CharField()
    items = NoticeItemOutput(many=True)
    agreement = serializers.CharField()
    offerSmsLabel = serializers.CharField()


class ConsentOutput(serializers.Serializer):
    purpose = serializers.CharField()
    noticeVersion = serializers.CharField(source="notice_version")
    language = serializers.CharField()
    grantedAt = serializers.DateTimeField(source="granted_at")
    withdrawnAt = serializers.DateTimeField(source="withdrawn_at", allow_null=True)


class PrivacyOutput(serializers.Serializer):
    offerSms = serializers.BooleanField()
    consents = ConsentOutput(many=True)


class PrivacyInput(JudgedInput):
    offerSms = StrictBooleanField(source="offer_sms")

    accepted_required = ("offerSms",)


class AccountDeleteInput(JudgedInput):
    password = _text(trim_whitespace=False)

    accepted = {"password": PASSWORD}
    accepted_required = ("password",)
