"""Page views: every route of spec section 2 renders one template that mounts one island.

The route table below is the one place that says which URL shows which screen. A newcomer follows
a route here to its template in `templates/pages/`, and from there to the island in
`frontend/src/islands/<island>/`.

Signed-in and admin pages carry a `gate`; `templates/base.html` checks the stored login info before
anything is painted and sends the visitor to `/login?redirect=...`. An admin page also names the
staff roles it is for (`roles`, beside the owner, who opens every one): the gate lets those roles
in, and `staff_screens()` tells the chrome's menu (through the shop config) which screens each
role has. The API stays the real security boundary: a page only ever shows what its API calls return.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, re_path
from django.utils.translation import gettext_lazy

from common.roles import Role
from shop.preload import preload_answers, preload_tag, uri_component
from shop.ssr import render_island

PUBLIC, SIGNED_IN, ADMIN = "public", "signed-in", "admin"


@dataclass(frozen=True)
class Page:
    name: str
    island: str
    title: str
    description: str
    gate: str = PUBLIC
    # Extra template context from the request and the route's values, for a first paint that names
    # what it shows and the first API answers of its island (shop/preload.py).
    context: Callable[..., dict] | None = None
    # An admin page's staff roles beside the owner (accounts/roles.py); none: the owner's alone.
    roles: tuple[Role, ...] = ()

    @property
    def template(self) -> str:
        return f"pages/{self.name}.html"

    @property
    def staff_roles(self) -> list[str]:
        """Who may open an admin page: the owner and its `roles` (base.html's gate reads them)."""
        if self.gate != ADMIN:
            return []
        return [Role.OWNER.value, *(role.value for role in self.roles)]


# The paths below are the first requests of each island, written exactly as the island writes them
# (frontend/src/islands/<island>/), so that useApi finds their answers in the page.
CATEGORY_PAGE_SIZE = 24  # islands/category/Category.jsx


def category_page_path(name: str, *, page_size: int) -> str:
    return f"/api/products/categories/{uri_component(name)}/products?pageNumber=1&pageSize={page_size}"


FEATURED_PATH = "/api/products/featured"


def island_first_screen(request, island: str, paths: list[str], first_screen=None) -> dict:
    """The page's preloaded answers and, when the renderer gives it, the island's first screen as
    HTML rendered from those same answers (shop/ssr.py)."""
    answers = preload_answers(request, paths, first_screen)
    return {"preload": preload_tag(answers), "ssr": render_island(request, island=island, preload=answers)}


def featured_first_screen(answer: dict) -> dict:
    """The featured categories as the home page's first screen shows them: the category grid's
    names and pictures. Their rows of products are further down; the island fetches the whole
    answer when the first row comes near (islands/home/FeaturedCategories.jsx)."""
    return {**answer, "categories": [{k: v for k, v in c.items() if k != "products"} for c in answer["categories"]]}


def home_context(request, *, pageNumber: int | None = None, **route) -> dict:
    # The budget packages' grid is at the bottom of the page: the island fetches it.
    paths = ["/api/products/categories", FEATURED_PATH]
    if pageNumber:
        paths.append(f"/api/products?keyword=&pageNumber={pageNumber}")
    else:
        paths.append("/api/promotions")
    return island_first_screen(request, "home", paths, first_screen={FEATURED_PATH: featured_first_screen})


def category_context(request, *, categoryName: str, **route) -> dict:
    return island_first_screen(request, "category", [category_page_path(categoryName, page_size=CATEGORY_PAGE_SIZE)])


def search_context(request, *, keyword: str | None = None, pageNumber: int = 1, **route) -> dict:
    query = keyword if keyword is not None else request.GET.get("query", "")
    if not query.strip():
        # Blank text does nothing (spec section 2): the header's form, submitted before its island
        # runs, leaves the shopper where they were (204); a typed address goes home.
        return {"response": HttpResponse(status=204) if request.headers.get("Referer") else redirect("home")}
    return island_first_screen(
        request, "search", [f"/api/products?keyword={uri_component(query)}&pageNumber={pageNumber}"]
    )


HOME = Page(
    "home",
    "home",
    gettext_lazy("Fresh groceries delivered in 24 hours"),
    gettext_lazy(
        "Order rice, dals, oils, masalas, dairy and daily needs from trusted brands in every pack size, delivered free within 24 hours in Konaseema, Kakinada and Yanam."
    ),
    context=home_context,
)
SEARCH = Page(
    "search",
    "search",
    gettext_lazy("Search results"),
    gettext_lazy("Search groceries by product or brand."),
    context=search_context,
)
CATEGORY = Page(
    "category",
    "category",
    gettext_lazy("Shop by category"),
    gettext_lazy("Groceries in this category, by brand and pack size."),
    context=category_context,
)


# What the product answer carries that the product page never shows: its reviews (a list that
# grows with every review) and the invoice's tax fields. A line added to the cart takes none of
# them (lib/product.js cartItemFor).
PRODUCT_NOT_SHOWN = ("reviews", "rating", "numReviews", "hsnCode", "gstRate")


def product_first_screen(answer: dict) -> dict:
    """The product as its page shows it (islands/product/ProductPage.jsx): the whole answer but
    the fields it never shows."""
    return {key: value for key, value in answer.items() if key not in PRODUCT_NOT_SHOWN}


def product_context(request, *, slug: str, **route) -> dict:
    from catalog.selectors import product_find

    product = product_find(slug, shown_only=True)
    # An unknown (or hidden) product still gets the page (its island says so), with a status that says so too.
    if product is None:
        return {"product": None, "status": 404}
    path = f"/api/products/{uri_component(slug)}"
    return {
        "product": product,
        **island_first_screen(request, "product", [path], first_screen={path: product_first_screen}),
    }


def cart_context(request, **route) -> dict:
    # The cart lives in the shopper's browser (lib/cart.js, localStorage): the server renders what
    # is the same for everyone, the page's frame, and the island shows the lines once hydrated.
    return {"ssr": render_island(request, island="cart", preload="{}")}


PRODUCT = Page(
    "product",
    "product",
    gettext_lazy("Product"),
    gettext_lazy("Choose a brand, pack size and number of packs."),
    context=product_context,
)
CART = Page(
    "cart",
    "cart",
    gettext_lazy("Your cart"),
    gettext_lazy("Review the packs in your cart and proceed to checkout."),
    context=cart_context,
)
LOGIN = Page("login", "login", gettext_lazy("Sign in"), gettext_lazy("Sign in with your phone number."))
REGISTER = Page(
    "register",
    "login",
    gettext_lazy("Create your account"),
    gettext_lazy("Register with your phone number and an SMS OTP."),
)
SHIPPING = Page(
    "shipping", "checkout", gettext_lazy("Shipping"), gettext_lazy("Confirm your delivery address."), SIGNED_IN
)
PAYMENT = Page(
    "payment",
    "checkout",
    gettext_lazy("Payment method"),
    gettext_lazy("Choose Cash/UPI on delivery or Online payment."),
    SIGNED_IN,
)
PLACE_ORDER = Page(
    "placeorder", "checkout", gettext_lazy("Place order"), gettext_lazy("Review your order and place it."), SIGNED_IN
)
ORDER = Page(
    "order", "order", gettext_lazy("Order details"), gettext_lazy("Invoice and tracking for your order."), SIGNED_IN
)
PROFILE = Page(
    "profile", "profile", gettext_lazy("My profile"), gettext_lazy("Your profile, address and orders."), SIGNED_IN
)
PAYMENT_SUCCESS = Page(
    "payment_success",
    "payment-return",
    gettext_lazy("Payment successful"),
    gettext_lazy("Your payment was successful."),
    SIGNED_IN,
)


def payment_failure_context(request, **route) -> dict:
    """Whether a failed payment cancelled its order (`?cancelled=<id>`, checkout.payment_return).
    The shop's pages sign in with tokens the server never sees, so the page names no order: it only
    says that one was cancelled when the id is a cancelled order's."""
    from orders.models import Order
    from orders.selectors import MAX_PUBLIC_ID_LENGTH

    public_id = request.GET.get("cancelled", "")[: MAX_PUBLIC_ID_LENGTH + 1]
    cancelled = bool(public_id) and Order.objects.filter(public_id=public_id, status=Order.Status.CANCELLED).exists()
    return {"order_cancelled": cancelled}


PAYMENT_FAILURE = Page(
    "payment_failure",
    "",
    gettext_lazy("Payment failed"),
    gettext_lazy("Your payment was not successful."),
    SIGNED_IN,
    context=payment_failure_context,
)
# The roles of each staff screen (issue 41): packers work the board and the sheets, riders their
# delivery sheet, cashiers look products up; prices, users, tickets, slots and the dashboard are
# the owner's.
ADMIN_ORDERS = Page(
    "admin_orderlist", "admin-orders", gettext_lazy("Orders"), gettext_lazy("All orders."), ADMIN, roles=(Role.PACKER,)
)
ADMIN_PRODUCTS = Page(
    "admin_productlist",
    "admin-products",
    gettext_lazy("Products"),
    gettext_lazy("Manage products, brands and packs."),
    ADMIN,
    roles=(Role.CASHIER,),
)
ADMIN_PRODUCT_EDIT = Page(
    "admin_product_edit",
    "admin-product-edit",
    gettext_lazy("Edit Product Details"),
    gettext_lazy("Edit a brand and its packs."),
    ADMIN,
)
REPORT_PROBLEM = Page(
    "order_report",
    "report-problem",
    gettext_lazy("Report a problem"),
    gettext_lazy("Report a missing, damaged, wrong or expired item within 48 hours of delivery."),
    SIGNED_IN,
)
ADMIN_TICKETS = Page(
    "admin_tickets",
    "admin-tickets",
    gettext_lazy("Tickets"),
    gettext_lazy("Problem reports from shoppers, oldest first."),
    ADMIN,
)
ADMIN_SLOTS = Page(
    "admin_slots",
    "admin-slots",
    gettext_lazy("Delivery slots"),
    gettext_lazy("Delivery windows per weekday, their capacity and cut-off, and holidays."),
    ADMIN,
)
# The books (issue 43): GST returns, registers and the Tally file of a period, the owner's.
ADMIN_BOOKS = Page(
    "admin_books",
    "admin-books",
    gettext_lazy("GST returns and books"),
    gettext_lazy("GSTR-3B's figures of a return period; GSTR-1, the registers and the Tally file to download."),
    ADMIN,
)
# Stock coming in (issue 42): purchases, stock takes, near expiry, reorder and margins, the manager's.
ADMIN_STOCK = Page(
    "admin_stock",
    "admin-stock",
    gettext_lazy("Stock"),
    gettext_lazy("Suppliers' invoices entered and posted, stock takes, near-expiry batches, reorder and margins."),
    ADMIN,
)
# The counter (issue 41): bills at the till, returns against a bill, the day's close.
ADMIN_COUNTER = Page(
    "admin_counter",
    "admin-counter",
    gettext_lazy("Counter"),
    gettext_lazy("Bill at the till: scan, take payment, print the receipt; returns and the day's close."),
    ADMIN,
    roles=(Role.CASHIER,),
)
# Orders taken on the phone or from WhatsApp, and the rider's round on their phone (issue 48).
ADMIN_PHONE_ORDER = Page(
    "admin_phone_order",
    "admin-phone-order",
    gettext_lazy("Phone order"),
    gettext_lazy("Take an order on the phone or from WhatsApp for a customer's number."),
    ADMIN,
    roles=(Role.CASHIER,),
)
ADMIN_RIDER = Page(
    "admin_rider",
    "admin-rider",
    gettext_lazy("My round"),
    gettext_lazy(
        "The orders on the road in route order, delivered with the money collected, and the cash handed over."
    ),
    ADMIN,
    roles=(Role.RIDER,),
)
# A delivery window's printed sheets (issue 27): one island, the sheet named by the template.
ADMIN_PICKING = Page(
    "admin_picking",
    "admin-picking",
    gettext_lazy("Pick lists and delivery sheets"),
    gettext_lazy("Choose a delivery window and date to print its pick list, packing slips and delivery sheet."),
    ADMIN,
    roles=(Role.PACKER, Role.RIDER),
)
ADMIN_PICK_LIST = Page(
    "admin_picklist",
    "admin-picking",
    gettext_lazy("Pick list"),
    gettext_lazy("The packs to take off the shelves for a delivery window, by category in shelf order."),
    ADMIN,
    roles=(Role.PACKER,),
)
ADMIN_PACKING_SLIPS = Page(
    "admin_packingslips",
    "admin-picking",
    gettext_lazy("Packing slips"),
    gettext_lazy("One packing slip per order of a delivery window, in route order."),
    ADMIN,
    roles=(Role.PACKER,),
)
ADMIN_DELIVERY_SHEET = Page(
    "admin_deliverysheet",
    "admin-picking",
    gettext_lazy("Delivery sheet"),
    gettext_lazy("A delivery window's stops in route order, with phone numbers and the money to collect."),
    ADMIN,
    roles=(Role.PACKER, Role.RIDER),
)
ADMIN_DASHBOARD = Page(
    "admin_dashboard",
    "admin-dashboard",
    gettext_lazy("Dashboard"),
    gettext_lazy("Sales, orders, refunds, tickets and stock: today, the last 7 and the last 30 days."),
    ADMIN,
)
ADMIN_USERS = Page("admin_userlist", "admin-users", gettext_lazy("Users"), gettext_lazy("All users."), ADMIN)
# A cashier opens it for the user's store credit only (issue 48); the user's details are the owner's.
ADMIN_USER_EDIT = Page(
    "admin_user_edit",
    "admin-user-edit",
    gettext_lazy("Edit User"),
    gettext_lazy("Edit a user."),
    ADMIN,
    roles=(Role.CASHIER,),
)
TERMS = Page(
    "terms", "", gettext_lazy("Terms and Conditions"), gettext_lazy("The terms on which the shop sells and delivers.")
)
PRIVACY = Page("privacy", "", gettext_lazy("Privacy Policy"), gettext_lazy("What the shop keeps about you and why."))


def refund_policy_context(request, **route) -> dict:
    return {"report_hours": settings.SUPPORT_REPORT_WINDOW_HOURS}


# The policies the Consumer Protection (E-Commerce) Rules 2020 ask to be shown before purchase.
REFUND_POLICY = Page(
    "refund_policy",
    "",
    gettext_lazy("Returns, refunds and cancellation"),
    gettext_lazy("How to cancel an order, report a problem and get a refund."),
    context=refund_policy_context,
)
SHIPPING_POLICY = Page(
    "shipping_policy",
    "",
    gettext_lazy("Shipping policy"),
    gettext_lazy("Where and when we deliver, and what it costs."),
)
PAYMENT_TERMS = Page("payment_terms", "", gettext_lazy("Payment terms"), gettext_lazy("How you can pay for an order."))
GRIEVANCE = Page(
    "grievance",
    "",
    gettext_lazy("Grievance redressal"),
    gettext_lazy("The seller, the grievance officer, and where to file a complaint and follow it."),
)


def page_titles() -> dict[str, str]:
    """Each kind of page's name for people, translated when read: how the dashboard's field data
    names a page (issue 45: it showed `admin_orderlist`). The home page is "Home" there, not its
    heading."""
    titles = {value.name: value.title for value in globals().values() if isinstance(value, Page)}
    return {**titles, HOME.name: gettext_lazy("Home")}


def grievance_view(request):
    from support.views import grievance_page

    return grievance_page(request, page=GRIEVANCE)


def page_view(page: Page):
    def view(request, **route):
        context = {"page": page, "route": route}
        if page.context:
            context.update(page.context(request, **route))
        if "response" in context:
            return context["response"]
        return render(request, page.template, context, status=context.pop("status", 200))

    view.__name__ = f"page_{page.name}"
    view.page = page
    return view


urlpatterns = [
    path("", page_view(HOME), name="home"),
    path("page/<int:pageNumber>", page_view(HOME), name="home-page"),
    path("search", page_view(SEARCH), name="search-query"),
    path("search/<str:keyword>", page_view(SEARCH), name="search"),
    path("search/<str:keyword>/page/<int:pageNumber>", page_view(SEARCH), name="search-page"),
    path("category/<str:categoryName>", page_view(CATEGORY), name="category"),
    path("product/<str:slug>", page_view(PRODUCT), name="product"),
    path("cart", page_view(CART), name="cart"),
    path("login", page_view(LOGIN), name="login"),
    path("register", page_view(REGISTER), name="register"),
    path("shipping", page_view(SHIPPING), name="shipping"),
    path("payment", page_view(PAYMENT), name="payment"),
    path("placeorder", page_view(PLACE_ORDER), name="placeorder"),
    path("order/<str:id>", page_view(ORDER), name="order"),
    path("order/<str:id>/report", page_view(REPORT_PROBLEM), name="order-report"),
    path("profile", page_view(PROFILE), name="profile"),
    path("payment/success", page_view(PAYMENT_SUCCESS), name="payment-success"),
    path("payment/failure", page_view(PAYMENT_FAILURE), name="payment-failure"),
    path("admin/orderlist", page_view(ADMIN_ORDERS), name="admin-orderlist"),
    path("admin/productlist", page_view(ADMIN_PRODUCTS), name="admin-productlist"),
    path("admin/productlist/<int:pageNumber>", page_view(ADMIN_PRODUCTS), name="admin-productlist-page"),
    path(
        "admin/product/<str:productRef>/edit/<str:detailId>", page_view(ADMIN_PRODUCT_EDIT), name="admin-product-edit"
    ),
    path("admin/userlist", page_view(ADMIN_USERS), name="admin-userlist"),
    path("admin/tickets", page_view(ADMIN_TICKETS), name="admin-tickets"),
    path("admin/slots", page_view(ADMIN_SLOTS), name="admin-slots"),
    path("admin/counter", page_view(ADMIN_COUNTER), name="admin-counter"),
    path("admin/phone-order", page_view(ADMIN_PHONE_ORDER), name="admin-phone-order"),
    path("admin/rider", page_view(ADMIN_RIDER), name="admin-rider"),
    path("admin/picking", page_view(ADMIN_PICKING), name="admin-picking"),
    path("admin/picklist", page_view(ADMIN_PICK_LIST), name="admin-picklist"),
    path("admin/packingslips", page_view(ADMIN_PACKING_SLIPS), name="admin-packingslips"),
    path("admin/deliverysheet", page_view(ADMIN_DELIVERY_SHEET), name="admin-deliverysheet"),
    path("admin/dashboard", page_view(ADMIN_DASHBOARD), name="admin-dashboard"),
    path("admin/books", page_view(ADMIN_BOOKS), name="admin-books"),
    path("admin/stock", page_view(ADMIN_STOCK), name="admin-stock"),
    path("admin/user/<str:id>/edit", page_view(ADMIN_USER_EDIT), name="admin-user-edit"),
    path("terms.html", page_view(TERMS), name="terms"),
    path("privacy.html", page_view(PRIVACY), name="privacy"),
    path("refund-policy.html", page_view(REFUND_POLICY), name="refund-policy"),
    path("shipping-policy.html", page_view(SHIPPING_POLICY), name="shipping-policy"),
    path("payment-terms.html", page_view(PAYMENT_TERMS), name="payment-terms"),
    path("grievance.html", grievance_view, name="grievance"),
    # Any other path shows the home list (spec §2), unknown ones under /admin/ included; only the API,
    # Django admin, static files, media and websockets keep their own "not found".
    re_path(r"^(?!api/|static/|media/|staff/|ws/).*$", page_view(HOME), name="fallback"),
]


def staff_screens() -> list[dict]:
    """Every admin screen without a value in its path, in route order, with the roles that may
    open it: the chrome shows each role its own menu from this (shop config `staffScreens`), and
    the login page follows a redirect to a screen the role may open."""
    screens = []
    for pattern in urlpatterns:
        page = getattr(pattern.callback, "page", None)
        route = str(pattern.pattern)
        if page is not None and page.gate == ADMIN and "<" not in route:
            screens.append({"path": f"/{route}", "roles": page.staff_roles})
    return screens
