from django.urls import path

from backoffice import board_api, picking_api, reports_api, rider_api

# Mounted under /api/ before orders' urls: the fixed `orders/...` paths here must come before
# orders' `orders/<public_id>`.
urlpatterns = [
    path("orders/picklist", picking_api.PickListView.as_view(), name="orders-picklist"),
    path("orders/packing-slips", picking_api.PackingSlipsView.as_view(), name="orders-packing-slips"),
    path("orders/delivery-sheet", picking_api.DeliverySheetView.as_view(), name="orders-delivery-sheet"),
    path("orders/board", board_api.BoardView.as_view(), name="orders-board"),
    path("orders/bulk-move", board_api.BulkMoveView.as_view(), name="orders-bulk-move"),
    path("rider/round", rider_api.RoundView.as_view(), name="rider-round"),
    path("rider/orders/<str:public_id>/deliver", rider_api.DeliverView.as_view(), name="rider-deliver"),
    path("rider/handover", rider_api.HandoverView.as_view(), name="rider-handover"),
    path("reports/dashboard", reports_api.DashboardView.as_view(), name="reports-dashboard"),
    path("reports/orders.csv", reports_api.OrdersCsvView.as_view(), name="reports-orders-csv"),
    path("reports/sales-by-pack.csv", reports_api.SalesByPackCsvView.as_view(), name="reports-sales-by-pack-csv"),
]
