from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.staff_login import StaffAuthenticationForm, staff_may_enter
from common.vitals_api import VitalsBeaconView, VitalsReportView
from ondc import views as ondc_views
from shop import api, pages, seo, views
from shop.health import healthz, readyz
from shop.metrics import metrics

admin.site.site_header = f"{settings.STORE_NAME} staff"
admin.site.site_title = f"{settings.STORE_NAME} staff"
admin.site.login_form = StaffAuthenticationForm
admin.site.has_permission = staff_may_enter  # every staff role, not only is_staff

api_patterns = [
    # The apps from the top floor down (DESIGN.md, "Layout"): a flow above an app may add a fixed
    # path beside that app's `<id>` routes (checkout's `orders/store-credit`, backoffice's
    # `orders/board`), never the other way.
    # The shopper's data across every app (shop/privacy.py), before accounts' users/<ref>.
    path("users/me/data", api.OwnDataView.as_view(), name="users-me-data"),
    path("users/me/delete", api.OwnAccountDeleteView.as_view(), name="users-me-delete"),
    path("", include("backoffice.urls")),
    path("", include("books.urls")),
    path("", include("checkout.urls")),
    path("", include("aftersale.urls")),
    path("", include("support.urls")),
    path("", include("promotions.urls")),
    path("", include("payments.urls")),
    path("", include("inventory.urls")),
    path("", include("orders.urls")),
    path("", include("delivery.urls")),
    path("", include("accounts.urls")),
    path("", include("catalog.urls")),
    path("", include("notifications.urls")),
    path("", include("counter.urls")),
    path("config", api.ConfigView.as_view(), name="api-config"),
    # Field data (issue 34): shoppers' Core Web Vitals in, p75 per page out (common/vitals.py).
    path("vitals", VitalsBeaconView.as_view(), name="api-vitals"),
    path("reports/vitals", VitalsReportView.as_view(page_titles=pages.page_titles()), name="api-reports-vitals"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    re_path(r"^[\s\S]*$", views.api_not_found),  # [\s\S], not ".": a path with an encoded newline too
]

handler500 = "shop.views.server_error"

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("metrics", metrics, name="metrics"),
    path("staff/", admin.site.urls),
    path("api/", include(api_patterns)),
    path("payments/", include("checkout.web_urls")),
    path("payments/", include("payments.web_urls")),
    # The ONDC network's door (ondc/urls.py): 404 while ONDC_ENABLED is off.
    path("ondc/", include("ondc.urls")),
    path("ondc-site-verification.html", ondc_views.site_verification, name="ondc-site-verification"),
    path("service-worker.js", views.service_worker, name="service-worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("robots.txt", seo.robots_txt, name="robots"),
    path("sitemap.xml", seo.sitemap_xml, name="sitemap"),
    re_path(r"^socket\.io(?:/.*)?$", views.socket_io_gone, name="socket-io-gone"),
]

if not settings.AWS_STORAGE_BUCKET_NAME:
    # File-system media (the embedded default); production media lives in S3 behind its own URL.
    urlpatterns.append(re_path(r"^media/(?P<path>.+)$", views.media_file, name="media"))

urlpatterns += pages.urlpatterns
