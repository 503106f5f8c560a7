from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demo shop: its catalog, Telugu names, packshot drawings and accounts (`manage.py seed_demo`)."""

    name = "demo"

    def ready(self):
        from catalog import images

        from .packshots import category_svg, packshot_svg

        images.use_drawings(images.Drawings(packshot=packshot_svg, category=category_svg))
