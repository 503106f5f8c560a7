"""Load the demo catalog: only what is missing, so a second run changes nothing (the demo
accounts are `demo.users`).

Natural keys: a category by key, a product by (name, category), a brand by (product, brand), a
pack by (brand, quantity, units), a search synonym by its word. Rows that
already exist are left as they are, even if an admin has since changed their prices; only a
demo category or product with no Telugu name yet gets its Telugu name.
"""

import datetime
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from catalog import caching, images
from catalog.models import Category, Detail, Financial, Product, SearchSynonym
from catalog.pricing import pack_prices
from catalog.search import synonym_word
from catalog.services.packs import packs_written
from catalog.stock import Opening, stock_opened

from .data import CATEGORIES, DemoProduct, demo_batches, demo_products
from .regional import REGIONAL_SYNONYMS
from .telugu import CATEGORY_NAMES_TE, PRODUCT_NAMES_TE, SYNONYMS


@dataclass
class SeedReport:
    created: dict[str, int] = field(default_factory=dict)
    total: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        return [f"{name}: {self.total[name]} ({self.created[name]} new)" for name in self.created]


def _free_slug(name: str, taken: set[str]) -> str:
    base = slugify(name) or "product"
    slug, suffix = base, 2
    while slug in taken:
        slug, suffix = f"{base}-{suffix}", suffix + 1
    taken.add(slug)
    return slug


@transaction.atomic
def seed_demo_catalog() -> SeedReport:
    report = SeedReport()

    categories = {category.key: category for category in Category.objects.all()}
    new_categories = [
        Category(
            key=slugify(name),
            name=name,
            name_te=CATEGORY_NAMES_TE[name],
            image=images.category_image(name),
            sequence=position,
            is_featured=True,
        )
        for position, name in enumerate(CATEGORIES, start=1)
        if slugify(name) not in categories
    ]
    Category.objects.bulk_create(new_categories)
    categories.update({category.key: category for category in new_categories})
    by_name = {category.name: category for category in categories.values()}

    wanted = demo_products()
    products = {(product.name, product.category_id): product for product in Product.objects.all()}
    taken_slugs = set(Product.objects.values_list("slug", flat=True))
    new_products = []
    for demo in wanted:
        category = by_name[demo.category]
        if (demo.name, category.pk) not in products:
            slug = _free_slug(demo.name, taken_slugs)
            product = Product(
                name=demo.name,
                name_te=PRODUCT_NAMES_TE[demo.name],
                slug=slug,
                category=category,
                image=images.product_image(slug, demo.name, category=demo.category),
                description=demo.description,
                description_te=demo.description_te,
                hsn_code=demo.hsn_code,
                gst_rate=demo.gst_rate,
            )
            new_products.append(product)
            products[(demo.name, category.pk)] = product
    Product.objects.bulk_create(new_products)
    classified = _classify_unclassified(wanted, products, by_name)

    details = {(detail.product_id, detail.brand): detail for detail in Detail.objects.all()}
    new_details = []
    for demo in wanted:
        product = products[(demo.name, by_name[demo.category].pk)]
        for brand in demo.brands:
            if (product.pk, brand.brand) not in details:
                image = images.brand_image(product.slug, brand.brand, demo.name, category=demo.category)
                detail = Detail(product=product, brand=brand.brand, images=[image], **brand.declarations)
                new_details.append(detail)
                details[(product.pk, brand.brand)] = detail
    Detail.objects.bulk_create(new_details)

    packs = set(Financial.objects.values_list("detail_id", "quantity", "units"))
    new_packs, batches = [], []
    for demo in wanted:
        product = products[(demo.name, by_name[demo.category].pk)]
        for brand in demo.brands:
            detail = details[(product.pk, brand.brand)]
            for pack in brand.packs:
                if (detail.pk, pack.quantity, pack.units) in packs:
                    continue
                prices = pack_prices(price=pack.price, dprice=pack.dprice)
                new_packs.append(
                    Financial(
                        detail=detail,
                        quantity=pack.quantity,
                        units=pack.units,
                        price=prices.price,
                        dprice=prices.dprice,
                        discount=prices.discount,
                        count_in_stock=0,  # its batches' sum, through the stock owner below
                    )
                )
                batches.append(demo_batches(pack))
                packs.add((detail.pk, pack.quantity, pack.units))
    Financial.objects.bulk_create(new_packs)
    today = timezone.localdate()
    stock_opened(
        {
            financial.pk: [
                Opening(
                    qty=batch.qty,
                    best_before=today + datetime.timedelta(days=batch.best_before_days),
                    unit_cost_paise=batch.unit_cost_paise,
                    batch_no=batch.batch_no,
                )
                for batch in pack_batches
            ]
            for financial, pack_batches in zip(new_packs, batches, strict=True)
        }
    )
    if new_categories or new_products or new_details or new_packs:
        caching.invalidate()
    if new_packs:
        packs_written(
            product_ids={pack.detail.product_id for pack in new_packs}, financial_ids=[pack.pk for pack in new_packs]
        )

    known_words = set(SearchSynonym.objects.values_list("word", flat=True))
    new_synonyms = [
        SearchSynonym(word=synonym_word(word), means=means)
        for word, means in [*SYNONYMS, *REGIONAL_SYNONYMS]
        if synonym_word(word) not in known_words
    ]
    SearchSynonym.objects.bulk_create(new_synonyms)

    changed = (
        _redraw_old_drawings()
        + _fill_telugu_names(wanted)
        + classified
        + _declare_undeclared(wanted, products, by_name)
    )
    if new_synonyms or (changed and not (new_categories or new_products or new_details or new_packs)):
        caching.invalidate()

    for name, model, new in (
        ("categories", Category, new_categories),
        ("products", Product, new_products),
        ("brands", Detail, new_details),
        ("packs", Financial, new_packs),
        ("search synonyms", SearchSynonym, new_synonyms),
    ):
        report.created[name] = len(new)
        report.total[name] = model.objects.count()
    return report


def _classify_unclassified(wanted, products: dict, by_name: dict) -> int:
    """Demo products loaded before they had an HSN code get the demo one and its GST rate; a code
    staff have set is left alone."""
    unclassified = []
    for demo in wanted:
        product = products[(demo.name, by_name[demo.category].pk)]
        if not product.hsn_code:
            product.hsn_code, product.gst_rate = demo.hsn_code, demo.gst_rate
            unclassified.append(product)
    Product.objects.bulk_update(unclassified, ["hsn_code", "gst_rate"])
    return len(unclassified)


def _declare_undeclared(wanted, products: dict, by_name: dict) -> int:
    """Demo brands loaded before packs carried their Legal Metrology declarations get the demo
    ones; a declaration staff have written is kept."""
    details = {(detail.product_id, detail.brand): detail for detail in Detail.objects.all()}
    undeclared = []
    for demo in wanted:
        product = products[(demo.name, by_name[demo.category].pk)]
        for brand in demo.brands:
            detail = details.get((product.pk, brand.brand))
            blanks = [name for name in Detail.DECLARATIONS if not getattr(detail, name, "x")]
            if blanks:
                for name in blanks:
                    setattr(detail, name, brand.declarations[name])
                undeclared.append(detail)
    Detail.objects.bulk_update(undeclared, list(Detail.DECLARATIONS))
    return len(undeclared)


def _redraw_old_drawings() -> int:
    """Rows still showing a drawing of an earlier version get the current one; photos stay."""
    categories = [
        c for c in Category.objects.all() if images.is_drawing(c.image) and not images.is_current_drawing(c.image)
    ]
    for category in categories:
        category.image = images.category_image(category.name)
    products = [
        p
        for p in Product.objects.select_related("category")
        if images.is_drawing(p.image) and not images.is_current_drawing(p.image)
    ]
    for product in products:
        product.image = images.product_image(product.slug, product.name, category=product.category.name)
    details = [
        d
        for d in Detail.objects.select_related("product__category")
        if d.images and images.is_drawing(d.images[0]) and not images.is_current_drawing(d.images[0])
    ]
    for detail in details:
        product = detail.product
        detail.images = [images.brand_image(product.slug, detail.brand, product.name, category=product.category.name)]
    Category.objects.bulk_update(categories, ["image"])
    Product.objects.bulk_update(products, ["image"])
    Detail.objects.bulk_update(details, ["images"])
    return len(categories) + len(products) + len(details)


def _fill_telugu_names(wanted: list[DemoProduct]) -> int:
    """Demo categories and products loaded before they had Telugu names (and descriptions) get
    them; a Telugu name or description staff have written is kept, and a description staff
    rewrote in English gets no Telugu that says something else."""
    categories = [c for c in Category.objects.filter(name_te="") if c.name in CATEGORY_NAMES_TE]
    for category in categories:
        category.name_te = CATEGORY_NAMES_TE[category.name]
    products = [p for p in Product.objects.filter(name_te="") if p.name in PRODUCT_NAMES_TE]
    for product in products:
        product.name_te = PRODUCT_NAMES_TE[product.name]
    demo_descriptions = {demo.description: demo.description_te for demo in wanted}
    described = [p for p in Product.objects.filter(description_te="") if p.description in demo_descriptions]
    for product in described:
        product.description_te = demo_descriptions[product.description]
    Category.objects.bulk_update(categories, ["name_te"])
    Product.objects.bulk_update(products, ["name_te"])
    Product.objects.bulk_update(described, ["description_te"])
    return len(categories) + len(products) + len(described)
