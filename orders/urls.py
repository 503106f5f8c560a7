from django.urls import path

from orders import api

# `orders/mine` and `orders/usual` must come before `orders/<public_id>` (checkout's
# `orders/store-credit` and the back office's `orders/board`, `orders/bulk-move` and the window's
# sheets are mounted before this file, in shop/urls.py).
urlpatterns = [
    # Beside delivery's slots routes (a flow above delivery adds a fixed path, shop/urls.py).
    path("slots/moves", api.SlotMovesView.as_view(), name="slot-moves"),
    path("orders/mine", api.MyOrdersView.as_view(), name="orders-mine"),
    path("orders/usual", api.UsualItemsView.as_view(), name="orders-usual"),
    path("orders/<str:public_id>", api.OrderDetailView.as_view(), name="order-detail"),
    path("orders/<str:public_id>/deliver", api.OrderDeliverView.as_view(), name="order-deliver"),
    path("orders/<str:public_id>/status", api.OrderStatusView.as_view(), name="order-status"),
    path("orders/<str:public_id>/undo", api.OrderUndoView.as_view(), name="order-undo"),
    path("orders/<str:public_id>/buy-again", api.OrderBuyAgainView.as_view(), name="order-buy-again"),
    path("orders/<str:public_id>/buyer", api.OrderBuyerView.as_view(), name="order-buyer"),
    path("orders/<str:public_id>/pay", api.OrderPayView.as_view(), name="order-pay"),
]
