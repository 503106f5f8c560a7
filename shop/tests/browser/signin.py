"""Signing a browser tab in as the API does it for the islands: one `POST /api/users/auth`, its
answer kept where the islands read it (`localStorage.userInfo`), on a page of the shop's origin."""

from playwright.sync_api import Page


def sign_in_as(page: Page, phone_no: str, password: str) -> None:
    answer = page.request.post("/api/users/auth", data={"phoneNo": phone_no, "password": password})
    assert answer.ok, answer.text()
    page.goto("/terms.html")
    page.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())
