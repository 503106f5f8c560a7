from django.urls import path

from counter import api, phone_api

urlpatterns = [
    path("counter/counters", api.CountersView.as_view(), name="counter-counters"),
    path("counter/quote", api.QuoteView.as_view(), name="counter-quote"),
    path("counter/bills", api.BillsView.as_view(), name="counter-bills"),
    path("counter/bills/<str:public_id>", api.BillView.as_view(), name="counter-bill"),
    path("counter/bills/<str:public_id>/returns", api.ReturnsView.as_view(), name="counter-returns"),
    path("counter/upi", api.UpiView.as_view(), name="counter-upi"),
    path("counter/day", api.DayView.as_view(), name="counter-day"),
    path("counter/day/close", api.DayCloseView.as_view(), name="counter-day-close"),
    path("counter/closes", api.ClosesView.as_view(), name="counter-closes"),
    path("counter/blocks", api.BlocksView.as_view(), name="counter-blocks"),
    path("counter/sync", api.SyncView.as_view(), name="counter-sync"),
    path("counter/catalog", api.TillCatalogView.as_view(), name="counter-catalog"),
    path("counter/customers", phone_api.CustomerView.as_view(), name="counter-customer"),
    path("counter/phone-orders/quote", phone_api.PhoneQuoteView.as_view(), name="counter-phone-quote"),
    path("counter/phone-orders", phone_api.PhoneOrdersView.as_view(), name="counter-phone-orders"),
    path("counter/phone-orders/<str:public_id>", phone_api.PhoneOrderView.as_view(), name="counter-phone-order"),
    path(
        "counter/phone-orders/<str:public_id>/payment-link",
        phone_api.PaymentLinkView.as_view(),
        name="counter-phone-payment-link",
    ),
]
