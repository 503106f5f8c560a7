"""Issue 46: the island renderer's bundle (frontend/build/ssr/, run by node on the server) was
served as a static file beside the browser's bundles."""

from django.conf import settings
from django.contrib.staticfiles import finders


def test_the_browsers_bundles_are_static_files_and_the_renderers_is_not():
    build = settings.BASE_DIR / "frontend" / "build"
    bundles = sorted((build / "bundles").glob("*.js")) if (build / "bundles").is_dir() else []
    if bundles:
        assert finders.find(f"bundles/{bundles[0].name}"), "a browser bundle is no longer a static file"
    assert finders.find("ssr/islands.js") is None
    assert all("ssr" not in str(place) for place in settings.STATICFILES_DIRS)
