"""Photos uploaded to the shop: staff's product photos (`POST /api/upload`) and shoppers' photos of a
problem with a delivered order (`support/`), checked, cleaned and stored the same way.

A file is accepted for what Pillow decodes it to, never for its name or declared type: JPEG, PNG
or WebP, at most `UPLOAD_MAX_IMAGE_BYTES`, at most `MAX_PIXELS` pixels (a small file that unpacks
to a huge picture, a "decompression bomb", is refused before it is decoded). The picture is
turned upright by its EXIF orientation and re-encoded as WebP, which drops every piece of
metadata (camera, GPS position, comments): one copy sized for the product page and one for the
cards. Both go through Django's storage API (the file system, or S3 when `S3_BUCKET` is set)
under a fresh random name; the answer is their public URLs. Anything refused stores nothing.
"""

import io
import re
import uuid
import warnings
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.translation import gettext, gettext_lazy
from PIL import Image, ImageOps, UnidentifiedImageError

from common.errors import DomainError

UPLOAD_DIR = "catalog/uploads"
ACCEPTED_FORMATS = frozenset({"JPEG", "PNG", "WEBP"})
MAX_PIXELS = 40_000_000  # a 40-megapixel photo; a phone's largest is about 50 MP at full size
PAGE_SIZE = (1000, 1000)  # the product page's picture, at most this box
CARD_SIZE = (360, 360)  # product cards
WEBP_QUALITY = 82
# Pictures are decoded (and reduced) to at least this many times the page's box before resizing.
DECODE_MARGIN = 2

CARD_SUFFIX = "-card"
# A picture `product_image_store` wrote (the product page's size); its card copy adds CARD_SUFFIX.
# The pattern is plain enough for PostgreSQL's regular expressions too (catalog/answers.py).
UPLOADED_PAGE_PICTURE_PATTERN = rf"/{UPLOAD_DIR}/[0-9a-f]{{32}}\.webp$"
_UPLOADED_PAGE_PICTURE = re.compile(UPLOADED_PAGE_PICTURE_PATTERN)

NOT_AN_IMAGE = gettext_lazy("Please choose a JPEG, PNG or WebP image.")
NO_FILE = gettext_lazy("Please choose an image to upload.")
TOO_MANY_PIXELS = gettext_lazy("The image has too many pixels: at most {megapixels} megapixels.")


@dataclass(frozen=True)
class StoredImage:
    image: str  # public URL of the product-page picture
    thumbnail: str  # public URL of the card picture


def _too_large_message() -> str:
    megabytes = settings.UPLOAD_MAX_IMAGE_BYTES / (1024 * 1024)
    return gettext("The image is too large: at most {megabytes} MB.").format(megabytes=f"{megabytes:g}")


def _decoded(data: bytes) -> Image.Image:
    """The picture in `data`, fully decoded, or DomainError when it is not one we accept."""
    try:
        with warnings.catch_warnings():
            # Pillow only warns between MAX_IMAGE_PIXELS and twice that; the pixel check below decides.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(data))
            if picture.format not in ACCEPTED_FORMATS:
                raise DomainError(NOT_AN_IMAGE)
            width, height = picture.size
            if width * height > MAX_PIXELS:
                raise DomainError(TOO_MANY_PIXELS.format(megapixels=MAX_PIXELS // 1_000_000))
            # A JPEG decodes straight at 1/2, 1/4 or 1/8 of its size, still covering the largest
            # picture stored: a legal 40-megapixel photo cost 10.8 s and +480 MB fully decoded
            # (issue 33). PNG and WebP cannot; `_reduced` shrinks them before any copy is made.
            picture.draft(picture.mode, (PAGE_SIZE[0] * DECODE_MARGIN, PAGE_SIZE[1] * DECODE_MARGIN))
            picture.load()
    except DomainError:
        raise
    except Image.DecompressionBombError:
        raise DomainError(TOO_MANY_PIXELS.format(megapixels=MAX_PIXELS // 1_000_000)) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        raise DomainError(NOT_AN_IMAGE) from None
    return picture


def _reduced(picture: Image.Image) -> Image.Image:
    """The picture shrunk by a whole factor while it still covers DECODE_MARGIN times the page's box:
    the copies made after it (upright, converted, each size) cost a fraction of the full size."""
    factor = min(picture.width // PAGE_SIZE[0], picture.height // PAGE_SIZE[1]) // DECODE_MARGIN
    if factor < 2:
        return picture
    reduced = picture.reduce(factor)
    reduced.info = picture.info  # the EXIF orientation is applied afterwards
    return reduced


def _webp(picture: Image.Image, box: tuple[int, int]) -> bytes:
    copy = picture.copy()
    copy.thumbnail(box, Image.Resampling.LANCZOS)
    out = io.BytesIO()
    # No exif/icc/xmp arguments: the encoded file carries pixels only.
    copy.save(out, format="WEBP", quality=WEBP_QUALITY, method=4)
    return out.getvalue()


def _clean(picture: Image.Image) -> Image.Image:
    """Upright (EXIF orientation applied), first frame only, RGB or RGBA pixels without metadata."""
    upright = ImageOps.exif_transpose(picture)
    mode = "RGBA" if "A" in upright.getbands() or "transparency" in upright.info else "RGB"
    clean = upright.convert(mode)
    clean.info = {}
    return clean


def product_image_store(upload) -> StoredImage:
    """Check, clean and store an uploaded product photo; DomainError (nothing stored) when refused."""
    return image_store(upload, directory=UPLOAD_DIR)


def image_store(upload, *, directory: str) -> StoredImage:
    """Check, clean and store an uploaded photo under `directory` of the media storage, with the
    same limits and cleaning whoever uploads it; DomainError (nothing stored) when refused."""
    if upload is None:
        raise DomainError(NO_FILE)
    if upload.size is not None and upload.size > settings.UPLOAD_MAX_IMAGE_BYTES:
        raise DomainError(_too_large_message())
    data = upload.read(settings.UPLOAD_MAX_IMAGE_BYTES + 1)
    if len(data) > settings.UPLOAD_MAX_IMAGE_BYTES:
        raise DomainError(_too_large_message())
    if not data:
        raise DomainError(NO_FILE)
    picture = _clean(_reduced(_decoded(data)))
    page_bytes, card_bytes = _webp(picture, PAGE_SIZE), _webp(picture, CARD_SIZE)

    stem = f"{directory}/{uuid.uuid4().hex}"
    page_name = default_storage.save(f"{stem}.webp", ContentFile(page_bytes))
    try:
        card_name = default_storage.save(f"{stem}{CARD_SUFFIX}.webp", ContentFile(card_bytes))
    except Exception:
        default_storage.delete(page_name)
        raise
    return StoredImage(image=default_storage.url(page_name), thumbnail=default_storage.url(card_name))


def card_picture_url(url: str) -> str | None:
    """The card-sized copy of a picture stored by `product_image_store`, or None for any other URL."""
    if not _UPLOADED_PAGE_PICTURE.search(url or ""):
        return None
    return f"{url.removesuffix('.webp')}{CARD_SUFFIX}.webp"
