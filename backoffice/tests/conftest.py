# The back office's tests shop with the orders app's fixtures (packs, shoppers, placing, windows).
from orders.tests.conftest import *  # noqa: F403
