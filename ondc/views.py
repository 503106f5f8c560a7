import json

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.html import escape
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from ondc.door import request_take
from ondc.onboarding import BadChallenge, challenge_answer, site_verification_signature


@csrf_exempt
@require_POST
def door(request: HttpRequest, action: str) -> JsonResponse:
    """One of the network's calls (`ondc.context.ACTIONS`), answered ACK or NACK at once."""
    if not settings.ONDC_ENABLED:
        raise Http404
    reply = request_take(action=action, headers=request.headers, body=request.body)
    return JsonResponse(reply.body, status=reply.status)


@csrf_exempt
@require_POST
def on_subscribe(request: HttpRequest) -> JsonResponse:
    """The registry's challenge (`ondc.onboarding`), answered in plain text to prove the shop's key."""
    if not settings.ONDC_ENABLED:
        raise Http404
    try:
        payload = json.loads(request.body)
        challenge = payload.get("challenge") if isinstance(payload, dict) else None
    except ValueError:
        challenge = None
    if not isinstance(challenge, str) or not challenge:
        return JsonResponse({"error": "a JSON body with the challenge is needed"}, status=400)
    try:
        answer = challenge_answer(
            challenge,
            private_key=settings.ONDC_ENCRYPTION_PRIVATE_KEY,
            registry_public_key=settings.ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY,
        )
    except BadChallenge as error:
        return JsonResponse({"error": str(error)}, status=400)
    return JsonResponse({"answer": answer})


def site_verification(request: HttpRequest) -> HttpResponse:
    """`/ondc-site-verification.html`: the subscribe request's id, signed, for the registry to read."""
    if not settings.ONDC_ENABLED or not settings.ONDC_REQUEST_ID:
        raise Http404
    signed = site_verification_signature(
        request_id=settings.ONDC_REQUEST_ID, signing_private_key=settings.ONDC_SIGNING_PRIVATE_KEY
    )
    page = (
        "<!DOCTYPE html>\n<html>\n<head>\n"
        f"<meta name='ondc-site-verification' content='{escape(signed)}' />\n"
        "</head>\n<body>ONDC Site Verification Page</body>\n</html>\n"
    )
    return HttpResponse(page, content_type="text/html; charset=utf-8")
