from django.apps import AppConfig


class OndcConfig(AppConfig):
    name = "ondc"
    verbose_name = "ONDC network"
