"""Search synonym writes (Django admin, the demo seed): the local words shoppers type."""

from django.db import IntegrityError, transaction

from common.errors import Conflict
from common.text import clean_text

from .. import caching
from ..models import SearchSynonym
from ..search import synonym_word

WORD_MAX_LENGTH = SearchSynonym._meta.get_field("word").max_length
MEANS_MAX_LENGTH = SearchSynonym._meta.get_field("means").max_length


def synonym_save(*, synonym: SearchSynonym) -> SearchSynonym:
    """Save a synonym with its word cleaned; a word already in the table is a Conflict. The cached
    search answers are dropped, so the new word finds products at once."""
    synonym.word = synonym_word(clean_text(synonym.word, label="Word", max_length=WORD_MAX_LENGTH))
    synonym.means = clean_text(synonym.means, label="Means", max_length=MEANS_MAX_LENGTH)
    if SearchSynonym.objects.filter(word=synonym.word).exclude(pk=synonym.pk).exists():
        raise Conflict(f"The word '{synonym.word}' is already in the synonyms.")
    try:
        with transaction.atomic():
            synonym.save()
    except IntegrityError:
        raise Conflict(f"The word '{synonym.word}' is already in the synonyms.") from None
    caching.invalidate()
    return synonym


def synonym_delete(*, synonym: SearchSynonym) -> None:
    synonym.delete()
    caching.invalidate()
