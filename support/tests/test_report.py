"""A shopper reports a problem with their delivered order: who may, when, what, and the SMS."""

import io
from datetime import timedelta

import pytest
from django.utils import timezone
from PIL import Image

from conftest import client_for
from orders.models import Order
from support.models import Ticket, TicketLine
from support.tests.conftest import lines_of

pytestmark = pytest.mark.django_db

URL = "/api/support/tickets"


def body(order, *lines, text="", photo=""):
    return {
        "order": order.public_id,
        "lines": [{"item": str(item.pk), "problem": problem, "quantity": qty} for item, problem, qty in lines],
        "text": text,
        "photo": photo,
    }


def test_a_report_opens_a_numbered_ticket_and_texts_its_number(
    shopper, delivered, sms_outbox, django_capture_on_commit_callbacks
):
    oil, rice = lines_of(delivered)

    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(shopper).post(
            URL, body(delivered, (oil, "damaged", 2), (rice, "missing", 1), text="  Bottle   leaking "), format="json"
        )

    assert response.status_code == 201, response.content
    data = response.json()
    year = timezone.localdate().year
    assert data["number"] == f"T-{year}-000001"
    assert data["status"] == "open"
    assert data["orderId"] == delivered.public_id
    assert data["text"] == "Bottle leaking"
    assert [(line["problem"], line["quantity"], line["value"]) for line in data["lines"]] == [
        ("damaged", 2, 291),
        ("missing", 1, 399),
    ]
    assert data["claimValue"] == 690
    assert data["openedAt"] and data["resolvedAt"] is None
    [text] = [t for t in sms_outbox(shopper.phone_no) if "T-" in t]
    assert f"T-{year}-000001" in text and delivered.public_id in text


def test_ticket_numbers_run_without_gaps(shopper, delivered, sms_outbox):
    from support.services import ReportedLine, ticket_open_problem_report

    oil, rice = lines_of(delivered)
    first = ticket_open_problem_report(
        user=shopper, public_id=delivered.public_id, lines=[ReportedLine(oil.pk, "damaged", 1)]
    )
    second = ticket_open_problem_report(
        user=shopper, public_id=delivered.public_id, lines=[ReportedLine(rice.pk, "expired", 1)]
    )
    assert [first.number[-6:], second.number[-6:]] == ["000001", "000002"]


def test_the_sms_is_in_the_shoppers_language(shopper, delivered, sms_outbox, django_capture_on_commit_callbacks):
    shopper.language = "te"
    shopper.save()
    oil, _ = lines_of(delivered)

    with django_capture_on_commit_callbacks(execute=True):
        client_for(shopper).post(URL, body(delivered, (oil, "damaged", 1)), format="json")

    [text] = [t for t in sms_outbox(shopper.phone_no) if "T-" in t]
    assert "టికెట్" in text


@pytest.mark.parametrize(
    ("quantity", "status"),
    [(0, 400), (-1, 400), (4, 400), ("abc", 400), (2.5, 400), (True, 400)],
)
def test_a_number_of_packs_outside_the_line_is_refused(shopper, delivered, quantity, status):
    oil, _ = lines_of(delivered)
    payload = body(delivered, (oil, "damaged", 1))
    payload["lines"][0]["quantity"] = quantity

    response = client_for(shopper).post(URL, payload, format="json")

    assert response.status_code == status, response.content
    assert response.json()["message"]
    assert not Ticket.objects.exists()


def test_above_the_line_the_message_names_the_most(shopper, delivered):
    oil, _ = lines_of(delivered)
    response = client_for(shopper).post(URL, body(delivered, (oil, "damaged", 4)), format="json")
    assert response.status_code == 400
    assert "between 1 and 3" in response.json()["message"]


def test_errors_come_in_the_shoppers_language(shopper, delivered):
    oil, _ = lines_of(delivered)
    client = client_for(shopper)
    client.cookies["django_language"] = "te"
    response = client.post(URL, body(delivered, (oil, "damaged", 9)), format="json")
    assert response.status_code == 400
    assert response["Content-Language"] == "te"
    assert "1" in response.json()["message"] and "between" not in response.json()["message"]


def test_someone_elses_order_or_line_is_not_found(shopper, other_shopper, delivered, place_order, packs, deliver):
    oil, _ = lines_of(delivered)
    theirs = deliver(place_order(other_shopper, (packs.oil_1l, 1)))
    [their_line] = theirs.items.all()

    as_other = client_for(other_shopper).post(URL, body(delivered, (oil, "damaged", 1)), format="json")
    foreign_line = client_for(shopper).post(URL, body(delivered, (their_line, "damaged", 1)), format="json")

    assert as_other.status_code == 404
    assert foreign_line.status_code == 404
    assert foreign_line.json()["message"] == "That item is not in this order."
    assert not Ticket.objects.exists()


def test_an_order_not_yet_delivered_cannot_be_reported(shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 1))
    [item] = order.items.all()

    response = client_for(shopper).post(URL, body(order, (item, "missing", 1)), format="json")

    assert response.status_code == 409
    assert response.json()["code"] == "not_delivered"


def test_after_48_hours_the_report_is_refused(shopper, delivered):
    Order.objects.filter(pk=delivered.pk).update(delivered_at=timezone.now() - timedelta(hours=48, minutes=1))
    oil, _ = lines_of(delivered)

    response = client_for(shopper).post(URL, body(delivered, (oil, "damaged", 1)), format="json")

    assert response.status_code == 409
    assert response.json()["code"] == "report_window_closed"
    assert "48 hours" in response.json()["message"]


def test_just_inside_48_hours_the_report_is_taken(shopper, delivered):
    Order.objects.filter(pk=delivered.pk).update(delivered_at=timezone.now() - timedelta(hours=47, minutes=59))
    oil, _ = lines_of(delivered)
    response = client_for(shopper).post(URL, body(delivered, (oil, "damaged", 1)), format="json")
    assert response.status_code == 201


def test_the_window_is_a_setting(shopper, delivered, settings):
    settings.SUPPORT_REPORT_WINDOW_HOURS = 1
    Order.objects.filter(pk=delivered.pk).update(delivered_at=timezone.now() - timedelta(hours=2))
    oil, _ = lines_of(delivered)
    response = client_for(shopper).post(URL, body(delivered, (oil, "damaged", 1)), format="json")
    assert response.status_code == 409


def test_a_second_open_report_of_the_same_line_is_refused(shopper, delivered):
    oil, rice = lines_of(delivered)
    client = client_for(shopper)
    first = client.post(URL, body(delivered, (oil, "damaged", 1)), format="json")

    again = client.post(URL, body(delivered, (rice, "missing", 1), (oil, "expired", 1)), format="json")

    assert again.status_code == 409
    assert again.json()["code"] == "already_reported"
    assert again.json()["ticket"] == first.json()["number"]
    assert Ticket.objects.count() == 1 and TicketLine.objects.count() == 1


def test_a_line_twice_in_one_report_or_no_line_is_refused(shopper, delivered):
    oil, _ = lines_of(delivered)
    client = client_for(shopper)
    twice = client.post(URL, body(delivered, (oil, "damaged", 1), (oil, "missing", 1)), format="json")
    empty = client.post(URL, body(delivered), format="json")
    unknown = client.post(URL, body(delivered, (oil, "smelly", 1)), format="json")
    assert [twice.status_code, empty.status_code, unknown.status_code] == [400, 400, 400]
    assert not Ticket.objects.exists()


def test_a_rejected_report_leaves_the_line_reportable_again(shopper, delivered, admin_user):
    from support.services import ReportedLine, ticket_open_problem_report, ticket_reject

    oil, _ = lines_of(delivered)
    ticket = ticket_open_problem_report(
        user=shopper, public_id=delivered.public_id, lines=[ReportedLine(oil.pk, "damaged", 1)]
    )
    ticket_reject(number=ticket.number, by=admin_user, reason="The photo shows a sealed bottle.")

    response = client_for(shopper).post(URL, body(delivered, (oil, "damaged", 3)), format="json")
    assert response.status_code == 201


def _png() -> io.BytesIO:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "red").save(out, format="PNG")
    out.seek(0)
    out.name = "leak.png"
    return out


def test_a_photo_is_stored_cleaned_and_named_by_the_ticket(shopper, delivered, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    client = client_for(shopper)
    uploaded = client.post("/api/support/photos", {"image": _png()}, format="multipart")
    assert uploaded.status_code == 201, uploaded.content
    photo = uploaded.json()["photo"]
    assert "/support/photos/" in photo and photo.endswith(".webp")
    oil, _ = lines_of(delivered)

    response = client.post(URL, body(delivered, (oil, "damaged", 1), photo=photo), format="json")

    assert response.status_code == 201, response.content
    assert response.json()["photo"] == photo
    assert response.json()["thumbnail"] == uploaded.json()["thumbnail"]


def test_a_photo_that_is_not_an_image_or_not_ours_is_refused(shopper, delivered, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    client = client_for(shopper)
    not_image = io.BytesIO(b"GIF89a not really")
    not_image.name = "x.png"
    refused = client.post("/api/support/photos", {"image": not_image}, format="multipart")
    assert refused.status_code == 400
    assert refused.json()["message"] == "Please choose a JPEG, PNG or WebP image."
    oil, _ = lines_of(delivered)

    for photo in ("https://evil.example/x.webp", f"/media/support/photos/{'a' * 32}.webp", "/media/catalog/x.webp"):
        response = client.post(URL, body(delivered, (oil, "damaged", 1), photo=photo), format="json")
        assert response.status_code == 400, photo
    assert not Ticket.objects.exists()


def test_a_photo_over_the_size_limit_is_refused(shopper, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.UPLOAD_MAX_IMAGE_BYTES = 10
    response = client_for(shopper).post("/api/support/photos", {"image": _png()}, format="multipart")
    assert response.status_code == 400
    assert "too large" in response.json()["message"]


def test_the_report_page_state_says_what_is_left_to_report(shopper, delivered, other_shopper, admin_user):
    oil, rice = lines_of(delivered)
    client = client_for(shopper)
    client.post(URL, body(delivered, (oil, "damaged", 1)), format="json")

    state = client.get(f"/api/support/orders/{delivered.public_id}").json()

    assert state["canReport"] is True
    assert state["refusal"] is None
    assert [(line["_id"], line["reportable"], bool(line["openTicket"])) for line in state["lines"]] == [
        (str(oil.pk), 3, True),
        (str(rice.pk), 2, False),
    ]
    assert [ticket["status"] for ticket in state["tickets"]] == ["open"]
    assert {problem["value"] for problem in state["problems"]} == {
        "missing",
        "damaged",
        "wrong_item",
        "expired",
        "other",
    }
    assert client_for(other_shopper).get(f"/api/support/orders/{delivered.public_id}").status_code == 404


def test_the_shopper_sees_only_their_own_tickets(shopper, other_shopper, delivered, admin_user):
    oil, _ = lines_of(delivered)
    number = client_for(shopper).post(URL, body(delivered, (oil, "damaged", 1)), format="json").json()["number"]

    assert [t["number"] for t in client_for(shopper).get("/api/support/tickets/mine").json()] == [number]
    assert client_for(other_shopper).get("/api/support/tickets/mine").json() == []
    assert client_for(other_shopper).get(f"/api/support/tickets/{number}").status_code == 404
    assert client_for(shopper).get(f"/api/support/tickets/{number}").json()["number"] == number
    staff_view = client_for(admin_user).get(f"/api/support/tickets/{number}").json()
    assert staff_view["user"]["phoneNo"] == shopper.phone_no


def test_the_shoppers_list_costs_the_same_queries_for_many_tickets(
    shopper, packs, place_order, deliver, django_assert_max_num_queries
):
    from support.services import ReportedLine, ticket_open_problem_report

    def open_one():
        order = deliver(place_order(shopper, (packs.oil_1l, 1), (packs.rice_5kg, 1)))
        ticket_open_problem_report(
            user=shopper,
            public_id=order.public_id,
            lines=[ReportedLine(item.pk, "damaged", 1) for item in order.items.all()],
        )

    client = client_for(shopper)
    open_one()
    with django_assert_max_num_queries(6) as few:
        client.get("/api/support/tickets/mine")
    for _ in range(5):
        open_one()
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(client.get("/api/support/tickets/mine").json()) == 6
