"""OpenAPI (JSON Schema) description of the catalog's answers, which `serializers.py` builds with
plain functions rather than DRF serializers. `catalog/tests/test_schema.py` checks real answers
against these, so the description cannot drift from what the functions write.
"""

from .unit_price import BASIS_LABELS

STRING = {"type": "string"}
INTEGER = {"type": "integer"}
TELUGU_NAME = {"type": "string", "description": "The Telugu name; may be empty"}
MONEY = {"type": "number", "description": "Rupees, a JSON number with at most two decimals (120, 399.5)"}
UNIT_PRICE = {
    "unitPrice": {
        "type": "number",
        "nullable": True,
        "description": "Unit sale price in rupees (Legal Metrology rule 6(10)); null without a net quantity",
    },
    "unitPriceBasis": {
        "type": "string",
        "nullable": True,
        "enum": [*BASIS_LABELS, None],
        "description": "What the unit price is for",
    },
}


def _object(properties: dict, *, optional: tuple[str, ...] = ()) -> dict:
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
    }


def _array(items: dict) -> dict:
    return {"type": "array", "items": items}


PACK = _object(
    {
        "_id": STRING,
        "quantity": {"type": "string", "description": 'Pack size as shown: "500", "1.5"'},
        "units": STRING,
        "price": MONEY | {"description": "MRP in rupees"},
        "dprice": MONEY | {"description": "Selling price in rupees"},
        "Discount": INTEGER | {"description": "Whole percent"},
        "countInStock": INTEGER,
        **UNIT_PRICE,
        "published": {"type": "boolean", "description": "Shown to shoppers; only on staff answers"},
        "lowStockThreshold": {
            "type": "integer",
            "nullable": True,
            "description": "The pack's own low-stock threshold (null: the shop's default); only on staff answers",
        },
        "lowStock": {"type": "boolean", "description": "At or under its threshold; only on the staff's list"},
    },
    optional=("published", "lowStockThreshold", "lowStock"),
)
DECLARATIONS = _object(
    {
        "packerName": STRING,
        "packerAddress": STRING,
        "countryOfOrigin": STRING,
        "genericName": STRING,
        "bestBefore": STRING,
        "consumerCare": STRING,
    }
)
BRAND = _object(
    {
        "_id": STRING,
        "brand": STRING,
        "images": _array(_object({"image": STRING, "thumbnail": STRING}, optional=("thumbnail",))),
        "declarations": DECLARATIONS
        | {"description": "Legal Metrology declarations of the brand's packs; only on the single product"},
        "financials": _array(PACK),
    },
    optional=("declarations",),
)
REVIEW = _object(
    {"_id": STRING, "name": STRING, "rating": INTEGER, "comment": STRING, "createdAt": STRING | {"format": "date-time"}}
)
PRODUCT = _object(
    {
        "_id": STRING,
        "name": STRING,
        "nameTe": TELUGU_NAME,
        "slug": STRING,
        "category": STRING,
        "categoryTe": TELUGU_NAME,
        "image": STRING,
        "description": STRING,
        "descriptionTe": {"type": "string", "description": "The Telugu description; may be empty"},
        "rating": {"type": "number"},
        "numReviews": INTEGER,
        "details": _array(BRAND),
        "reviews": _array(REVIEW) | {"description": "Only on the single product"},
        "published": {"type": "boolean", "description": "Shown to shoppers; only on staff answers"},
    },
    optional=("reviews", "published"),
)
PRODUCTS = _array(PRODUCT)
PRODUCT_PAGE = _object({"products": PRODUCTS, "page": INTEGER, "pages": INTEGER})
CATEGORY_PAGE = _object(
    {"category": STRING, "categoryTe": TELUGU_NAME, "products": PRODUCTS, "page": INTEGER, "pages": INTEGER}
)
CATEGORY_NAMES = _object(
    {
        "categories": _array(STRING),
        "categoriesTe": {
            "type": "object",
            "additionalProperties": STRING,
            "description": "Each category's Telugu name (may be empty), by its name",
        },
    }
)
FEATURED = _object(
    {
        "categories": _array(
            _object(
                {
                    "key": STRING,
                    "name": STRING,
                    "nameTe": TELUGU_NAME,
                    "image": STRING,
                    "sequence": INTEGER,
                    "products": PRODUCTS,
                }
            )
        )
    }
)
SUGGESTIONS = _object({"products": PRODUCTS, "brands": _array(STRING)})
PACK_RECORD = _object(
    {
        "productId": STRING,
        "brandId": STRING,
        "financialId": STRING,
        "name": STRING,
        "nameTe": TELUGU_NAME,
        "slug": STRING,
        "brand": STRING,
        "quantity": STRING,
        "units": STRING,
        "price": MONEY,
        "dprice": MONEY,
        "Discount": INTEGER,
        "countInStock": INTEGER,
        **UNIT_PRICE,
        "image": STRING,
    }
)
PACK_RECORDS = _object({"items": _array(PACK_RECORD)})
MESSAGE = _object({"message": STRING})
REMOVAL = _object(
    {"message": STRING, "deleted": {"type": "boolean"}, "published": {"type": "boolean"}}, optional=("published",)
)
LOW_STOCK = _object(
    {
        "count": INTEGER,
        "packs": _array(
            _object(
                {
                    "_id": STRING,
                    "name": STRING,
                    "brand": STRING,
                    "pack": {"type": "string", "description": "The pack's size and units: '500 g', '1.5 L'"},
                    "countInStock": INTEGER,
                    "threshold": {"type": "integer", "description": "The limit the pack was compared with"},
                }
            )
        ),
    }
)
