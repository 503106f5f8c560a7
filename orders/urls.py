from django.urls import path

from orders import api, board_api

# `orders/mine`, `orders/usual`, `orders/store-credit`, `orders/board` and `orders/bulk-move` must come before `orders/<public_id>`.
urlpatterns = [
    path("orders", api.OrdersView.as_view(), name="orders"),
    path("orders/mine", api.MyOrdersView.as_view(), name="orders-mine"),
    path("orders/usual", api.UsualItemsView.as_view(), name="orders-usual"),
    path("orders/store-credit", api.StoreCreditQuoteView.as_view(), name="orders-store-credit"),
    path("orders/board", board_api.BoardView.as_view(), name="orders-board"),
    path("orders/bulk-move", board_api.BulkMoveView.as_view(), name="orders-bulk-move"),
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
    path("slots", api.SlotsView.as_view(), name="slots"),
    path("slots/windows", api.WindowsView.as_view(), name="slot-windows"),
    path("slots/windows/<str:window_id>", api.WindowView.as_view(), name="slot-window"),
    path("slots/holidays", api.HolidaysView.as_view(), name="slot-holidays"),
    path("slots/holidays/<str:holiday_id>", api.HolidayView.as_view(), name="slot-holiday"),
]
