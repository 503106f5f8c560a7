from orders.tests.conftest import other_shopper, packs, place_order, shopper  # noqa: F401 - shared fixtures
from payments.tests.conftest import cash_order, online_order  # noqa: F401 - shared fixtures
