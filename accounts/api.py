"""The accounts API of spec section 7 "Users" plus OTP. Views stay thin:
shape the input, call one service or selector, answer the wire format."""

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import otp, privacy, selectors, services
from accounts.errors import USER_NOT_FOUND, NotFound
from accounts.roles import Role, has_role
from accounts.serializers import (
    AddressChangeInput,
    AddressOutput,
    AddressWithLocationInput,
    AdminUserInput,
    ForgotPasswordInput,
    LoginInput,
    MessageOutput,
    OtpSendInput,
    OtpSentOutput,
    OtpVerifyInput,
    PrivacyInput,
    PrivacyNoticeOutput,
    PrivacyOutput,
    ProfileInput,
    RegisterInput,
    SavedAddressOutput,
    UserInfoOutput,
    UserListQuery,
    UserOutput,
    UserSummaryOutput,
    VerificationOutput,
    user_info_data,
)
from accounts.throttles import (
    AccountThrottle,
    LoginThrottle,
    OtpSendDailyThrottle,
    OtpSendThrottle,
    OtpVerifyThrottle,
    TooManyAttempts,
)
from accounts.tokens import access_token_issue, access_token_revoke
from common.client_ip import client_ip
from common.pagination import page_headers
from common.permissions import IsAdmin, IsCustomer


def _input(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class PublicView(APIView):
    """For a visitor: a stale token in the header must not stand in the way of signing in."""

    authentication_classes = ()
    permission_classes = (AllowAny,)

    def throttled(self, request, wait):
        raise TooManyAttempts(wait)


class LoginView(PublicView):
    """Sign in with phone number and password; answers the stored login info."""

    throttle_classes = (LoginThrottle,)

    @extend_schema(request=LoginInput, responses=UserInfoOutput, auth=[])
    def post(self, request):
        data = _input(LoginInput, request)
        user = services.user_authenticate(
            phone_no=data.get("phoneNo"), password=data.get("password"), client_ip=client_ip(request)
        )
        return Response(user_info_data(user, access_token_issue(user=user)))


class LogoutView(APIView):
    """Sign out: the token in the header stops working at once."""

    permission_classes = (IsCustomer,)

    @extend_schema(request=None, responses=MessageOutput)
    def post(self, request):
        access_token_revoke(token=request.auth, user=request.user)
        return Response({"message": gettext("Logged out successfully")})


class OtpSendView(PublicView):
    """Text a 6-digit code to the phone, for `register` or `reset`."""

    throttle_classes = (OtpSendThrottle, OtpSendDailyThrottle)

    @extend_schema(request=OtpSendInput, responses=OtpSentOutput, auth=[])
    def post(self, request):
        data = _input(OtpSendInput, request)
        sent = otp.otp_send(
            phone_no=data.get("phoneNo"), purpose=data.get("purpose"), language=translation.get_language()
        )
        return Response(OtpSentOutput(sent).data)


class OtpVerifyView(PublicView):
    """Check a code; the right one answers a verification token valid 10 minutes."""

    throttle_classes = (OtpVerifyThrottle,)

    @extend_schema(request=OtpVerifyInput, responses=VerificationOutput, auth=[])
    def post(self, request):
        data = _input(OtpVerifyInput, request)
        token = otp.otp_verify(phone_no=data.get("phoneNo"), code=data.get("code"), purpose=data.get("purpose"))
        return Response(VerificationOutput(token).data)


class ForgotPasswordView(PublicView):
    """Set a new password with a `reset` verification token."""

    throttle_classes = (AccountThrottle,)

    @extend_schema(request=ForgotPasswordInput, responses=MessageOutput, auth=[])
    def post(self, request):
        data = _input(ForgotPasswordInput, request)
        services.user_reset_password(
            phone_no=data.get("phoneNo"),
            password=data.get("password"),
            verification_token=data.get("verificationToken"),
        )
        return Response({"message": gettext("Password reset successfully")})


class UsersView(APIView):
    """GET: the admin's list of users. POST: registration, open to visitors."""

    def perform_authentication(self, request):
        # Registering needs no token; a stale one in the header must not refuse it.
        if request.method != "POST":
            super().perform_authentication(request)

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else [IsAdmin()]

    def get_throttles(self):
        return [AccountThrottle()] if self.request.method == "POST" else []

    def throttled(self, request, wait):
        raise TooManyAttempts(wait)

    @extend_schema(
        summary="Users for the admin list, as a JSON array in id order; paging in X-Total-Count and Link",
        parameters=[UserListQuery],
        responses=UserSummaryOutput(many=True),
    )
    def get(self, request):
        query = UserListQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        page_size = query.validated_data["pageSize"]
        page = selectors.user_page(
            keyword=query.validated_data["keyword"], page=query.validated_data["pageNumber"], page_size=page_size
        )
        headers = page_headers(request, page=page, page_size=page_size)
        return Response(UserSummaryOutput(page.items, many=True).data, headers=headers)

    @extend_schema(request=RegisterInput, responses={201: UserInfoOutput}, auth=[])
    def post(self, request):
        data = _input(RegisterInput, request)
        user = services.user_register(
            name=data.get("name"),
            phone_no=data.get("phoneNo"),
            password=data.get("password"),
            verification_token=data.get("verificationToken"),
            language=translation.get_language(),
            offer_sms=data.get("offer_sms", False),
            notice_version=data.get("notice_version"),
        )
        return Response(user_info_data(user, access_token_issue(user=user)), status=status.HTTP_201_CREATED)


class ProfileView(APIView):
    """The signed-in user's own profile; PUT answers fresh login info (and, when it changes the
    language, the language cookie, so the following pages and answers are in it too)."""

    permission_classes = (IsCustomer,)

    @extend_schema(responses=UserOutput)
    def get(self, request):
        return Response(UserOutput(request.user).data)

    @extend_schema(request=ProfileInput, responses=UserInfoOutput)
    def put(self, request):
        changes = dict(_input(ProfileInput, request))
        password = changes.pop("password", None) or ""
        current_password = changes.pop("current_password", None) or ""
        user = services.user_profile_update(
            user=request.user,
            password=password,
            current_password=current_password,
            client_ip=client_ip(request),
            **changes,
        )
        response = Response(user_info_data(user, access_token_issue(user=user)))
        if "language" in changes:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                user.language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
                secure=settings.LANGUAGE_COOKIE_SECURE,
            )
        return response


class OwnAddressView(APIView):
    """The signed-in user's delivery address and location."""

    permission_classes = (IsCustomer,)

    @extend_schema(responses=SavedAddressOutput)
    def get(self, request):
        return Response(SavedAddressOutput(request.user).data)


def _user_for(request, ref: str):
    """The user named in the path: the caller, or anyone for an admin; others are not found."""
    user = selectors.user_get(ref=ref)
    if user.pk != request.user.pk and not has_role(request.user, Role.CASHIER):
        raise NotFound(USER_NOT_FOUND)
    return user


class UserAddressView(APIView):
    """A user's delivery address: the user themself, or an admin."""

    permission_classes = (IsCustomer,)

    @extend_schema(request=AddressWithLocationInput, responses={201: AddressOutput})
    def post(self, request, ref: str):
        user = _user_for(request, ref)
        data = _input(AddressWithLocationInput, request)
        services.user_address_set(
            user=user,
            street=data.get("street"),
            city=data.get("city"),
            postal_code=data.get("postal_code"),
            **({"location": data["location"]} if "location" in data else {}),
        )
        return Response(AddressOutput(user).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=AddressChangeInput, responses=AddressOutput)
    def put(self, request, ref: str):
        user = _user_for(request, ref)
        services.user_address_update(user=user, **_input(AddressChangeInput, request))
        return Response(AddressOutput(user).data)

    @extend_schema(responses=MessageOutput)
    def delete(self, request, ref: str):
        services.user_address_clear(user=_user_for(request, ref))
        return Response({"message": gettext("Address removed")})


class UserDetailView(APIView):
    """Admin: one user by id or 10-digit phone number."""

    permission_classes = (IsAdmin,)

    @extend_schema(responses=UserOutput)
    def get(self, request, ref: str):
        return Response(UserOutput(selectors.user_get(ref=ref)).data)

    @extend_schema(request=AdminUserInput, responses=UserOutput)
    def put(self, request, ref: str):
        user = selectors.user_get(ref=ref)
        services.user_admin_update(actor=request.user, user=user, **_input(AdminUserInput, request))
        return Response(UserOutput(user).data)

    @extend_schema(responses=MessageOutput)
    def delete(self, request, ref: str):
        services.user_delete(user=selectors.user_get(ref=ref))
        return Response({"message": gettext("User removed")})


class PrivacyNoticeView(PublicView):
    """The DPDP notice shown at sign-up, in the page's language, with its version."""

    @extend_schema(responses=PrivacyNoticeOutput, auth=[])
    def get(self, request):
        return Response(PrivacyNoticeOutput(privacy.privacy_notice()).data)


def _privacy_state(user) -> dict:
    consents = list(user.consents.order_by("granted_at", "id"))
    offer_sms = any(c.purpose == "offer_sms" and c.withdrawn_at is None for c in consents)
    return {"offerSms": offer_sms, "consents": consents}


class OwnPrivacyView(APIView):
    """The signed-in user's consents; PUT grants or withdraws the optional offer SMS."""

    permission_classes = (IsCustomer,)

    @extend_schema(responses=PrivacyOutput)
    def get(self, request):
        return Response(PrivacyOutput(_privacy_state(request.user)).data)

    @extend_schema(request=PrivacyInput, responses=PrivacyOutput)
    def put(self, request):
        data = _input(PrivacyInput, request)
        privacy.offer_sms_set(user=request.user, allowed=data["offer_sms"], language=translation.get_language())
        return Response(PrivacyOutput(_privacy_state(request.user)).data)
