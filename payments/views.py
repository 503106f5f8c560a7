"""Browser-facing payment pages: the sandbox gateway's hosted payment page. (The return URL the
gateway sends the shopper back to is checkout's, `checkout.views.payment_return`: what becomes of
the order of a failed payment is a flow above payments.)"""

from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from common.money import rupees
from payments.gateways.sandbox import SandboxGateway, sandbox_allowed
from payments.models import Payment, SandboxCharge

# How the sandbox page names a charge's state (Juspay's status codes, which the sandbox keeps).
STATUS_LABELS = {
    "NEW": gettext_lazy("Waiting for payment"),
    "CHARGED": gettext_lazy("Paid"),
    "AUTHENTICATION_FAILED": gettext_lazy("Payment failed"),
}


@require_http_methods(["GET", "POST"])
def sandbox_page(request: HttpRequest, gateway_order_id: str) -> HttpResponse:
    payment = (
        Payment.objects.select_related("order")
        .filter(gateway_order_id=gateway_order_id[:21], gateway=SandboxGateway.name)
        .first()
    )
    charge = SandboxCharge.objects.filter(gateway_order_id=gateway_order_id[:21]).first()
    if payment is None or charge is None or not sandbox_allowed():
        raise Http404("No such sandbox payment")
    if request.method == "POST":
        params = SandboxGateway.settle(
            gateway_order_id=charge.gateway_order_id, pay=request.POST.get("action") == "pay"
        )
        return HttpResponseRedirect(f"{reverse('payments-return')}?{urlencode(params)}")
    context = {
        "STORE_NAME": settings.STORE_NAME,
        "payment": payment,
        "order": payment.order,
        "charge": charge,
        "status": STATUS_LABELS.get(charge.status, charge.status),
        "amount": rupees(charge.amount),
    }
    return render(request, "payments/sandbox.html", context)
