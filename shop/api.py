"""The project's own API: `GET /api/config` (the shop's public settings, the same answer the page
embeds as shop-config) and the shopper's data across every app, assembled in shop/privacy.py
(`GET /api/users/me/data`, `POST /api/users/me/delete`)."""

from django.http import HttpResponse
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import AccountDeleteInput, MessageOutput
from common.client_ip import client_ip
from common.permissions import IsCustomer
from shop import privacy
from shop.context_processors import shop_config

CONFIG_MAX_AGE_SECONDS = 60


def _limits(name: str):
    return inline_serializer(name, {"min": serializers.IntegerField(), "max": serializers.IntegerField()})


ShopConfigSchema = inline_serializer(
    "ShopConfig",
    {
        "storeName": serializers.CharField(),
        "whatsappNumber": serializers.CharField(),
        "phoneNumber": serializers.CharField(help_text="supportPhone for a tel: link"),
        "supportEmail": serializers.CharField(),
        "supportPhone": serializers.CharField(),
        "gstNumber": serializers.CharField(),
        "fssaiNumber": serializers.CharField(),
        "storeAddress": serializers.CharField(),
        "social": serializers.DictField(child=serializers.CharField()),
        "googleMapsKey": serializers.CharField(),
        "paymentMethods": inline_serializer(
            "PaymentMethodOffer", {"value": serializers.CharField(), "label": serializers.CharField()}, many=True
        ),
        "packLimits": inline_serializer(
            "PackLimits", {"card": _limits("CardPackLimits"), "productPage": _limits("ProductPagePackLimits")}
        ),
        "shippingPrice": serializers.FloatField(),
        "staffScreens": inline_serializer(
            "StaffScreen",
            {"path": serializers.CharField(), "roles": serializers.ListField(child=serializers.CharField())},
            many=True,
            help_text="The shop's admin screens and the staff roles that may open each (the menu per role)",
        ),
        "substitutionPreferences": inline_serializer(
            "SubstitutionPreferenceChoice",
            {"value": serializers.CharField(), "label": serializers.CharField()},
            many=True,
            help_text="What the shopper may ask for an unavailable pack (the first is the default)",
        ),
    },
)


class ConfigView(APIView):
    """Public and the same for everyone, so it never reads a token and may be cached; the payment
    methods' labels are in the answer's language, so a shared cache keeps one answer per language
    (LocaleMiddleware adds Vary: Accept-Language; the language cookie is the other input)."""

    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(
        summary="The shop's public settings: contacts, payment methods on offer, pack-count limits, shipping",
        responses=ShopConfigSchema,
    )
    def get(self, request: Request) -> Response:
        response = Response(shop_config())
        patch_cache_control(response, public=True, max_age=CONFIG_MAX_AGE_SECONDS)
        patch_vary_headers(response, ["Cookie"])
        return response


class OwnDataView(APIView):
    """Download my data: the signed-in user's profile, address, orders, payments, tickets, rewards,
    alerts and consents as a JSON attachment (an admin reads others' in Django admin)."""

    permission_classes = (IsCustomer,)

    @extend_schema(responses={(200, "application/json"): {"type": "object"}})
    def get(self, request):
        response = HttpResponse(privacy.personal_data_json(user=request.user), content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="my-data-{timezone.localdate():%Y-%m-%d}.json"'
        patch_cache_control(response, private=True, no_store=True)
        return response


class OwnAccountDeleteView(APIView):
    """Delete my account, confirmed with the password: signed out and unable to sign in at once;
    the personal data erased by a task (shop/privacy.py)."""

    permission_classes = (IsCustomer,)

    @extend_schema(request=AccountDeleteInput, responses=MessageOutput)
    def post(self, request):
        serializer = AccountDeleteInput(data=request.data)
        serializer.is_valid(raise_exception=True)
        privacy.account_delete(
            user=request.user,
            password=serializer.validated_data.get("password"),
            token=request.auth,
            client_ip=client_ip(request),
        )
        return Response({"message": str(privacy.ACCOUNT_DELETED)})
