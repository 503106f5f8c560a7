"""The catalog: a product is sold by brand (Detail) in pack sizes (Financial).

Rows only; the rules that keep them consistent (slugs, discount from price and dprice) live in
`catalog/services.py`, and the database constraints below are the last guard.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Upper
from django.db.models.lookups import Contains, LessThanOrEqual
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from catalog.labels import pack_label, pack_quantity
from common.money import sql_paise

from . import barcodes as barcode_rules


class Category(models.Model):
    key = models.SlugField(max_length=60, unique=True)
    name = models.CharField(max_length=80, unique=True)
    # The Telugu name shown beside or instead of `name` when Telugu is chosen; may be empty.
    name_te = models.CharField("Telugu name", max_length=80, blank=True)
    image = models.CharField(max_length=500, blank=True, help_text="Image URL")
    # Position in the home page's Featured Categories section; lower comes first.
    sequence = models.PositiveIntegerField(default=0)
    is_featured = models.BooleanField(default=True)
    # Where the category's shelves come in the store's walk, for pick lists (`backoffice.picking`); lower
    # comes first, equal ones by name.
    shelf_order = models.PositiveIntegerField(
        default=0, help_text="Position of its shelves on the pick list's walk through the store; lower first"
    )

    class Meta:
        ordering = ["sequence", "name"]
        verbose_name_plural = "categories"

    def __str__(self) -> str:
        return self.name


class GstRate(models.IntegerChoices):
    """The GST slabs a product can be taxed at, in per cent; prices include the tax (as MRPs do)."""

    EXEMPT = 0, "0 %"
    FIVE = 5, "5 %"
    TWELVE = 12, "12 %"
    EIGHTEEN = 18, "18 %"
    TWENTY_EIGHT = 28, "28 %"


class SpacedUpper(models.Func):
    """' ' || UPPER(the text) || ' ': a name as the search compares it (`catalog/search.py`)."""

    template = "(' ' || UPPER(%(expressions)s) || ' ')"
    output_field = models.TextField()


class HoldsUpper(Contains):
    """`search_name__holds=text`: the kept upper-cased name contains `text`, as `name__icontains`
    finds it, without upper-casing each row's name again: on PostgreSQL `search_name LIKE
    UPPER('%text%')` (the database upper-cases the text as it upper-cased the name; a trigram
    index on the column serves it, migration 0014); SQLite's LIKE ignores case already."""

    def get_rhs_op(self, connection, rhs):
        if connection.vendor == "postgresql":
            return f"LIKE UPPER({rhs})"
        return super().get_rhs_op(connection, rhs)


class Product(models.Model):
    name = models.CharField(max_length=200)
    # The name upper-cased with a space on either side, kept by the database itself: the search's
    # score tests it for whole words and word starts in every matching row, and computing it
    # for each test of each row was a third of the suggestions' statement at 10,000 products.
    search_name = models.GeneratedField(
        expression=SpacedUpper("name"), output_field=models.TextField(), db_persist=True, editable=False
    )
    name_te = models.CharField("Telugu name", max_length=200, blank=True)
    slug = models.SlugField(max_length=220, unique=True)
    category = models.ForeignKey(Category, on_delete=models.PROTECT, related_name="products")
    image = models.CharField(max_length=500, blank=True, help_text="Image URL")
    description = models.TextField(blank=True)
    # The description in Telugu, shown instead of `description` when Telugu is chosen; may be empty.
    description_te = models.TextField("Telugu description", blank=True, default="")
    # The description upper-cased, kept by the database: the search's score tests it for the
    # searched words in every matching row, and upper-casing each row's description for that was
    # a sixth of the suggestions' ranking at 10,000 products (issue 47).
    search_description = models.GeneratedField(
        expression=Upper("description"), output_field=models.TextField(), db_persist=True, editable=False
    )
    # The tax classification printed on invoices; an order line keeps a copy of both at placement.
    hsn_code = models.CharField(
        "HSN code",
        max_length=8,
        blank=True,
        default="",
        help_text="4, 6 or 8 digits (Harmonised System of Nomenclature)",
    )
    gst_rate = models.PositiveSmallIntegerField("GST rate (%)", choices=GstRate.choices, default=GstRate.EXEMPT)
    # Kept up to date by `services.review_create`, so lists show ratings without an aggregate.
    rating = models.DecimalField(max_digits=3, decimal_places=2, default=0)
    num_reviews = models.PositiveIntegerField(default=0)
    # Shoppers see a product only while it is published (`catalog.shown`). One staff create on the
    # shop's screens starts hidden (`services.product_create`); one that is part of orders is hidden
    # instead of deleted, so its history keeps its name. Rows written straight (the CSV import, the
    # demo catalog) are on sale as they were before the flag.
    published = models.BooleanField(default=True, help_text="Shown to shoppers")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(gst_rate__in=GstRate.values), name="product_gst_rate_slab"),
        ]

    def __str__(self) -> str:
        return self.name


# On the column's own field (a lookup is found on a generated column's output field): no other
# text field gets it.
Product._meta.get_field("search_name").output_field.register_lookup(HoldsUpper, lookup_name="holds")


class Detail(models.Model):
    """A brand variant of a product, with its own images and pack options."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="details")
    brand = models.CharField(max_length=100)
    # Ordered list of image URLs; the wire format shows them as [{"image": url}, ...].
    images = models.JSONField(default=list, blank=True)
    # What the Legal Metrology (Packaged Commodities) Rules, rule 6(10), ask every listing of a
    # pack to declare; the same for each of the brand's packs, whose net quantity is the pack's
    # `quantity` and `units`. Blank is "not declared yet" (`manage.py compliance_audit` lists it).
    packer_name = models.CharField(
        "manufacturer / packer / importer", max_length=200, blank=True, default="", help_text="Name"
    )
    packer_address = models.CharField(
        "manufacturer / packer address", max_length=300, blank=True, default="", help_text="Full address"
    )
    country_of_origin = models.CharField(max_length=80, blank=True, default="")
    generic_name = models.CharField(
        "common or generic name", max_length=200, blank=True, default="", help_text="'Toor dal', 'Sunflower oil'"
    )
    best_before = models.CharField(
        "best before / use by", max_length=200, blank=True, default="", help_text="'9 months from packing'"
    )
    consumer_care = models.CharField(
        "consumer care", max_length=300, blank=True, default="", help_text="Phone and/or e-mail for complaints"
    )

    class Meta:
        ordering = ["id"]
        # The shop calls a Detail a brand and a Financial a pack: Django admin says so too.
        verbose_name = "brand"
        verbose_name_plural = "brands"
        constraints = [models.UniqueConstraint(fields=["product", "brand"], name="detail_unique_brand_per_product")]

    def __str__(self) -> str:
        return f"{self.brand} {self.product.name}" if self.product_id else self.brand

    DECLARATIONS = (
        "packer_name",
        "packer_address",
        "country_of_origin",
        "generic_name",
        "best_before",
        "consumer_care",
    )

    @property
    def image(self) -> str:
        """The picture shown for this brand's packs: its first image, else the product's."""
        return self.images[0] if self.images else self.product.image


class Financial(models.Model):
    """A pack option: its size, MRP (`price`), selling price (`dprice`), discount and stock.

    The selling price is checked against the MRP as whole paise (`common.money.sql_paise`), not as
    the decimals SQLite keeps in floating point, so the check means the same on every database.
    """

    class Units(models.TextChoices):
        GRAM = "g", "g"
        KILOGRAM = "kg", "kg"
        MILLILITRE = "ml", "ml"
        LITRE = "L", "L"
        PIECES = "pcs", "pcs"
        PACK = "pack", "pack"

    detail = models.ForeignKey(Detail, on_delete=models.CASCADE, related_name="financials")
    quantity = models.DecimalField(max_digits=10, decimal_places=3, validators=[MinValueValidator(0)])
    units = models.CharField(max_length=10, choices=Units.choices)
    price = models.DecimalField("MRP", max_digits=10, decimal_places=2, validators=[MinValueValidator(0)])
    dprice = models.DecimalField("selling price", max_digits=10, decimal_places=2, validators=[MinValueValidator(0)])
    discount = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(100)])
    count_in_stock = models.PositiveIntegerField(default=0)
    # At or under this many left the pack is low stock (`selectors.low_stock_packs`); empty means the
    # shop's default, `settings.LOW_STOCK_THRESHOLD`.
    low_stock_threshold = models.PositiveIntegerField(
        null=True, blank=True, help_text="Low stock at or under this many left; empty: the shop's default"
    )
    # Shoppers see a pack only while it and its product are published (`catalog.shown`): a pack staff
    # add on the shop's screens (₹0 sample or typed) starts hidden (`services.packs`); one that is
    # part of orders is hidden instead of deleted.
    published = models.BooleanField(default=True, help_text="Shown to shoppers")

    class Meta:
        ordering = ["id"]
        verbose_name = "pack"
        verbose_name_plural = "packs"
        constraints = [
            models.UniqueConstraint(fields=["detail", "quantity", "units"], name="financial_unique_pack"),
            models.CheckConstraint(condition=Q(count_in_stock__gte=0), name="financial_stock_not_negative"),
            models.CheckConstraint(
                condition=Q(dprice__gte=0) & LessThanOrEqual(sql_paise("dprice"), sql_paise("price")),
                name="financial_dprice_within_mrp",
            ),
            models.CheckConstraint(
                condition=Q(discount__gte=0) & Q(discount__lte=100), name="financial_discount_percent"
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        """`500 g`, `1.5 kg`: the pack as staff lists name it (low stock, the dashboard)."""
        return pack_label(self)

    @property
    def quantity_display(self) -> str:
        """`500`, `1.5`: the pack size as the cart and the wire format write it."""
        return pack_quantity(self.quantity)


class Review(models.Model):
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="reviews")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reviews")
    rating = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(5)])
    comment = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["product", "user"], name="review_one_per_user"),
            models.CheckConstraint(condition=Q(rating__gte=1) & Q(rating__lte=5), name="review_rating_range"),
        ]

    def __str__(self) -> str:
        return f"{self.rating}★ {self.product} by {self.user}"


class SearchSynonym(models.Model):
    """A word shoppers type for something in the catalog, in Telugu script or romanised
    ('biyyam', 'బియ్యం', 'kandi pappu'), and the catalog's words for it ('rice', 'toor dal').

    The searches look for the catalog's words too (`catalog/search.py`). Staff extend the table
    in Django admin; `services.synonym_save` keeps `word` trimmed and lower-case.
    """

    word = models.CharField(max_length=60, unique=True, help_text="What shoppers type: 'biyyam', 'బియ్యం'")
    means = models.CharField(max_length=100, help_text="The catalog's words for it: 'rice', 'toor dal'")

    class Meta:
        ordering = ["word"]

    def __str__(self) -> str:
        return f"{self.word} → {self.means}"


class ProductSales(models.Model):
    """Units of a product sold on a day: what the search ranks by among equally good matches
    (`search.ranked`: the last 90 days). `catalog.stock` adds the packs an order takes on the day
    it is placed and takes back those a cancellation returns, on the day of the cancellation."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="sales")
    day = models.DateField()
    units = models.IntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["product", "day"], name="product_sales_one_row_a_day")]

    def __str__(self) -> str:
        return f"{self.product_id} {self.day}: {self.units}"


class Barcode(models.Model):
    """A code printed on a pack (EAN-13, EAN-8, UPC-A) or the shop's own for what it packs itself
    (`catalog/barcodes.py` says which codes are valid). A pack may carry several (a new supplier's
    code beside the old); a code names one pack in the whole catalog. Written by
    `services.barcodes`."""

    pack = models.ForeignKey(Financial, on_delete=models.CASCADE, related_name="barcodes")
    code = models.CharField(max_length=13, unique=True)
    kind = models.CharField(max_length=5, choices=barcode_rules.Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=barcode_rules.Kind.values), name="barcode_kind_known"),
            models.CheckConstraint(condition=Q(code__regex=r"^([0-9]{8}|[0-9]{12,13})$"), name="barcode_code_digits"),
        ]

    def __str__(self) -> str:
        return self.code


class StockBatch(models.Model):
    """A batch of one pack on the shelf: what came in together, with its best-before date and cost.

    `Financial.count_in_stock` is the sum of the pack's batches' `count` (`catalog.stock` keeps
    both in one transaction): an expired batch is written off to 0 at midnight, so every count here
    is sellable. The batch a migration opened for the stock before batches has no date and no cost.
    """

    pack = models.ForeignKey(Financial, on_delete=models.CASCADE, related_name="batches")
    batch_no = models.CharField("batch number", max_length=40, blank=True)
    best_before = models.DateField(null=True, blank=True, help_text="Empty: the pack does not expire")
    unit_cost_paise = models.PositiveIntegerField(
        null=True, blank=True, help_text="Cost of one pack before GST, in paise; empty: not known"
    )
    received_at = models.DateTimeField(default=timezone.now)
    count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["pack", "best_before"], name="stock_batch_pack_expiry")]
        constraints = [models.CheckConstraint(condition=Q(count__gte=0), name="stock_batch_count_not_negative")]

    def __str__(self) -> str:
        return f"{self.pack_id} {self.batch_no or '-'} ({self.count})"


class StockMovement(models.Model):
    """One change of a pack's stock in one batch: the pack's history, and the sum of its deltas is
    its count."""

    class Kind(models.TextChoices):
        OPENING = "opening", _("Opening stock")
        SALE = "sale", _("Sale")
        COUNTER_SALE = "counter_sale", _("Counter sale")
        RETURN = "return", _("Given back")
        RECEIPT = "receipt", _("Purchase received")
        ADJUSTMENT = "adjustment", _("Adjustment")
        EXPIRY = "expiry", _("Expired, written off")
        SUPPLIER_RETURN = "supplier_return", _("Returned to the supplier")

    class Reason(models.TextChoices):
        DAMAGED = "damaged", _("Damaged")
        EXPIRED = "expired", _("Expired")
        THEFT_OR_LOSS = "theft_or_loss", _("Theft or loss")
        FOUND = "found", _("Found")
        COUNT_CORRECTION = "count_correction", _("Count correction")
        COUNTER_DISCREPANCY = "counter_discrepancy", _("Counter discrepancy")

    pack = models.ForeignKey(Financial, on_delete=models.CASCADE, related_name="movements")
    batch = models.ForeignKey(StockBatch, on_delete=models.CASCADE, related_name="movements")
    delta = models.IntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    reason = models.CharField(max_length=24, choices=Reason.choices, blank=True)
    reference = models.CharField(max_length=80, blank=True, db_index=True)
    note = models.CharField(max_length=200, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["pack", "id"], name="stock_movement_pack_history")]
        constraints = [models.CheckConstraint(condition=~Q(delta=0), name="stock_movement_not_zero")]

    def __str__(self) -> str:
        return f"{self.pack_id} {self.kind} {self.delta:+d}"


class StockDiscrepancy(models.Model):
    """A counter sale of packs the count said were not there: sold anyway (the shopper held them),
    the count went to zero, and the difference waits here for a stock take to explain."""

    pack = models.ForeignKey(Financial, on_delete=models.CASCADE, related_name="discrepancies")
    short_by = models.PositiveIntegerField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    reference = models.CharField(max_length=80, blank=True)

    class Meta:
        ordering = ["-at"]
        verbose_name_plural = "stock discrepancies"

    def __str__(self) -> str:
        return f"{self.pack_id} short by {self.short_by}"
