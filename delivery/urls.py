from django.urls import path

from delivery import api

# Mounted under /api/.
urlpatterns = [
    path("delivery/check", api.DeliveryCheckView.as_view(), name="delivery-check"),
    path("delivery/places", api.PlaceSearchView.as_view(), name="delivery-places"),
    path("slots", api.SlotsView.as_view(), name="slots"),
    path("slots/windows", api.WindowsView.as_view(), name="slot-windows"),
    path("slots/windows/<str:window_id>", api.WindowView.as_view(), name="slot-window"),
    path("slots/days", api.ComingDaysView.as_view(), name="slot-days"),
    path("slots/days/<str:slot_id>", api.DayCapacityView.as_view(), name="slot-day"),
    path("slots/holidays", api.HolidaysView.as_view(), name="slot-holidays"),
    path("slots/holidays/<str:holiday_id>", api.HolidayView.as_view(), name="slot-holiday"),
]
