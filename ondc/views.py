from django.conf import settings
from django.http import Http404, HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from ondc.door import request_take


@csrf_exempt
@require_POST
def door(request: HttpRequest, action: str) -> JsonResponse:
    """One of the network's calls (`ondc.context.ACTIONS`), answered ACK or NACK at once."""
    if not settings.ONDC_ENABLED:
        raise Http404
    reply = request_take(action=action, headers=request.headers, body=request.body)
    return JsonResponse(reply.body, status=reply.status)
