"""Payment pages outside the JSON API (mounted at /payments/ by shop/urls.py, after checkout's
`/payments/return`)."""

from django.urls import path

from payments import views

urlpatterns = [
    path("sandbox/<str:gateway_order_id>", views.sandbox_page, name="payments-sandbox-page"),
]
