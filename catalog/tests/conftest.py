import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The default hasher costs ~0.3 s a user; catalog tests create users only to sign requests.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
