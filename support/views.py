"""/grievance.html: the grievance officer, a complaint form and a status look-up, server-rendered
(plain HTML forms that work without a script). The rules are `support.grievances`'; this view only
reads the form, applies the per-address limits and renders the answer."""

from django.shortcuts import render
from django.utils.translation import get_language, gettext

from common.errors import DomainError
from support import grievances
from support.clocks import clock
from support.throttles import GrievanceShopThrottle, GrievanceStatusThrottle, GrievanceThrottle

TOO_MANY = 429


def _allowed(throttle_class, request) -> bool:
    return throttle_class().allow_request(request, None)


def grievance_page(request, *, page):
    context = {"page": page, "filed": None, "found": None, "file_error": "", "status_error": "", "form": {}}
    status = 200
    if request.method == "POST":
        form = request.POST
        context["form"] = {key: form.get(key, "") for key in ("name", "phone", "email", "text", "number")}
        if form.get("action") == "status":
            if not _allowed(GrievanceStatusThrottle, request):
                context["status_error"], status = gettext("Too many attempts. Please try again later."), TOO_MANY
            else:
                try:
                    ticket = grievances.grievance_status(number=form.get("number", ""), phone=form.get("phone", ""))
                    context["found"] = {
                        "ticket": ticket,
                        "clock": clock(ticket),
                        "label": grievances.status_label(ticket),
                    }
                except DomainError as error:
                    context["status_error"], status = str(error.message), error.status
        elif not _allowed(GrievanceThrottle, request) or not _allowed(GrievanceShopThrottle, request):
            context["file_error"], status = gettext("Too many attempts. Please try again later."), TOO_MANY
        else:
            try:
                ticket = grievances.grievance_file(
                    # The shop signs in with a token a plain form does not carry: a complaint from
                    # this page is answered through the contact details it gives.
                    user=None,
                    name=form.get("name", ""),
                    phone=form.get("phone", ""),
                    email=form.get("email", ""),
                    text=form.get("text", ""),
                    language=get_language() or "en",
                )
                context["filed"] = {"ticket": ticket, "clock": clock(ticket)}
                context["form"] = {}
                status = 201
            except DomainError as error:
                context["file_error"], status = str(error.message), error.status
    return render(request, page.template, context, status=status)
