from django.core.management.base import BaseCommand

from ondc.signing import key_pair_new


class Command(BaseCommand):
    help = "Make a new ed25519 signing key pair for the ONDC network (base64), as settings and the registry read them."

    def handle(self, *args, **options):
        private_key, public_key = key_pair_new()
        self.stdout.write(f"ONDC_SIGNING_PRIVATE_KEY={private_key}")
        self.stdout.write(f"ONDC_SIGNING_PUBLIC_KEY={public_key}")
        self.stdout.write("Keep the private key secret (an environment variable); give the registry the public one.")
