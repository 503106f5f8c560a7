from django.urls import path

from inventory import api

urlpatterns = [
    path("inventory/suppliers", api.SuppliersView.as_view(), name="inventory-suppliers"),
    path("inventory/categories", api.CategoriesView.as_view(), name="inventory-categories"),
    path("inventory/purchases", api.PurchasesView.as_view(), name="inventory-purchases"),
    path("inventory/purchases/import", api.PurchaseImportView.as_view(), name="inventory-purchase-import"),
    path("inventory/purchases/<int:purchase_id>", api.PurchaseView.as_view(), name="inventory-purchase"),
    path("inventory/purchases/<int:purchase_id>/post", api.PurchasePostView.as_view(), name="inventory-purchase-post"),
    path(
        "inventory/purchases/<int:purchase_id>/returns",
        api.PurchaseReturnsView.as_view(),
        name="inventory-purchase-returns",
    ),
    path("inventory/stock-takes", api.StockTakesView.as_view(), name="inventory-stock-takes"),
    path("inventory/stock-takes/<int:take_id>", api.StockTakeView.as_view(), name="inventory-stock-take"),
    path("inventory/stock-takes/<int:take_id>/post", api.StockTakePostView.as_view(), name="inventory-stock-take-post"),
    path("inventory/reorder", api.ReorderView.as_view(), name="inventory-reorder"),
    path("inventory/reorder/sms", api.ReorderSmsView.as_view(), name="inventory-reorder-sms"),
    path("inventory/near-expiry", api.NearExpiryView.as_view(), name="inventory-near-expiry"),
    path("inventory/packs/<int:financial_id>/history", api.PackHistoryView.as_view(), name="inventory-pack-history"),
    path("inventory/packs/<int:financial_id>/price-check", api.PriceCheckView.as_view(), name="inventory-price-check"),
    path("inventory/margins", api.MarginsView.as_view(), name="inventory-margins"),
]
