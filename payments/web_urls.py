"""Payment pages outside the JSON API (mounted at /payments/ by shop/urls.py)."""

from django.urls import path

from payments import views

urlpatterns = [
    path("return", views.payment_return, name="payments-return"),
    path("sandbox/<str:gateway_order_id>", views.sandbox_page, name="payments-sandbox-page"),
]
