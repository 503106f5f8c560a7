"""Websocket routes (shop/asgi.py puts them behind the allowed-hosts origin check)."""

from django.urls import path

from .consumers import CartConsumer
from .orders import OrderConsumer
from .staff import StaffOrdersConsumer

websocket_urlpatterns = [
    path("ws/cart/", CartConsumer.as_asgi()),
    path("ws/orders/<str:public_id>/", OrderConsumer.as_asgi()),
    path("ws/staff/orders/", StaffOrdersConsumer.as_asgi()),
]
