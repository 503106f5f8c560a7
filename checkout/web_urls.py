"""Checkout's pages outside the JSON API, mounted at /payments/ by shop/urls.py before payments' own."""

from django.urls import path

from checkout import views

urlpatterns = [
    path("return", views.payment_return, name="payments-return"),
]
