from django.urls import path

from accounts import api

# Mounted under /api/. The fixed paths come before users/<ref>, which takes an id or a phone number.
urlpatterns = [
    path("users", api.UsersView.as_view(), name="users"),
    path("users/auth", api.LoginView.as_view(), name="users-auth"),
    path("users/logout", api.LogoutView.as_view(), name="users-logout"),
    path("users/otp/send", api.OtpSendView.as_view(), name="users-otp-send"),
    path("users/otp/verify", api.OtpVerifyView.as_view(), name="users-otp-verify"),
    path("users/forgot-password", api.ForgotPasswordView.as_view(), name="users-forgot-password"),
    path("users/profile", api.ProfileView.as_view(), name="users-profile"),
    path("users/address", api.OwnAddressView.as_view(), name="users-address"),
    path("users/privacy-notice", api.PrivacyNoticeView.as_view(), name="users-privacy-notice"),
    path("users/me/privacy", api.OwnPrivacyView.as_view(), name="users-me-privacy"),
    path("users/<str:ref>/address", api.UserAddressView.as_view(), name="user-address"),
    path("users/<str:ref>", api.UserDetailView.as_view(), name="user-detail"),
]
