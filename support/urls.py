from django.urls import path

from support import api

# `tickets/mine` must come before `tickets/<number>`.
urlpatterns = [
    path("support/tickets", api.TicketsView.as_view(), name="support-tickets"),
    path("support/tickets/mine", api.MyTicketsView.as_view(), name="support-tickets-mine"),
    path("support/tickets/<str:number>", api.TicketDetailView.as_view(), name="support-ticket"),
    path("support/tickets/<str:number>/reject", api.TicketRejectView.as_view(), name="support-ticket-reject"),
    path(
        "support/tickets/<str:number>/acknowledge",
        api.TicketAcknowledgeView.as_view(),
        name="support-ticket-acknowledge",
    ),
    path("support/tickets/<str:number>/resolve", api.TicketResolveView.as_view(), name="support-ticket-resolve"),
    path("support/orders/<str:public_id>", api.OrderReportView.as_view(), name="support-order"),
    path("support/photos", api.PhotoUploadView.as_view(), name="support-photos"),
]
