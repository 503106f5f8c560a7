from django.urls import path

from notifications import api

urlpatterns = [
    path("alerts", api.AlertsView.as_view(), name="alerts"),
    path("alerts/<str:alert_id>", api.AlertView.as_view(), name="alert"),
]
