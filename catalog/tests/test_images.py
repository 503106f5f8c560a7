"""The catalog draws no picture itself: the app that owns the drawings (the demo shop) hands them over."""

from catalog import images


def test_the_demo_shops_drawings_are_the_ones_used(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    url = images.brand_image("mustard-oil", "Fortune", "Mustard Oil", category="OILS")
    assert url.endswith("/catalog/packshots/v1/mustard-oil-fortune.svg")
    assert b"Fortune" in (tmp_path / "catalog/packshots/v1/mustard-oil-fortune.svg").read_bytes()


def test_without_a_drawer_nothing_is_drawn(settings, tmp_path, monkeypatch):
    settings.MEDIA_ROOT = tmp_path
    monkeypatch.setattr(images, "_drawings", [])
    assert images.product_image("mustard-oil", "Mustard Oil") == ""
    assert images.category_image("OILS") == ""
    assert not any(tmp_path.iterdir())
