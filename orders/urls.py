from django.urls import path

from orders import api

# `orders/mine`, `orders/usual` and `orders/store-credit` must come before `orders/<public_id>` (the
# back office's `orders/board`, `orders/bulk-move` and the window's sheets are mounted before this
# file, in shop/urls.py).
urlpatterns = [
    path("orders", api.OrdersView.as_view(), name="orders"),
    path("orders/mine", api.MyOrdersView.as_view(), name="orders-mine"),
    path("orders/usual", api.UsualItemsView.as_view(), name="orders-usual"),
    path("orders/store-credit", api.StoreCreditQuoteView.as_view(), name="orders-store-credit"),
    path("orders/<str:public_id>", api.OrderDetailView.as_view(), name="order-detail"),
    path("orders/<str:public_id>/deliver", api.OrderDeliverView.as_view(), name="order-deliver"),
    path("orders/<str:public_id>/status", api.OrderStatusView.as_view(), name="order-status"),
    path("orders/<str:public_id>/cancel", api.OrderCancelView.as_view(), name="order-cancel"),
    path("orders/<str:public_id>/buy-again", api.OrderBuyAgainView.as_view(), name="order-buy-again"),
    path("orders/<str:public_id>/pay", api.OrderPayView.as_view(), name="order-pay"),
    path("orders/<str:public_id>/items/<str:item_id>", api.OrderLineView.as_view(), name="order-line"),
    path(
        "orders/<str:public_id>/items/<str:item_id>/replace",
        api.OrderLineReplaceView.as_view(),
        name="order-line-replace",
    ),
]
