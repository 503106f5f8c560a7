from django.urls import path

from inventory import api

urlpatterns = [
    path("inventory/suppliers", api.SuppliersView.as_view(), name="inventory-suppliers"),
    path("inventory/purchases", api.PurchasesView.as_view(), name="inventory-purchases"),
    path("inventory/purchases/import", api.PurchaseImportView.as_view(), name="inventory-purchase-import"),
    path("inventory/purchases/<int:purchase_id>", api.PurchaseView.as_view(), name="inventory-purchase"),
    path("inventory/reorder", api.ReorderView.as_view(), name="inventory-reorder"),
]
