from django.urls import path

from promotions import api

urlpatterns = [
    path("promotions", api.PromotionsView.as_view(), name="promotions"),
    path("promotions/mine", api.MyRewardsView.as_view(), name="promotions-mine"),
    path("promotions/rewards", api.AdminRewardsView.as_view(), name="promotions-rewards"),
    path("promotions/draws", api.AdminDrawsView.as_view(), name="promotions-draws"),
    path("promotions/orders/<str:public_id>", api.OrderRewardsView.as_view(), name="promotions-order"),
]
