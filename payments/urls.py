from django.urls import path

from payments import api

urlpatterns = [
    path("payments/initiateJuspayPayment", api.PaymentStartView.as_view(), name="payments-initiate"),
    path(
        "payments/initiateJuspayPaymentAtDelivery", api.PaymentAtDeliveryView.as_view(), name="payments-initiate-later"
    ),
    path("payments/webhook", api.PaymentWebhookView.as_view(), name="payments-webhook"),
    path("config/paypal", api.PaypalConfigView.as_view(), name="config-paypal"),
]
