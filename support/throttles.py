"""A shopper's photo uploads are limited per account: each is a stored file."""

from rest_framework.throttling import UserRateThrottle


class PhotoUploadThrottle(UserRateThrottle):
    scope = "support_photo"
    rate = "20/hour"

    def get_rate(self):
        return self.rate
