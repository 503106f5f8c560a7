from django.urls import path

from orders import api, board_api, reports_api

# `orders/mine`, `orders/usual`, `orders/store-credit`, the window's sheets (`orders/picklist`,
# `orders/packing-slips`, `orders/delivery-sheet`), `orders/board` and `orders/bulk-move` must come
# before `orders/<public_id>`.
urlpatterns = [
    path("orders", api.OrdersView.as_view(), name="orders"),
    path("orders/mine", api.MyOrdersView.as_view(), name="orders-mine"),
    path("orders/usual", api.UsualItemsView.as_view(), name="orders-usual"),
    path("orders/store-credit", api.StoreCreditQuoteView.as_view(), name="orders-store-credit"),
    path("orders/picklist", api.PickListView.as_view(), name="orders-picklist"),
    path("orders/packing-slips", api.PackingSlipsView.as_view(), name="orders-packing-slips"),
    path("orders/delivery-sheet", api.DeliverySheetView.as_view(), name="orders-delivery-sheet"),
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
    path("reports/dashboard", reports_api.DashboardView.as_view(), name="reports-dashboard"),
    path("reports/orders.csv", reports_api.OrdersCsvView.as_view(), name="reports-orders-csv"),
    path("reports/sales-by-pack.csv", reports_api.SalesByPackCsvView.as_view(), name="reports-sales-by-pack-csv"),
]
