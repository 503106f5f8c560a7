"""Packshot drawings for the demo catalog, made offline when it is seeded.

Nothing can be downloaded where the shop is set up, yet a grocery looks like a mock-up with
initials on coloured tiles. So each product is drawn as the pack it comes in: a rice or atta bag,
an oil bottle, a spice box, a soap bar, a milk pouch, an incense pack... on white, with the brand
and the product name on the label and the brand's own colour, so that brands differ at a glance.
Each drawing is a small SVG (2-3 KB), sharp at any size. A photo uploaded later replaces it.

Category tiles are small illustrations of their goods: two or three packs of the category's kinds
on a soft round backdrop (the name is printed beside the tile by the page).
"""

import colorsys
import re
import zlib
from xml.sax.saxutils import escape

SIZE = 400
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"

# First match wins: the product name decides, the category fills in when the name says nothing.
KIND_RULES: list[tuple[str, str]] = [
    (r"\bkit\b|combo|saver pack|starter", "basket"),
    (r"\beggs?\b", "tray"),
    (r"soap|detergent bar|dishwash bar|chikki|chocolate|wafer", "bar"),
    (r"toothpaste|shaving cream|face wash|cream\b|\bgel\b|lip balm", "tube"),
    (r"deodorant|freshener|repellent", "can"),
    (r"agarbatti|dhoop|sambrani|camphor|kumkum|wicks", "pooja"),
    (r"honey|chyawanprash|pickle|ghee|\bjam\b|drink|malt|protein|jelly|instant coffee|balm", "jar"),
    (r"talcum|\boil\b|wash\b|shampoo|conditioner|lotion|liquid|cleaner|phenyl|vinegar|rose water|ketchup", "bottle"),
    (r"\bmilk\b(?! (chocolate|rusk))|curd|buttermilk|paneer", "pouch"),
    (
        r"chips|bhujia|murukku|noodles|poha|papad|vermicelli|pasta|cashew|almond|raisin|dates|pistachio|walnut"
        r"|groundnuts|tamarind|jaggery",
        "pouch",
    ),
    (r"rice|atta|flour|ravva|rava|maida|besan|\bdal\b|rajma|chana|moong|sugar|salt|oats|detergent powder", "bag"),
]
CATEGORY_KINDS = {
    "BATH & BODY": ["bar", "bottle", "tube"],
    "BISCUITS & CHOCOLATES": ["box", "bar", "pouch"],
    "CLEANING ESSENTIALS": ["bottle", "bag", "bar"],
    "DAILY NEEDS": ["bag", "pouch", "box"],
    "DRYFRUITS": ["pouch", "jar", "pouch"],
    "FEMININE HYGIENE": ["box", "pouch", "bottle"],
    "FLOURS": ["bag", "bag", "pouch"],
    "FOOD ADDITIVES": ["box", "bottle", "jar"],
    "GROOMING": ["can", "tube", "bottle"],
    "HAIR CARE": ["bottle", "bottle", "tube"],
    "HEALTH & WELLNESS": ["jar", "box", "bottle"],
    "HOME NEEDS": ["can", "box", "pouch"],
    "NUTRITIONAL MILK MIXERS": ["jar", "jar", "box"],
    "OILS": ["bottle", "bottle", "bottle"],
    "ORAL CARE": ["tube", "box", "bottle"],
    "POOJA NEEDS": ["pooja", "bottle", "box"],
    "RICE & PULSES": ["bag", "bag", "pouch"],
    "SKIN CARE": ["tube", "jar", "bottle"],
    "SNACKS & BREAKFAST": ["pouch", "box", "pouch"],
    "SPICES & MASALAS": ["box", "jar", "box"],
    "TEA & COFFEE": ["box", "jar", "pouch"],
    "BUDGET FRIENDLY PACKAGES": ["basket", "bag", "bottle"],
    "EGGS & DAIRY": ["tray", "pouch", "jar"],
}


def pack_kind(name: str, category: str = "") -> str:
    """What the product comes in: bag, bottle, jar, box, tube, bar, can, pouch, tray, pooja, basket."""
    text = name.lower()
    for pattern, kind in KIND_RULES:
        if re.search(pattern, text):
            return kind
    return CATEGORY_KINDS.get(category.upper(), ["box"])[0]


def brand_colours(brand: str) -> tuple[str, str, str]:
    """(main, dark, pale) colours of a brand: a hue of its own, dark enough for white type."""
    seed = zlib.crc32(brand.strip().casefold().encode())
    hue = (seed % 360) / 360
    saturation = 0.55 + (seed >> 9) % 25 / 100
    lightness = 0.36 + (seed >> 17) % 8 / 100

    def hex_of(light: float, sat: float) -> str:
        red, green, blue = colorsys.hls_to_rgb(hue, light, sat)
        return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"

    return hex_of(lightness, saturation), hex_of(lightness * 0.7, saturation), hex_of(0.93, saturation * 0.8)


def _wrap(text: str, width: int, limit: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = lines[-1][: max(1, width - 1)] + "…"
    return [line if len(line) <= width + 2 else line[: width + 1] + "…" for line in lines]


def _label(x: float, y: float, w: float, h: float, brand: str, name: str, main: str) -> str:
    """A white label with the brand in its colour and the product name under it, centred."""
    brand_size = min(30, max(16, w / 6.2))
    name_size = min(19, max(14, w / 9.5))
    brand_lines = _wrap(brand, max(4, int(w / (brand_size * 0.62))), 2)
    name_lines = _wrap(name, max(6, int(w / (name_size * 0.56))), 3)
    block = len(brand_lines) * brand_size * 1.08 + 6 + len(name_lines) * name_size * 1.2
    top = y + (h - block) / 2 + brand_size * 0.85
    cx = x + w / 2
    parts = [f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="10" fill="#fff"/>']
    line_y = top
    for line in brand_lines:
        parts.append(
            f'<text x="{cx:.0f}" y="{line_y:.0f}" font-size="{brand_size:.0f}" font-weight="700" fill="{main}">'
            f"{escape(line)}</text>"
        )
        line_y += brand_size * 1.08
    line_y += 6 + name_size * 0.1
    for line in name_lines:
        parts.append(
            f'<text x="{cx:.0f}" y="{line_y:.0f}" font-size="{name_size:.0f}" fill="#333">{escape(line)}</text>'
        )
        line_y += name_size * 1.2
    return "".join(parts)


# Each shape draws the pack in the brand's colours and returns (svg, label box) so the label sits
# where that pack carries it. Coordinates are in a 400 x 400 box, pack centred, shadow below.


def _bag(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    body = (
        f'<path d="M92 78 Q200 64 308 78 L322 338 Q200 352 78 338 Z" fill="{main}"/>'
        f'<path d="M92 78 Q200 64 308 78 L310 104 Q200 92 90 104 Z" fill="{dark}"/>'
        f'<path d="M100 84 h200" stroke="{pale}" stroke-width="3" stroke-dasharray="6 6"/>'
        f'<path d="M104 318 Q200 330 296 318" stroke="{pale}" stroke-width="10" fill="none" opacity=".6"/>'
    )
    return body, (112, 130, 176, 168)


def _bottle(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    body = (
        f'<rect x="176" y="40" width="48" height="34" rx="6" fill="{dark}"/>'
        f'<path d="M184 74 h32 v22 q52 26 52 80 v152 q0 16 -16 16 h-104 q-16 0 -16 -16 v-152 q0 -54 52 -80 Z" fill="{main}"/>'
        f'<rect x="140" y="128" width="12" height="180" rx="6" fill="#fff" opacity=".25"/>'
    )
    return body, (140, 160, 120, 140)


def _jar(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    body = (
        f'<rect x="112" y="70" width="176" height="44" rx="10" fill="{dark}"/>'
        f'<rect x="100" y="110" width="200" height="232" rx="26" fill="{pale}" stroke="{main}" stroke-width="8"/>'
        f'<rect x="104" y="240" width="192" height="98" rx="20" fill="{main}" opacity=".35"/>'
    )
    return body, (120, 142, 160, 140)


def _box(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    body = (
        f'<path d="M104 84 L136 56 H316 L284 84 Z" fill="{pale}" stroke="{dark}" stroke-width="3"/>'
        f'<path d="M284 84 L316 56 V316 L284 344 Z" fill="{dark}"/>'
        f'<rect x="104" y="84" width="180" height="260" fill="{main}"/>'
        f'<rect x="104" y="300" width="180" height="44" fill="{dark}" opacity=".5"/>'
    )
    return body, (116, 124, 156, 160)


def _tube(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    body = (
        f'<path d="M112 60 h176 l-6 16 h-164 Z" fill="{dark}"/>'
        f'<path d="M118 76 h164 l-22 240 h-120 Z" fill="{main}"/>'
        f'<rect x="164" y="316" width="72" height="36" rx="8" fill="{dark}"/>'
    )
    return body, (136, 112, 128, 150)


def _bar(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    body = (
        f'<rect x="56" y="112" width="288" height="176" rx="36" fill="{main}"/>'
        f'<path d="M56 150 q0 -38 36 -38 h216 q36 0 36 38" fill="{dark}" opacity=".35"/>'
    )
    return body, (96, 138, 208, 124)


def _can(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    body = (
        f'<rect x="178" y="36" width="44" height="26" rx="6" fill="#9aa3a0"/>'
        f'<path d="M152 62 h96 q20 0 20 22 v252 q0 12 -12 12 h-112 q-12 0 -12 -12 v-252 q0 -22 20 -22 Z" fill="{main}"/>'
        f'<rect x="132" y="300" width="136" height="36" fill="{dark}"/>'
    )
    return body, (144, 120, 112, 160)


def _pouch(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    teeth = "l8 -10 l8 10 " * 14
    body = (
        f'<path d="M88 76 {teeth} L300 330 Q200 350 100 330 Z" fill="{main}"/>'
        f'<path d="M92 100 h216" stroke="{dark}" stroke-width="6"/>'
        f'<ellipse cx="200" cy="306" rx="76" ry="18" fill="{pale}" opacity=".45"/>'
    )
    return body, (114, 128, 172, 156)


def _tray(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    eggs = "".join(
        f'<ellipse cx="{120 + 53 * col}" cy="{88 + 40 * row}" rx="22" ry="28" fill="#f3e2c7" stroke="#d9c3a0" stroke-width="2"/>'
        for row in range(2)
        for col in range(4)
    )
    body = f'{eggs}<path d="M72 120 h256 l-16 222 h-224 Z" fill="{main}"/>'
    return body, (104, 168, 192, 150)


def _pooja(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    sticks = "".join(
        f'<rect x="{150 + 16 * index}" y="28" width="5" height="90" fill="#7a4a2a"/>' for index in range(7)
    )
    body = (
        f"{sticks}"
        f'<rect x="126" y="96" width="148" height="248" rx="8" fill="{main}"/>'
        f'<path d="M126 96 h148 v24 h-148 Z" fill="{dark}"/>'
        '<path d="M200 316 q-14 -18 0 -36 q14 18 0 36 Z" fill="#f5a524"/>'
    )
    return body, (136, 134, 128, 140)


def _basket(main: str, dark: str, pale: str) -> tuple[str, tuple]:
    body = (
        '<rect x="120" y="60" width="56" height="110" rx="8" fill="#f4b400"/>'
        '<rect x="186" y="44" width="40" height="126" rx="14" fill="#2e7d32"/>'
        '<path d="M236 70 h60 l10 100 h-80 Z" fill="#c62828"/>'
        f'<path d="M60 150 h280 l-26 194 h-228 Z" fill="{main}"/>'
        f'<path d="M60 150 h280 v22 h-280 Z" fill="{dark}"/>'
        f'<path d="M104 96 q96 -90 192 0" stroke="{dark}" stroke-width="10" fill="none"/>'
    )
    return body, (100, 188, 200, 138)


SHAPES = {
    "bag": _bag,
    "bottle": _bottle,
    "jar": _jar,
    "box": _box,
    "tube": _tube,
    "bar": _bar,
    "can": _can,
    "pouch": _pouch,
    "tray": _tray,
    "pooja": _pooja,
    "basket": _basket,
}


def _svg(title: str, content: str) -> bytes:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE}" height="{SIZE}" viewBox="0 0 {SIZE} {SIZE}" role="img">'
        f"<title>{escape(title)}</title>{content}</svg>"
    ).encode()


def packshot_svg(*, brand: str, name: str, category: str = "") -> bytes:
    """The product `name` of `brand` drawn as its pack, on white."""
    kind = pack_kind(name, category)
    main, dark, pale = brand_colours(brand or name)
    body, (x, y, w, h) = SHAPES[kind](main, dark, pale)
    label = _label(x, y, w, h, brand or name, name if brand else "", main)
    return _svg(
        f"{brand} {name}".strip(),
        f'<rect width="{SIZE}" height="{SIZE}" fill="#fff"/>'
        '<ellipse cx="200" cy="356" rx="130" ry="14" fill="#000" opacity=".08"/>'
        f'<g font-family="{FONT}" text-anchor="middle">{body}{label}</g>',
    )


def category_svg(name: str) -> bytes:
    """A round tile with small packs of what the category sells (no text: the page names it)."""
    kinds = CATEGORY_KINDS.get(name.upper(), ["box", "bag", "bottle"])
    main, _, pale = brand_colours(name)
    packs = []
    for index, (kind, dx, scale) in enumerate(zip(kinds, (-92, 92, 0), (0.56, 0.56, 0.7), strict=False)):
        colours = brand_colours(f"{name} {index}")
        body, _ = SHAPES[kind](*colours)
        offset_x = 200 + dx - 200 * scale
        offset_y = 212 - 200 * scale + (0 if index == 2 else -22)
        packs.append(f'<g transform="translate({offset_x:.0f} {offset_y:.0f}) scale({scale})">{body}</g>')
    return _svg(
        name,
        f'<rect width="{SIZE}" height="{SIZE}" fill="{pale}"/>'
        f'<ellipse cx="200" cy="330" rx="150" ry="16" fill="{main}" opacity=".18"/>'
        f"{''.join(packs)}",
    )
