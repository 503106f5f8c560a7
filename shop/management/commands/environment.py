"""`manage.py environment`: README's table of environment variables, from their declarations."""

from django.core.management.base import BaseCommand

from shop import environment


class Command(BaseCommand):
    help = "Print the table of environment variables (variable, default, meaning) that README carries."

    def handle(self, *args, **options):
        self.stdout.write(environment.readme_table())
