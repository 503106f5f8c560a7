"""Barcode writes: the one way a code is put on a pack or taken off it (the rules of a valid code
are `catalog/barcodes.py`). A code names one pack in the whole catalog: the unique index is the
backstop, the check here says which pack already has it.

Barcodes are not in the public catalog answers, so a write here drops no cached answer and
announces nothing.
"""

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from common.errors import Conflict, InvalidValue

from .. import barcodes as rules
from ..models import Barcode, Financial

CODE_TAKEN = gettext_lazy("Barcode {code} is already on {pack}.")
TOO_MANY = gettext_lazy("A pack carries at most {most} barcodes.")
MAX_PER_PACK = 20


def _pack_name(pack: Financial) -> str:
    return f"{pack.detail.brand} {pack.detail.product.name} {pack.label}"


def _taken(code: str, pack: Financial) -> Conflict | None:
    other = Barcode.objects.select_related("pack__detail__product").filter(code=code).exclude(pack=pack).first()
    return Conflict(str(CODE_TAKEN).format(code=code, pack=_pack_name(other.pack))) if other else None


def _create(pack: Financial, code: str, kind: str) -> Barcode:
    try:
        with transaction.atomic():
            return Barcode.objects.create(pack=pack, code=code, kind=kind)
    except IntegrityError:  # the same code added at the same moment elsewhere
        raise _taken(code, pack) or Conflict(str(CODE_TAKEN).format(code=code, pack="")) from None


def barcode_add(*, pack: Financial, code: str) -> Barcode:
    """Put `code` on `pack` (once: adding a code the pack has already is no change); 400 for a code
    that is not a valid barcode, 409 for one on another pack."""
    code, kind = rules.parse(code)
    existing = pack.barcodes.filter(code=code).first()
    if existing:
        return existing
    taken = _taken(code, pack)
    if taken:
        raise taken
    if pack.barcodes.count() >= MAX_PER_PACK:
        raise InvalidValue(str(TOO_MANY).format(most=MAX_PER_PACK))
    return _create(pack, code, kind)


def barcode_add_shop_code(*, pack: Financial) -> Barcode:
    """The shop's own code for `pack` (`barcodes.shop_code`), made once."""
    return barcode_add(pack=pack, code=rules.shop_code(pack.pk))


@transaction.atomic
def barcodes_set(*, pack: Financial, codes: Iterable[str], shop_code: bool = False) -> list[Barcode]:
    """The pack's codes become exactly `codes` (and its shop code when `shop_code`): codes not listed
    go, new ones are checked as `barcode_add` checks them. All or nothing."""
    wanted: dict[str, str] = {}
    for raw in codes:
        if str(raw).strip():
            code, kind = rules.parse(raw)
            wanted[code] = kind
    if shop_code:
        code = rules.shop_code(pack.pk)
        wanted[code] = rules.Kind.SHOP
    if len(wanted) > MAX_PER_PACK:
        raise InvalidValue(str(TOO_MANY).format(most=MAX_PER_PACK))
    for code in wanted:
        taken = _taken(code, pack)
        if taken:
            raise taken
    pack.barcodes.exclude(code__in=wanted).delete()
    have = set(pack.barcodes.values_list("code", flat=True))
    for code, kind in wanted.items():
        if code not in have:
            _create(pack, code, kind)
    return list(pack.barcodes.order_by("id"))


def barcode_remove(*, pack: Financial, code: str) -> None:
    pack.barcodes.filter(code=rules.normalise(code)).delete()
