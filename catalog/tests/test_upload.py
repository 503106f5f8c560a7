"""POST /api/upload: admins upload product photos; the server decides what a picture is."""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from catalog import uploads
from conftest import free_port

pytestmark = pytest.mark.django_db

UPLOAD_URL = "/api/upload"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"}}
    return tmp_path


def stored_files(media: Path) -> list[Path]:
    return sorted(path for path in media.rglob("*") if path.is_file())


def picture_bytes(fmt: str = "JPEG", size=(1600, 1200), mode="RGB", color=(200, 30, 30), **save) -> bytes:
    out = io.BytesIO()
    Image.new(mode, size, color).save(out, format=fmt, **save)
    return out.getvalue()


def jpeg_with_gps_and_rotation() -> bytes:
    """A 400×200 photo whose EXIF says "rotate 90°" and carries a GPS position and a camera."""
    exif = Image.Exif()
    exif[0x0110] = "Secret Phone Model"  # Model
    exif[0x0112] = 6  # Orientation: the camera was turned; show it rotated 90° clockwise
    exif[0x8825] = {1: "N", 2: (16.0, 34.0, 39.0), 3: "E", 4: (82.0, 0.0, 22.0)}  # GPSInfo
    return picture_bytes(size=(400, 200), exif=exif.tobytes())


def upload(client, data: bytes, name="photo.jpg", content_type="image/jpeg", field="image"):
    return client.post(
        UPLOAD_URL, {field: SimpleUploadedFile(name, data, content_type=content_type)}, format="multipart"
    )


def open_stored(url: str, media: Path) -> Image.Image:
    assert url.startswith("/media/catalog/uploads/"), url
    return Image.open(media / url.removeprefix("/media/"))


# --- who may upload --------------------------------------------------------------------------------


def test_anonymous_visitors_are_refused_and_nothing_is_stored(as_user, media):
    response = upload(as_user(None), picture_bytes())
    assert response.status_code == 401
    assert "message" in response.json()
    assert stored_files(media) == []


@pytest.mark.parametrize("who", ["customer", "other_customer"])
def test_customers_are_refused_and_nothing_is_stored(request, as_user, media, who):
    response = upload(as_user(request.getfixturevalue(who)), picture_bytes())
    assert response.status_code == 403
    assert response.json() == {"message": "Not authorized as an admin."}
    assert stored_files(media) == []


def test_an_admin_gets_the_public_urls_of_a_page_picture_and_a_card_picture(as_user, admin_user, media):
    response = upload(as_user(admin_user), picture_bytes(size=(1600, 1200)))

    assert response.status_code == 201, response.content
    body = response.json()
    assert body["message"] == "Image uploaded"
    page, card = open_stored(body["image"], media), open_stored(body["thumbnail"], media)
    assert (page.format, page.size) == ("WEBP", (1000, 750))
    assert (card.format, card.size) == ("WEBP", (360, 270))
    assert len(stored_files(media)) == 2
    # The stored file is served back from the media URL.
    assert as_user(None).get(body["image"]).status_code == 200


def test_a_brand_showing_an_uploaded_photo_names_its_card_copy(as_user, admin_user):
    from .factories import make_product

    client = as_user(admin_user)
    body = upload(client, picture_bytes()).json()
    assert uploads.card_picture_url(body["image"]) == body["thumbnail"]
    assert uploads.card_picture_url("/media/catalog/products/rice.svg") is None
    oil = make_product("Sunflower Oil", brands={"Freedom": [("1", "L", "150", "140", 4)]})
    detail = oil.details.get()
    edit = client.put(
        f"/api/products/{oil.pk}/details/{detail.pk}", {"image": body["image"], "quantity": "1"}, format="json"
    )
    assert edit.status_code == 200, edit.content
    product = as_user(None).get(f"/api/products/{oil.slug}").json()
    assert product["image"] == body["image"]
    assert product["details"][0]["images"][0] == {"image": body["image"], "thumbnail": body["thumbnail"]}
    assert product["details"][0]["images"][1:] == [{"image": "/media/freedom.svg"}]


def test_every_upload_gets_a_fresh_name(as_user, admin_user):
    client = as_user(admin_user)
    first = upload(client, picture_bytes()).json()["image"]
    second = upload(client, picture_bytes()).json()["image"]
    assert first != second


# --- what is accepted, and how it is cleaned ----------------------------------------------------------


def test_exif_with_gps_and_camera_is_removed_and_the_photo_is_turned_upright(as_user, admin_user, media):
    original = Image.open(io.BytesIO(jpeg_with_gps_and_rotation()))
    assert original.getexif().get_ifd(0x8825)  # the test photo really carries a position

    body = upload(as_user(admin_user), jpeg_with_gps_and_rotation()).json()

    for url in (body["image"], body["thumbnail"]):
        stored = open_stored(url, media)
        assert dict(stored.getexif()) == {}
        assert "exif" not in stored.info and "xmp" not in stored.info
        raw = (media / url.removeprefix("/media/")).read_bytes()
        assert b"Secret Phone Model" not in raw and b"EXIF" not in raw.upper()
    assert open_stored(body["image"], media).size == (200, 400)  # upright: portrait


@pytest.mark.parametrize(
    ("data", "name", "content_type"),
    [
        (picture_bytes("PNG", size=(300, 300), mode="RGBA", color=(0, 0, 255, 128)), "a.png", "image/png"),
        (picture_bytes("WEBP", size=(300, 300)), "a.webp", "image/webp"),
        # The name and declared type do not matter, the content does.
        (picture_bytes("PNG", size=(300, 300)), "photo.txt", "text/plain"),
    ],
)
def test_png_and_webp_are_accepted_whatever_their_name(as_user, admin_user, media, data, name, content_type):
    response = upload(as_user(admin_user), data, name=name, content_type=content_type)
    assert response.status_code == 201, response.content
    assert open_stored(response.json()["image"], media).format == "WEBP"


def test_transparency_is_kept(as_user, admin_user, media):
    data = picture_bytes("PNG", size=(100, 100), mode="RGBA", color=(0, 0, 255, 0))
    stored = open_stored(upload(as_user(admin_user), data, name="a.png").json()["image"], media)
    assert stored.mode == "RGBA" and stored.getpixel((5, 5))[3] == 0


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (picture_bytes("GIF", size=(50, 50), mode="P", color=1), "a.gif"),
        (picture_bytes("BMP", size=(50, 50)), "a.bmp"),
        (b"<svg xmlns='http://www.w3.org/2000/svg'></svg>", "a.svg"),
        (b"not a picture at all", "photo.jpg"),
        (picture_bytes()[:400], "truncated.jpg"),
        (b"%PDF-1.4\n", "photo.jpeg"),
    ],
)
def test_anything_that_is_not_a_jpeg_png_or_webp_is_a_400_and_nothing_is_stored(as_user, admin_user, media, data, name):
    response = upload(as_user(admin_user), data, name=name)
    assert response.status_code == 400
    assert response.json() == {"message": uploads.NOT_AN_IMAGE}
    assert stored_files(media) == []


def test_a_file_over_the_size_limit_is_refused(as_user, admin_user, media, settings):
    data = picture_bytes(size=(800, 800), quality=95)
    settings.UPLOAD_MAX_IMAGE_BYTES = len(data) - 1
    response = upload(as_user(admin_user), data)
    assert response.status_code == 400
    assert response.json()["message"].startswith("The image is too large")
    assert stored_files(media) == []


def test_a_decompression_bomb_is_refused_before_it_is_decoded(as_user, admin_user, media):
    bomb = picture_bytes("PNG", size=(8000, 8000), mode="1", color=0)  # 64 megapixels in a small file
    assert len(bomb) < 200_000
    response = upload(as_user(admin_user), bomb, name="bomb.png")
    assert response.status_code == 400
    assert response.json() == {"message": "The image has too many pixels: at most 40 megapixels."}
    assert stored_files(media) == []


@pytest.mark.parametrize(
    "send",
    [
        lambda client: client.post(UPLOAD_URL, {}, format="multipart"),
        lambda client: client.post(UPLOAD_URL, {"image": "just text"}, format="multipart"),
        lambda client: client.post(UPLOAD_URL, {"image": "x"}, format="json"),
        lambda client: client.post(UPLOAD_URL, b"garbage", content_type="multipart/form-data; boundary=zz"),
    ],
)
def test_a_request_without_a_file_is_a_clear_400(as_user, admin_user, media, send):
    response = send(as_user(admin_user))
    assert response.status_code in (400, 415)
    assert isinstance(response.json()["message"], str) and response.json()["message"]
    assert stored_files(media) == []


# --- S3 ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def s3_server():
    """A local S3-compatible server (moto) on 127.0.0.1."""
    from moto.server import ThreadedMotoServer

    port = free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


def test_uploads_go_to_s3_when_a_bucket_is_configured(as_user, admin_user, media, settings, s3_server):
    import boto3

    s3 = boto3.client(
        "s3", endpoint_url=s3_server, region_name="ap-south-1", aws_access_key_id="k", aws_secret_access_key="s"
    )
    s3.create_bucket(Bucket="shop-media", CreateBucketConfiguration={"LocationConstraint": "ap-south-1"})
    settings.AWS_STORAGE_BUCKET_NAME = "shop-media"
    settings.AWS_S3_ENDPOINT_URL = s3_server
    settings.AWS_S3_REGION_NAME = "ap-south-1"
    settings.AWS_ACCESS_KEY_ID, settings.AWS_SECRET_ACCESS_KEY = "k", "s"
    settings.AWS_QUERYSTRING_AUTH = False
    settings.AWS_S3_FILE_OVERWRITE = False
    settings.AWS_S3_CUSTOM_DOMAIN = f"{s3_server.removeprefix('http://')}/shop-media"
    settings.AWS_S3_URL_PROTOCOL = "http:"
    settings.STORAGES = {**settings.STORAGES, "default": {"BACKEND": "storages.backends.s3.S3Storage"}}

    response = upload(as_user(admin_user), jpeg_with_gps_and_rotation())

    assert response.status_code == 201, response.content
    body = response.json()
    assert body["image"].startswith(f"{s3_server}/shop-media/catalog/uploads/")
    key = body["image"].removeprefix(f"{s3_server}/shop-media/")
    stored = s3.get_object(Bucket="shop-media", Key=key)
    assert stored["ContentType"] == "image/webp"
    picture = Image.open(io.BytesIO(stored["Body"].read()))
    assert (picture.format, picture.size, dict(picture.getexif())) == ("WEBP", (200, 400), {})
    keys = {item["Key"] for item in s3.list_objects_v2(Bucket="shop-media")["Contents"]}
    assert keys == {key, body["thumbnail"].removeprefix(f"{s3_server}/shop-media/")}
    assert stored_files(media) == []  # nothing went to the local disk

    refused = upload(as_user(admin_user), b"not a picture")
    assert refused.status_code == 400
    assert len(s3.list_objects_v2(Bucket="shop-media")["Contents"]) == 2


def test_the_s3_variables_select_the_s3_storage_and_its_public_url():
    code = (
        "from django.conf import settings as s;"
        "print(s.STORAGES['default']['BACKEND'], s.AWS_STORAGE_BUCKET_NAME, s.AWS_S3_ENDPOINT_URL,"
        " s.AWS_S3_REGION_NAME, s.AWS_S3_CUSTOM_DOMAIN, s.AWS_S3_URL_PROTOCOL)"
    )
    env = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "shop.settings",
        "S3_BUCKET": "shop-media",
        "S3_ENDPOINT_URL": "https://minio.example.in",
        "S3_REGION": "auto",
        "S3_PUBLIC_BASE_URL": "https://media.example.in/shop/",
    }
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "storages.backends.s3.S3Storage",
        "shop-media",
        "https://minio.example.in",
        "auto",
        "media.example.in/shop",
        "https:",
    ]
