from django.urls import path

from aftersale import api

urlpatterns = [
    path("orders/<str:public_id>/cancel", api.OrderCancelView.as_view(), name="order-cancel"),
    path("orders/<str:public_id>/refund", api.OrderRefundView.as_view(), name="order-refund"),
    path("orders/<str:public_id>/items/<str:item_id>", api.OrderLineView.as_view(), name="order-line"),
    path(
        "orders/<str:public_id>/items/<str:item_id>/replace",
        api.OrderLineReplaceView.as_view(),
        name="order-line-replace",
    ),
    path("support/tickets/<str:number>/approve", api.TicketApproveView.as_view(), name="support-ticket-approve"),
]
