"""The watchdog's probe (common/db_watchdog.py): a server that says a word is alive, a socket that
accepts and stays silent is not, and the probe gives up on time."""

import socket
import threading
import time

from common.db_watchdog import SSL_REQUEST, server_answers


def test_a_silent_socket_is_not_a_server_and_the_probe_gives_up_on_time():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        started = time.monotonic()
        assert not server_answers("127.0.0.1", listener.getsockname()[1], 0.3)
        assert time.monotonic() - started < 1


def test_a_server_that_answers_the_ssl_request_is_alive():
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)

        def answer():
            connection, _address = listener.accept()
            with connection:
                assert connection.recv(8) == SSL_REQUEST
                connection.sendall(b"N")

        thread = threading.Thread(target=answer, daemon=True)
        thread.start()
        assert server_answers("127.0.0.1", listener.getsockname()[1], 2)
        thread.join(timeout=2)
