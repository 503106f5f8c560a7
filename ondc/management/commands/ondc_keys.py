from django.core.management.base import BaseCommand

from ondc.onboarding import encryption_key_pair_new
from ondc.signing import key_pair_new


class Command(BaseCommand):
    help = "Make new ONDC keys: an ed25519 signing pair and an X25519 encryption pair (base64), as settings and the registry read them."

    def handle(self, *args, **options):
        private_key, public_key = key_pair_new()
        self.stdout.write(f"ONDC_SIGNING_PRIVATE_KEY={private_key}")
        self.stdout.write(f"ONDC_SIGNING_PUBLIC_KEY={public_key}")
        encryption_private, encryption_public = encryption_key_pair_new()
        self.stdout.write(f"ONDC_ENCRYPTION_PRIVATE_KEY={encryption_private}")
        self.stdout.write(f"ONDC_ENCRYPTION_PUBLIC_KEY={encryption_public}")
        self.stdout.write("Keep the private keys secret (environment variables); give the registry the public ones.")
