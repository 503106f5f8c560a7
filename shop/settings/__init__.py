"""Settings for the storefront (`DJANGO_SETTINGS_MODULE=shop.settings`).

Every setting that differs between a first local run and production is read from the environment
through `shop/environment.py`, each variable declared once with its default and meaning. With no
variable set the shop runs on embedded defaults: SQLite, an in-memory channel layer, eager Celery,
file-system media, console SMS and the sandbox payment gateway. The README lists every variable.

One module per concern, read in this order (a later one may use an earlier one's values, never the
other way round; README's table of variables follows the same order):

- `core`: Django itself (INSTALLED_APPS, middleware, templates, DRF's defaults, languages, logs);
- `data`: the database, Redis (cache, channel layer, broker), Celery and backups;
- `files`: static files, bundles, the island renderer, media;
- `commerce`: SMS, payments, order limits, after-sale windows, stock;
- `store`: the store's identity and where it delivers;
- `security`: proxies and client addresses, origins, tokens, throttles, hardening, metrics;
- `ondc`: the shop as a seller on the ONDC network (off by default).

Rules that are not configuration (an OTP's length, how often it may be resent) live in the app that
owns them (`accounts/otp.py`), not here.
"""

# In this order (not alphabetical): it is the order README's table of variables follows.
from shop.settings.core import *  # noqa: F403, I001
from shop.settings.data import *  # noqa: F403
from shop.settings.files import *  # noqa: F403
from shop.settings.commerce import *  # noqa: F403
from shop.settings.store import *  # noqa: F403
from shop.settings.security import *  # noqa: F403
from shop.settings.ondc import *  # noqa: F403
