from django.apps import AppConfig


class ShopConfig(AppConfig):
    name = "shop"
    verbose_name = "Shop"

    def ready(self) -> None:
        from accounts.privacy import whole_erasure
        from shop import checks  # noqa: F401  (registers the deploy checks)
        from shop.privacy import personal_data_erase

        # A number registering again erases its old account everywhere first (accounts/privacy.py).
        whole_erasure.erase = personal_data_erase
