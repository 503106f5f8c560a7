"""Mounted under /api/. The fixed paths come before `products/<ref>` so that `categories`,
`featured`, `suggestions`, `top`, `low-stock`, `financials`, `barcode` and `barcodes` are never read as a product's slug."""

from django.urls import path

from . import api, barcodes_api

urlpatterns = [
    path("ping", api.PingView.as_view(), name="api-ping"),
    path("upload", api.UploadView.as_view(), name="upload"),
    path("admin/products", api.AdminProductsView.as_view(), name="admin-products"),
    path("admin/products/<str:ref>", api.AdminProductView.as_view(), name="admin-product"),
    path("products", api.ProductsView.as_view(), name="products"),
    path("products/categories", api.CategoriesView.as_view(), name="product-categories"),
    path("products/categories/<str:category>/products", api.CategoryProductsView.as_view(), name="category-products"),
    path("products/featured", api.FeaturedView.as_view(), name="products-featured"),
    path("products/suggestions", api.SuggestionsView.as_view(), name="products-suggestions"),
    path("products/top", api.TopProductsView.as_view(), name="products-top"),
    path("products/low-stock", api.LowStockView.as_view(), name="products-low-stock"),
    path("products/financials/batch", api.FinancialBatchView.as_view(), name="financials-batch"),
    path("products/barcode/<str:code>", barcodes_api.BarcodeView.as_view(), name="product-barcode"),
    path("products/barcodes/labels", barcodes_api.LabelsView.as_view(), name="product-barcode-labels"),
    path("products/<str:ref>", api.ProductView.as_view(), name="product"),
    path("products/<str:ref>/reviews", api.ReviewsView.as_view(), name="product-reviews"),
    path("products/<str:ref>/details", api.DetailsView.as_view(), name="product-details"),
    path("products/<str:ref>/details/<int:detail_id>", api.DetailView.as_view(), name="product-detail"),
    path(
        "products/<str:ref>/details/<int:detail_id>/barcodes",
        barcodes_api.DetailBarcodesView.as_view(),
        name="detail-barcodes",
    ),
    path(
        "products/<str:ref>/details/<int:detail_id>/financials",
        api.FinancialsView.as_view(),
        name="detail-financials",
    ),
    path(
        "products/<str:ref>/details/<int:detail_id>/financials/<int:financial_id>",
        api.FinancialView.as_view(),
        name="detail-financial",
    ),
]
