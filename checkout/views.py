"""Browser-facing checkout pages outside the JSON API."""

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from checkout.payment_return import payment_returned


@csrf_exempt  # the gateway may POST the return; its signature, not a cookie, authenticates it
@require_http_methods(["GET", "POST"])
def payment_return(request: HttpRequest) -> HttpResponse:
    """`/payments/return`: the gateway sends the shopper's browser back here."""
    given = request.POST if request.method == "POST" else request.GET
    params = {name: given.get(name, "") for name in given}
    response = HttpResponseRedirect(payment_returned(params=params))
    response["Cache-Control"] = "no-store"
    return response
