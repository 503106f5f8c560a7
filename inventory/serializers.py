"""The wire shapes of the manager's inventory screens (camelCase, money as "12.50" strings).

Input serializers only check the body's shape (an object, lists where lists go); every rule of a
value is `inventory.entry`'s or the services', so the screen, the API and the CSV file are refused
for the same reasons in the same words."""

from decimal import Decimal

from rest_framework import serializers

from catalog.models import GstRate
from catalog.pricing import MAX_PRICE
from common.fields import MoneyField, money

from .costing import pack_unit_cost
from .entry import pack_name
from .models import Purchase, PurchaseLine, PurchaseReturn, StockTake, StockTakeLine, Supplier
from .stock_takes import reason_choices, reason_label
from .tax import supplier_interstate


class SupplierInSerializer(serializers.Serializer):
    name = serializers.CharField(allow_blank=True, trim_whitespace=False)
    gstin = serializers.CharField(allow_blank=True)
    phone = serializers.CharField(required=False, allow_blank=True, default="")
    address = serializers.CharField(required=False, allow_blank=True, default="")
    leadTimeDays = serializers.JSONField(required=False, default=2)


class SupplierSerializer(serializers.ModelSerializer):
    state = serializers.CharField()
    interstate = serializers.SerializerMethodField()
    leadTimeDays = serializers.IntegerField(source="lead_time_days")

    class Meta:
        model = Supplier
        fields = ["id", "name", "gstin", "state", "interstate", "phone", "address", "leadTimeDays"]

    def get_interstate(self, supplier) -> bool:
        return supplier_interstate(supplier.gstin)


class PurchaseInSerializer(serializers.Serializer):
    supplierId = serializers.JSONField()
    invoiceNumber = serializers.CharField(allow_blank=True)
    invoiceDate = serializers.CharField(allow_blank=True)
    lines = serializers.ListField(child=serializers.DictField(), allow_empty=True, max_length=500)


class PurchaseImportSerializer(serializers.Serializer):
    supplierId = serializers.CharField()
    invoiceNumber = serializers.CharField(allow_blank=True)
    invoiceDate = serializers.CharField(allow_blank=True)
    file = serializers.FileField(allow_empty_file=True)


class PurchaseReturnInSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True)
    note = serializers.CharField(required=False, allow_blank=True, default="")
    lines = serializers.ListField(child=serializers.DictField(), max_length=500)


class PurchaseLineSerializer(serializers.ModelSerializer):
    financialId = serializers.CharField(source="financial_id")
    pack = serializers.SerializerMethodField()
    unitCost = MoneyField(source="unit_cost")
    gstRate = serializers.IntegerField(source="gst_rate")
    taxableValue = MoneyField(source="taxable_value")
    cgst = MoneyField()
    sgst = MoneyField()
    igst = MoneyField()
    total = MoneyField()
    batchNumber = serializers.CharField(source="batch_number")
    packedOn = serializers.DateField(source="packed_on")
    bestBefore = serializers.DateField(source="best_before")
    mrp = MoneyField()

    class Meta:
        model = PurchaseLine
        fields = [
            "id",
            "financialId",
            "pack",
            "qty",
            "unitCost",
            "gstRate",
            "taxableValue",
            "cgst",
            "sgst",
            "igst",
            "total",
            "batchNumber",
            "packedOn",
            "bestBefore",
            "mrp",
        ]

    def get_pack(self, line) -> str:
        return pack_name(line.financial)


class ReturnLineSerializer(serializers.Serializer):
    line = serializers.IntegerField(source="line_id")
    qty = serializers.IntegerField()
    taxableValue = MoneyField(source="taxable_value")
    tax = serializers.SerializerMethodField()

    def get_tax(self, row) -> Decimal:
        return money(row.cgst + row.sgst + row.igst)


class PurchaseReturnSerializer(serializers.ModelSerializer):
    debitNoteNumber = serializers.CharField(source="debit_note_number")
    madeAt = serializers.DateTimeField(source="made_at")
    lines = ReturnLineSerializer(many=True)

    class Meta:
        model = PurchaseReturn
        fields = ["id", "debitNoteNumber", "reason", "note", "madeAt", "lines"]


def _sum(lines, name: str) -> Decimal:
    return money(sum((getattr(line, name) for line in lines), Decimal("0.00")))


class PurchaseSerializer(serializers.ModelSerializer):
    supplier = SupplierSerializer()
    invoiceNumber = serializers.CharField(source="invoice_number")
    invoiceDate = serializers.DateField(source="invoice_date")
    postedAt = serializers.DateTimeField(source="posted_at")
    lines = PurchaseLineSerializer(many=True)
    returns = PurchaseReturnSerializer(many=True)
    totals = serializers.SerializerMethodField()

    class Meta:
        model = Purchase
        fields = [
            "id",
            "supplier",
            "invoiceNumber",
            "invoiceDate",
            "status",
            "interstate",
            "postedAt",
            "lines",
            "totals",
            "returns",
        ]

    def get_totals(self, purchase) -> dict:
        lines = purchase.lines.all()
        names = {"taxableValue": "taxable_value", "cgst": "cgst", "sgst": "sgst", "igst": "igst", "total": "total"}
        return {key: _sum(lines, name) for key, name in names.items()}


class PriceCheckQuerySerializer(serializers.Serializer):
    """The price-check's query as the schema states it; the prices' own rules are the save's
    (`catalog.pricing.pack_prices`)."""

    price = MoneyField(min_value=Decimal("0"), max_value=MAX_PRICE, help_text="The MRP typed")
    discount = serializers.IntegerField(required=False, min_value=0, max_value=100, help_text="Per cent off the MRP")
    dprice = MoneyField(required=False, min_value=Decimal("0"), max_value=MAX_PRICE, help_text="Or the selling price")
    gstRate = serializers.ChoiceField(choices=GstRate.values, required=False, help_text="Default: the product's")


class StockTakeStartSerializer(serializers.Serializer):
    categoryId = serializers.JSONField(required=False, default=None, allow_null=True)


class StockTakeCountsSerializer(serializers.Serializer):
    counts = serializers.ListField(child=serializers.DictField(), max_length=5000)


class StockTakeLineSerializer(serializers.ModelSerializer):
    financialId = serializers.CharField(source="financial_id")
    pack = serializers.SerializerMethodField()
    difference = serializers.IntegerField(allow_null=True, help_text="counted - expected; null until counted")
    reasonLabel = serializers.SerializerMethodField()
    unitCost = serializers.SerializerMethodField()
    value = serializers.SerializerMethodField()

    class Meta:
        model = StockTakeLine
        fields = [
            "financialId",
            "pack",
            "expected",
            "counted",
            "difference",
            "reason",
            "reasonLabel",
            "unitCost",
            "value",
        ]

    def get_reasonLabel(self, line) -> str:  # noqa: N802
        return reason_label(line.reason)

    def get_pack(self, line) -> str:
        return pack_name(line.financial)

    def get_unitCost(self, line) -> Decimal | None:  # noqa: N802
        return money(pack_unit_cost(line.financial))

    def get_value(self, line) -> Decimal | None:
        cost = pack_unit_cost(line.financial)
        return None if cost is None or line.difference is None else money(cost * line.difference)


class StockTakeSerializer(serializers.ModelSerializer):
    category = serializers.CharField(
        source="category.name", default=None, allow_null=True, help_text="null: every pack"
    )
    startedAt = serializers.DateTimeField(source="started_at")
    postedAt = serializers.DateTimeField(source="posted_at", allow_null=True, help_text="null until posted")
    lines = StockTakeLineSerializer(many=True)
    reasons = serializers.SerializerMethodField(help_text="The reasons a line may carry, the first the default")

    class Meta:
        model = StockTake
        fields = ["id", "category", "status", "startedAt", "postedAt", "reasons", "lines"]

    def get_reasons(self, take) -> list[dict]:
        return [{"value": value, "label": label} for value, label in reason_choices()]


class StockTakeSummarySerializer(serializers.ModelSerializer):
    category = serializers.CharField(
        source="category.name", default=None, allow_null=True, help_text="null: every pack"
    )
    startedAt = serializers.DateTimeField(source="started_at")
    postedAt = serializers.DateTimeField(source="posted_at", allow_null=True, help_text="null until posted")
    packs = serializers.IntegerField(source="pack_count")
    counted = serializers.IntegerField(source="counted_count")

    class Meta:
        model = StockTake
        fields = ["id", "category", "status", "startedAt", "postedAt", "packs", "counted"]
