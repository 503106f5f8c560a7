"""Texts of Django, Django REST framework and simplejwt that reach shoppers through the API.

They are marked here only so that `makemessages` copies them into locale/te/LC_MESSAGES/django.po
and a test checks each has its Telugu: LOCALE_PATHS comes first when Django looks a text up, so
our Telugu is what those libraries answer with (DRF and simplejwt have no Telugu of their own,
Django's covers about half of its texts). Nothing imports this module.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

DJANGO = [
    gettext_noop("This password is too common."),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        "min_length",
    ),
    gettext_noop("Enter a valid value."),
]

REST_FRAMEWORK = [
    gettext_noop("A server error occurred."),
    gettext_noop("Invalid input."),
    gettext_noop("Malformed request."),
    gettext_noop("Incorrect authentication credentials."),
    gettext_noop("Authentication credentials were not provided."),
    gettext_noop("You do not have permission to perform this action."),
    gettext_noop("Not found."),
    gettext_noop('Method "{method}" not allowed.'),
    gettext_noop("Could not satisfy the request Accept header."),
    gettext_noop('Unsupported media type "{media_type}" in request.'),
    gettext_noop("Request was throttled."),
    gettext_noop("Expected available in {wait} second."),
    gettext_noop("Expected available in {wait} seconds."),
    gettext_noop("This field is required."),
    gettext_noop("This field may not be null."),
    gettext_noop("Must be a valid boolean."),
    gettext_noop("Not a valid string."),
    gettext_noop("This field may not be blank."),
    gettext_noop("Ensure this field has no more than {max_length} characters."),
    gettext_noop("Ensure this field has at least {min_length} characters."),
    gettext_noop("A valid integer is required."),
    gettext_noop("Ensure this value is less than or equal to {max_value}."),
    gettext_noop("Ensure this value is greater than or equal to {min_value}."),
    gettext_noop("String value too large."),
    gettext_noop("A valid number is required."),
    gettext_noop("Ensure that there are no more than {max_digits} digits in total."),
    gettext_noop("Ensure that there are no more than {max_decimal_places} decimal places."),
    gettext_noop("Ensure that there are no more than {max_whole_digits} digits before the decimal point."),
    gettext_noop('"{input}" is not a valid choice.'),
    gettext_noop('Expected a list of items but got type "{input_type}".'),
    gettext_noop("This list may not be empty."),
    gettext_noop("Ensure this field has no more than {max_length} elements."),
    gettext_noop("Ensure this field has at least {min_length} elements."),
    gettext_noop('Expected a dictionary of items but got type "{input_type}".'),
    gettext_noop("Invalid data. Expected a dictionary, but got {datatype}."),
    gettext_noop("No file was submitted."),
    gettext_noop("The submitted data was not a file. Check the encoding type on the form."),
    gettext_noop("The submitted file is empty."),
]

SIMPLEJWT = [
    gettext_noop("Authorization header must contain two space-delimited values"),
    gettext_noop("Given token not valid for any token type"),
    gettext_noop("Token is invalid or expired"),
    gettext_noop("Token is invalid"),
    gettext_noop("Token is expired"),
    gettext_noop("Token has no id"),
    gettext_noop("Token has no type"),
    gettext_noop("Token has wrong type"),
]
