"""What a shopper typed, read as words and a pack size, before `catalog.search` looks anything up.

- A size is a number with a unit, written as people write it: `5 kg`, `5kg`, `1l`, `1 litre`,
  `500 g`, `500gm`, `1.5 kg`, and packs of a size, `2 x 1 kg` (two packs of 1 kg). Units are read
  as the catalog keeps them (`Financial.Units`): g/gm/gram, kg/kilo, ml, l/ltr/litre, pcs/pieces,
  pack/pkt; a size also means its equal in the other unit of its kind (`1 kg` is a `1000 g`
  pack, `500 ml` a `0.5 L` one).
- The words are the rest, with punctuation and repeated spaces left out ('oil!' is 'oil';
  an apostrophe joins, 'haldiram's' is 'haldirams'); letters of every script and their vowel
  signs are kept (Telugu's are marks, not letters).
- `joins`: a catalog text's runs of words, written without spaces or punctuation ('parleg' for
  "Parle-G", 'handwash' for "Hand Wash"), so a run typed with or without them is read as the
  catalog writes it.
"""

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from .models import Financial

Units = Financial.Units
UNIT_WORDS = {
    **dict.fromkeys(("g", "gm", "gms", "gr", "grm", "grms", "gram", "grams", "gramme", "grammes"), Units.GRAM),
    **dict.fromkeys(("kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme"), Units.KILOGRAM),
    **dict.fromkeys(("ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters"), Units.MILLILITRE),
    **dict.fromkeys(("l", "lt", "ltr", "ltrs", "litre", "litres", "liter", "liters", "lit"), Units.LITRE),
    **dict.fromkeys(("pc", "pcs", "piece", "pieces", "nos"), Units.PIECES),
    **dict.fromkeys(("pack", "packs", "pkt", "pkts", "packet", "packets"), Units.PACK),
}
# The same amount in the other unit of its kind: 1 kg is 1000 g, 1 L is 1000 ml.
_LARGER = {Units.GRAM: Units.KILOGRAM, Units.MILLILITRE: Units.LITRE}
_SMALLER = {larger: smaller for smaller, larger in _LARGER.items()}
_THOUSAND = Decimal(1000)
_PLACES = Decimal("0.001")  # a pack's quantity keeps three decimals

_UNIT = "|".join(sorted(map(re.escape, UNIT_WORDS), key=len, reverse=True))
_SIZE = re.compile(
    rf"(?<![\w.,])(?:(?P<count>\d{{1,2}})\s*[x×*]\s*)?(?P<quantity>\d{{1,5}}(?:[.,]\d{{1,3}})?)\s*(?P<unit>{_UNIT})(?!\w)",
    re.IGNORECASE,
)
_APOSTROPHES = dict.fromkeys(map(ord, "'’`´"), None)
# A catalog text's words with the apostrophes inside them ("o'clock"), for `joins`.
_CATALOG_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z0-9]+)*")
_NOT_LATIN = re.compile(r"[^a-z0-9]+")
JOIN_MAX_WORDS = 4
JOIN_MIN_CHARS = 4
MAX_PACK_COUNT = 50


@dataclass(frozen=True)
class Size:
    """A pack size named in the search text: `quantity` `units` as the catalog writes them (`kg`,
    `L`), and how many such packs (`2 x 1 kg`: 2)."""

    quantity: Decimal
    units: str
    count: int = 1

    def packs(self) -> tuple[tuple[Decimal, str], ...]:
        """Every (quantity, units) a pack of this size is written as: 1 kg and 1000 g."""
        forms = [(self.quantity, self.units)]
        if self.units in _LARGER:
            forms.append((self.quantity / _THOUSAND, _LARGER[self.units]))
        elif self.units in _SMALLER:
            forms.append((self.quantity * _THOUSAND, _SMALLER[self.units]))
        return tuple(
            (quantity.normalize(), units) for quantity, units in forms if quantity == quantity.quantize(_PLACES)
        )


def read_size(text: str) -> tuple[Size | None, str]:
    """(the first size in `text`, `text` without it). A zero size is no size."""
    for found in _SIZE.finditer(text):
        try:
            quantity = Decimal(found["quantity"].replace(",", "."))
        except InvalidOperation:  # pragma: no cover: the pattern admits only digits
            continue
        count = int(found["count"] or 1)
        if quantity <= 0 or not 1 <= count <= MAX_PACK_COUNT:
            continue
        size = Size(quantity.normalize(), UNIT_WORDS[found["unit"].casefold()], count)
        return size, f"{text[: found.start()]} {text[found.end() :]}"
    return None, text


def plain(text: str) -> str:
    """`text` as words: NFC, lower case, punctuation and symbols left out (an apostrophe joins the
    letters either side, any other mark is a space), spaces squeezed. Letters, digits and vowel
    signs of every script stay, and the zero-width joiners Telugu is typed with."""
    text = unicodedata.normalize("NFC", text).casefold().translate(_APOSTROPHES)
    kept = [char if unicodedata.category(char)[0] in "LMN" or char in "\u200c\u200d" else " " for char in text]
    return " ".join("".join(kept).split())


def joined(text: str) -> str:
    """`text`'s Latin letters and digits alone: 'parle-g', 'parle g' and 'parleg' are one."""
    return _NOT_LATIN.sub("", text.casefold())


def joins(text: str) -> dict[str, str]:
    """{each run of up to `JOIN_MAX_WORDS` of the catalog text's words, joined: the run as the text
    writes it, lower case}: "Gillette 7 O'Clock" gives 'gillette7oclock' → "gillette 7 o'clock",
    '7oclock' → "7 o'clock", ...; runs shorter than `JOIN_MIN_CHARS` joined are left out."""
    text = text.casefold()
    words = list(_CATALOG_WORD.finditer(text))
    found = {}
    for start in range(len(words)):
        for end in range(start + 1, min(start + JOIN_MAX_WORDS, len(words)) + 1):
            written = text[words[start].start() : words[end - 1].end()]
            key = joined(written)
            if len(key) >= JOIN_MIN_CHARS:
                found.setdefault(key, written)
    return found
