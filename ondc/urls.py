from django.urls import path

from ondc import views
from ondc.context import ACTIONS

urlpatterns = [path(action, views.door, {"action": action}, name=f"ondc-{action}") for action in ACTIONS] + [
    path("on_subscribe", views.on_subscribe, name="ondc-on-subscribe"),
]
