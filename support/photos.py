"""Shoppers' photos of a problem with a delivered order: stored by the catalog's upload service
(`catalog.uploads.image_store`, the same checks, limits and cleaning as staff's product photos),
under a folder of their own, and named by a ticket only when they are one of those stored files.
"""

import re

from django.core.files.storage import default_storage
from django.utils.translation import gettext_lazy

from catalog.uploads import CARD_SUFFIX, StoredImage, image_store
from common.errors import InvalidValue

PHOTO_DIR = "support/photos"
_STORED_NAME = re.compile(r"([0-9a-f]{32})\.webp")

PHOTO_UNKNOWN = gettext_lazy("Please upload the photo again.")


def ticket_photo_store(upload) -> StoredImage:
    """Check, clean and store a shopper's photo; DomainError (nothing stored) when refused."""
    return image_store(upload, directory=PHOTO_DIR)


def ticket_photo_checked(url: str) -> StoredImage | None:
    """The photo `url` names, when it is one `ticket_photo_store` stored (and still there); None for
    no photo; 400 for any other address, so a ticket never points at someone else's picture host."""
    if not url:
        return None
    stem = str(url).rsplit("/", 1)[-1]
    match = _STORED_NAME.fullmatch(stem)
    name = f"{PHOTO_DIR}/{match.group(1)}.webp" if match else ""
    if not match or default_storage.url(name) != url or not default_storage.exists(name):
        raise InvalidValue(PHOTO_UNKNOWN)
    card = f"{PHOTO_DIR}/{match.group(1)}{CARD_SUFFIX}.webp"
    return StoredImage(image=url, thumbnail=default_storage.url(card))
