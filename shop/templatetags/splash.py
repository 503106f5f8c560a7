"""`{% splash_due as show_splash %}`: whether the page shows the splash (shop/splash.py)."""

from django import template

from shop.splash import splash_due as _splash_due

register = template.Library()


@register.simple_tag(takes_context=True)
def splash_due(context) -> bool:
    return _splash_due(context.get("request"))
