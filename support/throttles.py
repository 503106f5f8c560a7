"""A shopper's photo uploads are limited per account: each is a stored file."""

from rest_framework.throttling import UserRateThrottle

from accounts.throttles import IpRateThrottle


class PhotoUploadThrottle(UserRateThrottle):
    scope = "support_photo"
    rate = "20/hour"

    def get_rate(self):
        return self.rate


class GrievanceThrottle(IpRateThrottle):
    """Each complaint is a ticket and an SMS: filed per address at a human pace."""

    scope = "grievance"


class GrievanceShopThrottle(IpRateThrottle):
    """Complaints from the form counted for the whole shop, whatever their addresses (issue 46.3)."""

    scope = "grievance_shop"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": "shop"}


class GrievanceStatusThrottle(IpRateThrottle):
    """A status needs the ticket number and its phone number; the limit keeps anyone from trying
    numbers against a phone (or phones against a number) at leisure."""

    scope = "grievance_status"
