from django.urls import path

from checkout import api

# `orders/store-credit` is a fixed path beside orders' `orders/<public_id>`: shop/urls.py lists the
# apps from the top floor down, and shop/tests/test_urls_shadowing.py fails on a fixed path that an
# earlier pattern would take.
urlpatterns = [
    path("orders", api.OrdersView.as_view(), name="orders"),
    path("orders/store-credit", api.StoreCreditQuoteView.as_view(), name="orders-store-credit"),
]
