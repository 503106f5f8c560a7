"""Websocket routes. The cart's live price and stock channel lands here with the realtime issue."""

websocket_urlpatterns: list = []
