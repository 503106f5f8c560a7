from django.urls import path

from payments import api

# `users/credit` sits beside accounts' `users/<ref>`: payments is above accounts, and shop/urls.py lists
# the apps from the top floor down (shop/tests/test_urls_shadowing.py).
urlpatterns = [
    path("users/credit", api.StoreCreditView.as_view(), name="users-credit"),
    path("users/<str:ref>/credit", api.UserStoreCreditView.as_view(), name="user-credit"),
    path("payments/initiateJuspayPayment", api.PaymentStartView.as_view(), name="payments-initiate"),
    path(
        "payments/initiateJuspayPaymentAtDelivery", api.PaymentAtDeliveryView.as_view(), name="payments-initiate-later"
    ),
    path("payments/webhook", api.PaymentWebhookView.as_view(), name="payments-webhook"),
    path("config/paypal", api.PaypalConfigView.as_view(), name="config-paypal"),
]
