"""Websocket routes (shop/asgi.py puts them behind the allowed-hosts origin check)."""

from django.urls import path

from .consumers import CartConsumer
from .orders import OrderConsumer

websocket_urlpatterns = [
    path("ws/cart/", CartConsumer.as_asgi()),
    path("ws/orders/<str:public_id>/", OrderConsumer.as_asgi()),
]
