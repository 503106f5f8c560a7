"""Large uploads are decoded at a reduced size (issue 33.9)."""


def test_a_large_jpeg_is_decoded_at_a_reduced_size_that_still_covers_the_page():
    """Issue 33.9: a legal 40-megapixel upload was decoded whole (10.8 s, +480 MB; three at once
    1.3 GB); a JPEG now decodes at 1/2, 1/4 or 1/8 of its size, never below twice the page's box."""
    import io

    from PIL import Image

    from catalog.uploads import PAGE_SIZE, _decoded, _reduced

    out = io.BytesIO()
    Image.new("RGB", (4400, 4400), (200, 120, 40)).save(out, format="JPEG")
    decoded = _decoded(out.getvalue())
    assert decoded.size == (2200, 2200)
    assert min(decoded.size) >= 2 * PAGE_SIZE[0]

    png = Image.new("RGB", (4400, 4400), (200, 120, 40))
    assert _reduced(png).size == (2200, 2200)
    assert _reduced(Image.new("RGB", (3000, 3000))).size == (3000, 3000)  # under twice the box: left whole
