"""The client's address: the socket's unless it is a trusted proxy's, whose X-Forwarded-For is read."""

import ipaddress

import pytest
from django.test import RequestFactory

from common.client_ip import client_ip


def _request(forwarded: str | None = None, remote: str = "10.0.0.9"):
    headers = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **headers)


PROXIES = [ipaddress.ip_network("10.0.0.0/24")]


@pytest.mark.parametrize("forwarded", [None, "1.2.3.4", "1.2.3.4, 5.6.7.8"])
def test_without_trusted_proxies_the_socket_address_is_the_client(settings, forwarded):
    settings.TRUSTED_PROXY_NETWORKS = []
    assert client_ip(_request(forwarded)) == "10.0.0.9"


def test_behind_one_proxy_the_address_it_appended_is_the_client(settings):
    settings.TRUSTED_PROXY_NETWORKS = PROXIES
    # The client forged "6.6.6.6"; the proxy appended the address it really saw.
    assert client_ip(_request("6.6.6.6, 203.0.113.7", remote="10.0.0.2")) == "203.0.113.7"


def test_behind_two_proxies_the_rightmost_address_outside_them_is_the_client(settings):
    settings.TRUSTED_PROXY_NETWORKS = PROXIES
    assert client_ip(_request("6.6.6.6, 203.0.113.7, 10.0.0.3", remote="10.0.0.2")) == "203.0.113.7"


def test_a_forged_header_from_a_peer_outside_the_proxies_is_ignored(settings):
    """Issue 46.5: gunicorn reached directly, the client wrote its own X-Forwarded-For; with the old
    count of one proxy it became 203.0.113.50."""
    settings.TRUSTED_PROXY_NETWORKS = PROXIES
    assert client_ip(_request("203.0.113.50", remote="198.51.100.9")) == "198.51.100.9"


def test_a_request_that_bypassed_the_proxy_falls_back_to_the_socket(settings):
    settings.TRUSTED_PROXY_NETWORKS = PROXIES
    assert client_ip(_request(None, remote="10.0.0.2")) == "10.0.0.2"
