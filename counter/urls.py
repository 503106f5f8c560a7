from django.urls import path

from counter import api

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
]
