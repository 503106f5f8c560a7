"""The accounts API of spec section 7 "Users" plus OTP and the delivery check. Views stay thin:
shape the input, call one service or selector, answer the wire format."""

from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import otp, selectors, services
from accounts.delivery import delivery_check
from accounts.errors import USER_NOT_FOUND, NotFound
from accounts.serializers import (
    AddressWithLocationInput,
    AdminUserInput,
    DeliveryCheckInput,
    ForgotPasswordInput,
    LoginInput,
    OtpSendInput,
    OtpVerifyInput,
    ProfileInput,
    RegisterInput,
    address_data,
    delivery_data,
    user_data,
    user_info_data,
    user_summary_data,
)
from accounts.throttles import LoginThrottle, OtpSendThrottle, OtpVerifyThrottle, TooManyAttempts
from accounts.tokens import access_token_issue, access_token_revoke
from shop.permissions import IsAdmin, IsCustomer


def _input(serializer_class, request, **kwargs) -> dict:
    serializer = serializer_class(data=request.data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class PublicView(APIView):
    """For a visitor: a stale token in the header must not stand in the way of signing in."""

    authentication_classes = ()
    permission_classes = (AllowAny,)

    def throttled(self, request, wait):
        raise TooManyAttempts(wait)


class LoginView(PublicView):
    throttle_classes = (LoginThrottle,)

    def post(self, request):
        data = _input(LoginInput, request)
        user = services.user_authenticate(phone_no=data.get("phoneNo"), password=data.get("password"))
        return Response(user_info_data(user, access_token_issue(user=user)))


class LogoutView(APIView):
    permission_classes = (IsCustomer,)

    def post(self, request):
        access_token_revoke(token=request.auth, user=request.user)
        return Response({"message": "Logged out successfully"})


class OtpSendView(PublicView):
    throttle_classes = (OtpSendThrottle,)

    def post(self, request):
        data = _input(OtpSendInput, request)
        sent = otp.otp_send(phone_no=data.get("phoneNo"), purpose=data.get("purpose"))
        return Response({"message": sent.message, "resendIn": sent.resend_in})


class OtpVerifyView(PublicView):
    throttle_classes = (OtpVerifyThrottle,)

    def post(self, request):
        data = _input(OtpVerifyInput, request)
        token = otp.otp_verify(phone_no=data.get("phoneNo"), code=data.get("code"), purpose=data.get("purpose"))
        return Response({"verificationToken": token})


class ForgotPasswordView(PublicView):
    def post(self, request):
        data = _input(ForgotPasswordInput, request)
        services.user_reset_password(
            phone_no=data.get("phoneNo"),
            password=data.get("password"),
            verification_token=data.get("verificationToken"),
        )
        return Response({"message": "Password reset successfully"})


class UsersView(APIView):
    """GET: the admin's list of users. POST: registration, open to visitors."""

    def get_authenticators(self):
        if self.request.method == "POST":
            return []
        return super().get_authenticators()

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "POST" else [IsAdmin()]

    def get(self, request):
        return Response([user_summary_data(user) for user in selectors.user_list()])

    def post(self, request):
        data = _input(RegisterInput, request)
        user = services.user_register(
            name=data.get("name"),
            phone_no=data.get("phoneNo"),
            password=data.get("password"),
            verification_token=data.get("verificationToken"),
        )
        return Response(user_info_data(user, access_token_issue(user=user)), status=status.HTTP_201_CREATED)


class ProfileView(APIView):
    permission_classes = (IsCustomer,)

    def get(self, request):
        return Response(user_data(request.user))

    def put(self, request):
        changes = dict(_input(ProfileInput, request))
        password = changes.pop("password", None) or ""
        user = services.user_profile_update(user=request.user, password=password, **changes)
        return Response(user_info_data(user, access_token_issue(user=user)))


class OwnAddressView(APIView):
    permission_classes = (IsCustomer,)

    def get(self, request):
        return Response(address_data(request.user))


def _user_for(request, ref: str):
    """The user named in the path: the caller, or anyone for an admin; others are not found."""
    user = selectors.user_get(ref=ref)
    if user.pk != request.user.pk and not request.user.is_staff:
        raise NotFound(USER_NOT_FOUND)
    return user


class UserAddressView(APIView):
    permission_classes = (IsCustomer,)

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
        return Response(address_data(user), status=status.HTTP_201_CREATED)

    def put(self, request, ref: str):
        user = _user_for(request, ref)
        services.user_address_update(user=user, **_input(AddressWithLocationInput, request))
        return Response(address_data(user))

    def delete(self, request, ref: str):
        services.user_address_clear(user=_user_for(request, ref))
        return Response({"message": "Address removed"})


class UserDetailView(APIView):
    permission_classes = (IsAdmin,)

    def get(self, request, ref: str):
        return Response(user_data(selectors.user_get(ref=ref)))

    def put(self, request, ref: str):
        user = selectors.user_get(ref=ref)
        services.user_admin_update(actor=request.user, user=user, **_input(AdminUserInput, request))
        return Response(user_data(user))

    def delete(self, request, ref: str):
        services.user_delete(user=selectors.user_get(ref=ref))
        return Response({"message": "User removed"})


class DeliveryCheckView(PublicView):
    def get(self, request):
        serializer = DeliveryCheckInput(data=request.query_params)
        serializer.is_valid(raise_exception=True)
        query = serializer.validated_data
        result = delivery_check(pincode=query.get("pincode"), lat=query.get("lat"), lng=query.get("lng"))
        return Response(delivery_data(result))

