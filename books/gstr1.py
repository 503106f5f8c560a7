"""GSTR-1 for a return period, as the GST portal's JSON (the field names of the GSTN offline tool).

Built in one pass over the period's invoices and credit notes (`books.documents`, streamed), in
whole paise, and written in rupees with two decimals only at the end, so every section adds up to
the documents to the paisa.

- `b2b`: invoices naming a buyer's GSTIN, by buyer, each with its taxable lines by rate;
  `cdnr` their credit notes.
- `b2cl`: inter-state invoices to consumers of more than `settings.GST_B2CL_THRESHOLD` rupees (₹1
  lakh since August 2024), invoice by invoice, by place of supply; `cdnur` (`typ` B2CL) their notes.
- `b2cs`: every other consumer sale by supply type (INTRA / INTER), place of supply and rate; the
  credit notes on such sales are netted in (subtracted), as the portal expects, so a row may be
  smaller than the period's invoices at that rate or even negative.
- `nil`: the exempt supplies (rate 0 %: fresh produce, loose grains), by B2B / B2C and intra / inter,
  less their credit notes. They appear in no other section but the HSN summary.
- `hsn`: the HSN summary by HSN code (its first `settings.GST_HSN_DIGITS` digits: 4, or 6 over
  ₹5 crore turnover), UQC and rate, split `hsn_b2b` / `hsn_b2c`, net of credit notes.
- `doc_issue`: every document series (online invoices, each counter's, credit notes) with the first
  and last number of the period, how many numbers that spans, how many were cancelled (an invoice
  cancelled in the period, its notes, and any number of the range never used) and the net.

An invoice cancelled in the period it was issued in is in no section (`books.documents`).

- `b2ba` / `b2csa`: the invoices of a filed return whose buyer changed after it was filed
  (`books.amendments`): each in `b2ba` with its original number and date, and, when the return
  had it as a consumer's `b2cs`, that return's row restated without it (`b2csa`, `omon` the
  original period); a corrected GSTIN's notes filed in `cdnr` go to `cdnra`. The three keys appear
  only when there is an amendment.
"""

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.conf import settings

from books import amendments, documents
from books.amendments import Amendment
from books.documents import Document, Line
from books.periods import Period
from books.uqc import is_service

VERSION = "GST3.1.2"
RATES = (0, 5, 12, 18, 28)
EXEMPT_RATE = 0
TYPE_OTHER_THAN_ECOMMERCE = "OE"
INVOICE_TYPE_REGULAR = "R"
NOTE_CREDIT = "C"
DOC_INVOICES = 1  # "Invoices for outward supply"
DOC_DEBIT_NOTES = 4
DOC_CREDIT_NOTES = 5
DESCRIPTION_LENGTH = 30
NUMBER_LENGTH = 16  # GST's invoice rule (CGST Rules, rule 46) and the portal: at most 16 characters


def rupees(value: int) -> float:
    """1234 paise → 12.34 (a JSON number with at most two decimals)."""
    return float(Decimal(value) / 100)


def quantity(value: Decimal) -> float:
    return float(value.quantize(Decimal("0.001")))


def portal_date(day) -> str:
    return day.strftime("%d-%m-%Y")


@dataclass
class Figures:
    """Taxable value and tax, in paise, added up."""

    taxable_value: int = 0
    cgst: int = 0
    sgst: int = 0
    igst: int = 0
    quantity: Decimal = Decimal(0)
    description: str = ""

    def add(self, line: Line, sign: int = 1) -> None:
        self.taxable_value += sign * line.taxable_value
        self.cgst += sign * line.cgst
        self.sgst += sign * line.sgst
        self.igst += sign * line.igst
        self.quantity += sign * line.quantity
        self.description = self.description or line.description

    @property
    def tax(self) -> int:
        return self.cgst + self.sgst + self.igst

    @property
    def value(self) -> int:
        return self.taxable_value + self.tax

    def as_dict(self) -> dict:
        return {
            "taxableValue": rupees(self.taxable_value),
            "cgst": rupees(self.cgst),
            "sgst": rupees(self.sgst),
            "igst": rupees(self.igst),
            "value": rupees(self.value),
        }


def _tax_fields(figures: Figures, *, interstate: bool) -> dict:
    if interstate:
        return {"iamt": rupees(figures.igst), "csamt": 0}
    return {"camt": rupees(figures.cgst), "samt": rupees(figures.sgst), "csamt": 0}


def _items(document: Document) -> list[dict]:
    """The document's taxable lines by rate, as `itms` (exempt lines go to `nil`)."""
    by_rate: dict[int, Figures] = defaultdict(Figures)
    for line in document.lines:
        if line.rate != EXEMPT_RATE:
            by_rate[line.rate].add(line)
    return [
        {
            "num": number,
            "itm_det": {
                "txval": rupees(by_rate[rate].taxable_value),
                "rt": rate,
                **_tax_fields(by_rate[rate], interstate=document.interstate),
            },
        }
        for number, rate in enumerate(sorted(by_rate), start=1)
    ]


def _taxable(document: Document) -> bool:
    return any(line.rate != EXEMPT_RATE for line in document.lines)


@dataclass
class _Series:
    """One series' numbers seen in the period: the first and last, and how many (numbers are unique,
    `orders.series`), so the memory does not grow with the documents."""

    first: tuple[int, str] | None = None
    last: tuple[int, str] | None = None
    count: int = 0
    cancelled: int = 0

    def add(self, place: int, number: str, cancelled: bool) -> None:
        if self.first is None or place < self.first[0]:
            self.first = (place, number)
        if self.last is None or place > self.last[0]:
            self.last = (place, number)
        self.count += 1
        self.cancelled += cancelled


def _series_key(number: str) -> tuple[str, int] | None:
    """'SMLR/2027-28/000042' → ('SMLR/2027-28/', 42): the series and the place in it."""
    digits = len(number) - len(number.rstrip("0123456789"))
    if not digits:
        return None
    return number[:-digits], int(number[-digits:])


@dataclass
class Gstr1:
    """A period's GSTR-1, section by section, in paise until `as_json`."""

    period: Period
    gstin: str
    b2cl_threshold: int  # paise
    hsn_digits: int
    b2b: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    b2cl: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    b2cs: dict[tuple[str, str, int], Figures] = field(default_factory=lambda: defaultdict(Figures))
    cdnr: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    cdnur: list[dict] = field(default_factory=list)
    nil: dict[str, Figures] = field(default_factory=lambda: defaultdict(Figures))
    hsn: dict[str, dict[tuple[str, str, int], Figures]] = field(
        default_factory=lambda: {"b2b": defaultdict(Figures), "b2c": defaultdict(Figures)}
    )
    series: dict[int, dict[str, _Series]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(_Series)))
    # GSTR-3B's 3.2: the inter-state consumer sales (b2cl and b2cs INTER, less their notes) by place
    inter_b2c: dict[str, Figures] = field(default_factory=lambda: defaultdict(Figures))
    # Tie-out and checks: the documents' own totals, by section
    totals: dict[str, Figures] = field(default_factory=lambda: defaultdict(Figures))
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    b2ba: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    b2csa: dict[tuple[str, str, str, int], Figures] = field(default_factory=dict)
    cdnra: dict[str, list[dict]] = field(default_factory=lambda: defaultdict(list))
    amended: list[Amendment] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    long_numbers: list[str] = field(default_factory=list)  # the first few, for the summary
    without_hsn: set[str] = field(default_factory=set)

    # --- reading the documents ------------------------------------------------------------------
    def _is_b2cl(self, *, interstate: bool, b2b: bool, value: int) -> bool:
        return interstate and not b2b and value > self.b2cl_threshold

    def _supply_type(self, document: Document) -> str:
        return "INTER" if document.interstate else "INTRA"

    def _count_series(self, document: Document, doc_type: int) -> None:
        key = _series_key(document.number)
        if key is None:
            self.problems.append(f"{document.number}: not a series number, left out of doc_issue")
            return
        prefix, place = key
        if len(document.number) > NUMBER_LENGTH:
            self.counts["numbers_over_16_characters"] += 1
            if len(self.long_numbers) < 3:
                self.long_numbers.append(document.number)
        self.series[doc_type][prefix].add(place, document.number, document.cancelled)

    def _hsn_add(self, document: Document, sign: int) -> None:
        bucket = self.hsn["b2b" if document.is_b2b else "b2c"]
        for line in document.lines:
            if not line.hsn_code:
                self.without_hsn.add(line.description)
            code = line.hsn_code if is_service(line.hsn_code) else line.hsn_code[: self.hsn_digits]
            bucket[(code, line.uqc, line.rate)].add(line, sign)

    def _nil_add(self, document: Document, sign: int) -> None:
        buyer = "B2B" if document.is_b2b else "B2C"
        supply = "INTR" if document.interstate else "INTRA"
        for line in document.lines:
            if line.rate == EXEMPT_RATE:
                self.nil[f"{supply}{buyer}"].add(line, sign)

    def add_invoice(self, invoice: Document) -> None:
        self._count_series(invoice, DOC_INVOICES)
        if invoice.cancelled:
            self.counts["cancelled_invoices"] += 1
            return
        self.counts["invoices"] += 1
        for line in invoice.lines:
            self.totals["invoices"].add(line)
        self._hsn_add(invoice, 1)
        self._nil_add(invoice, 1)
        if self._is_b2cl(interstate=invoice.interstate, b2b=invoice.is_b2b, value=invoice.value):
            section = "b2cl"
        elif invoice.is_b2b:
            section = "b2b"
        else:
            section = "b2cs"
        for line in invoice.lines:
            if line.rate != EXEMPT_RATE:
                self.totals[section].add(line)
                if section != "b2b" and invoice.interstate:
                    self.inter_b2c[invoice.place_of_supply_code].add(line)
            else:
                self.totals["nil"].add(line)
        if section == "b2cs":
            for line in invoice.lines:
                if line.rate != EXEMPT_RATE:
                    self.b2cs[(self._supply_type(invoice), invoice.place_of_supply_code, line.rate)].add(line)
            return
        if not _taxable(invoice):
            return
        entry = {"inum": invoice.number, "idt": portal_date(invoice.day), "val": rupees(invoice.value)}
        if section == "b2b":
            entry |= {"pos": invoice.place_of_supply_code, "rchrg": "N", "inv_typ": INVOICE_TYPE_REGULAR}
            self.b2b[invoice.buyer_gstin].append(entry | {"itms": _items(invoice)})
        else:
            self.b2cl[invoice.place_of_supply_code].append(entry | {"itms": _items(invoice)})

    def add_credit_note(self, note: Document) -> None:
        self._count_series(note, DOC_CREDIT_NOTES)
        if note.cancelled:
            self.counts["cancelled_credit_notes"] += 1
            return
        self.counts["credit_notes"] += 1
        for line in note.lines:
            self.totals["credit_notes"].add(line)
        self._hsn_add(note, -1)
        self._nil_add(note, -1)
        if self._is_b2cl(interstate=note.interstate, b2b=note.is_b2b, value=note.invoice_value):
            section = "cdnur"
        elif note.is_b2b:
            section = "cdnr"
        else:
            section = "b2cs"
        for line in note.lines:
            if line.rate == EXEMPT_RATE:
                self.totals["nil"].add(line, -1)
            elif section == "b2cs":
                self.totals["b2cs"].add(line, -1)
                self.b2cs[(self._supply_type(note), note.place_of_supply_code, line.rate)].add(line, -1)
            else:
                self.totals[section].add(line)
            if line.rate != EXEMPT_RATE and section != "cdnr" and note.interstate:
                self.inter_b2c[note.place_of_supply_code].add(line, -1)
        if section == "b2cs" or not _taxable(note):
            return
        entry = {
            "ntty": NOTE_CREDIT,
            "nt_num": note.number,
            "nt_dt": portal_date(note.day),
            "val": rupees(note.value),
            "pos": note.place_of_supply_code,
        }
        if section == "cdnr":
            entry |= {"rchrg": "N", "inv_typ": INVOICE_TYPE_REGULAR}
            self.cdnr[note.buyer_gstin].append(entry | {"itms": _items(note)})
        else:
            self.cdnur.append({"typ": "B2CL", **entry, "itms": _items(note)})

    def add_amendment(self, amendment: Amendment, filed_b2cs: dict[tuple, dict[str, int]]) -> None:
        """An invoice of a filed return with a new buyer: `b2ba`, and out of its `b2cs` row when the
        return had it as a consumer's (`filed_b2cs`: that return's rows as they now stand)."""
        invoice, omon = amendment.invoice, amendment.original.fp
        if amendment.was_b2cl:
            self.problems.append(
                f"{invoice.number} was reported in b2cl of {omon}; its buyer's GSTIN cannot move it to b2b "
                "by an amendment: amend it on the portal by hand"
            )
            return
        if not _taxable(invoice):
            return
        self.amended.append(amendment)
        self.counts["amendments"] += 1
        day = portal_date(invoice.day)
        self.b2ba[invoice.buyer_gstin].append(
            {
                "oinum": invoice.number,
                "oidt": day,
                "inum": invoice.number,
                "idt": day,
                "val": rupees(invoice.value),
                "pos": invoice.place_of_supply_code,
                "rchrg": "N",
                "inv_typ": INVOICE_TYPE_REGULAR,
                "itms": _items(invoice),
            }
        )
        if amendment.old_gstin:  # a GSTIN corrected: the invoice was b2b already, its notes cdnr
            for note in amendment.notes:
                if _taxable(note):
                    self.cdnra[note.buyer_gstin].append(
                        {
                            "ont_num": note.number,
                            "ont_dt": portal_date(note.day),
                            "ntty": NOTE_CREDIT,
                            "nt_num": note.number,
                            "nt_dt": portal_date(note.day),
                            "val": rupees(note.value),
                            "pos": note.place_of_supply_code,
                            "rchrg": "N",
                            "inv_typ": INVOICE_TYPE_REGULAR,
                            "itms": _items(note),
                        }
                    )
            return
        for line in invoice.lines:
            if line.rate == EXEMPT_RATE:
                continue
            key = (self._supply_type(invoice), invoice.place_of_supply_code, line.rate)
            if (omon, *key) not in self.b2csa:
                filed = filed_b2cs.get(key, {})
                self.b2csa[(omon, *key)] = Figures(**{name: filed.get(name, 0) for name in amendments.PAISE_FIELDS})
            self.b2csa[(omon, *key)].add(line, -1)

    # --- the portal's JSON ----------------------------------------------------------------------
    def _hsn_rows(self, bucket: dict) -> list[dict]:
        rows = []
        for number, key in enumerate(sorted(bucket), start=1):
            code, uqc, rate = key
            figures = bucket[key]
            rows.append(
                {
                    "num": number,
                    "hsn_sc": code,
                    "desc": figures.description[:DESCRIPTION_LENGTH],
                    "uqc": uqc,
                    "qty": quantity(figures.quantity),
                    "rt": rate,
                    "txval": rupees(figures.taxable_value),
                    "iamt": rupees(figures.igst),
                    "camt": rupees(figures.cgst),
                    "samt": rupees(figures.sgst),
                    "csamt": 0,
                }
            )
        return rows

    def _doc_issue(self) -> dict:
        details = []
        for doc_type in sorted(self.series):
            docs = []
            for number, prefix in enumerate(sorted(self.series[doc_type]), start=1):
                series = self.series[doc_type][prefix]
                total = series.last[0] - series.first[0] + 1
                cancelled = series.cancelled + total - series.count  # the unused numbers too
                docs.append(
                    {
                        "num": number,
                        "from": series.first[1],
                        "to": series.last[1],
                        "totnum": total,
                        "cancel": cancelled,
                        "net_issue": total - cancelled,
                    }
                )
            details.append({"doc_num": doc_type, "docs": docs})
        return {"doc_det": details}

    def as_json(self) -> dict:
        b2cs = []
        for key in sorted(self.b2cs):
            supply, pos, rate = key
            figures = self.b2cs[key]
            b2cs.append(
                {
                    "sply_ty": supply,
                    "pos": pos,
                    "typ": TYPE_OTHER_THAN_ECOMMERCE,
                    "rt": rate,
                    "txval": rupees(figures.taxable_value),
                    **_tax_fields(figures, interstate=supply == "INTER"),
                }
            )
        return {
            "gstin": self.gstin,
            "fp": self.period.fp,
            "version": VERSION,
            "hash": "hash",
            "b2b": [{"ctin": ctin, "inv": self.b2b[ctin]} for ctin in sorted(self.b2b)],
            "b2cl": [{"pos": pos, "inv": self.b2cl[pos]} for pos in sorted(self.b2cl)],
            "b2cs": b2cs,
            "cdnr": [{"ctin": ctin, "nt": self.cdnr[ctin]} for ctin in sorted(self.cdnr)],
            "cdnur": self.cdnur,
            "nil": {
                "inv": [
                    {
                        "sply_ty": supply,
                        "expt_amt": rupees(self.nil[supply].taxable_value),
                        "nil_amt": 0,
                        "ngsup_amt": 0,
                    }
                    for supply in sorted(self.nil)
                ]
            },
            "hsn": {"hsn_b2b": self._hsn_rows(self.hsn["b2b"]), "hsn_b2c": self._hsn_rows(self.hsn["b2c"])},
            "doc_issue": self._doc_issue(),
        } | self._amendments_json()

    def _amendments_json(self) -> dict:
        if not self.b2ba:
            return {}
        b2csa = []
        for key in sorted(self.b2csa):
            omon, supply, pos, rate = key
            figures = self.b2csa[key]
            b2csa.append(
                {
                    "omon": omon,
                    "sply_ty": supply,
                    "pos": pos,
                    "typ": TYPE_OTHER_THAN_ECOMMERCE,
                    "itms": [
                        {
                            "rt": rate,
                            "txval": rupees(figures.taxable_value),
                            **_tax_fields(figures, interstate=supply == "INTER"),
                        }
                    ],
                }
            )
        return {
            "b2ba": [{"ctin": ctin, "inv": self.b2ba[ctin]} for ctin in sorted(self.b2ba)],
            "b2csa": b2csa,
            "cdnra": [{"ctin": ctin, "nt": self.cdnra[ctin]} for ctin in sorted(self.cdnra)],
        }

    def reported(self) -> dict:
        """What a filing of this return keeps (`books.Gstr1Filing.reported`), in paise."""
        return {
            "b2b": {inv["inum"]: ctin for ctin, invoices in self.b2b.items() for inv in invoices},
            "b2cl": [inv["inum"] for invoices in self.b2cl.values() for inv in invoices],
            "cdnr": {note["nt_num"]: ctin for ctin, notes in self.cdnr.items() for note in notes},
            "b2cs": [
                [*key, *(getattr(f, name) for name in amendments.PAISE_FIELDS)] for key, f in sorted(self.b2cs.items())
            ],
            "b2csa": [
                [*key, *(getattr(f, name) for name in amendments.PAISE_FIELDS)] for key, f in sorted(self.b2csa.items())
            ],
        }

    def summary(self) -> dict:
        """The tie-out the owner and the tests read: each section's figures, the documents' totals,
        and the counts."""
        net = Figures()
        for name, sign in (("invoices", 1), ("credit_notes", -1)):
            figures = self.totals[name]
            net.taxable_value += sign * figures.taxable_value
            net.cgst += sign * figures.cgst
            net.sgst += sign * figures.sgst
            net.igst += sign * figures.igst
        return {
            "fp": self.period.fp,
            "quarterly": self.period.quarterly,
            "from": self.period.first.isoformat(),
            "to": self.period.last.isoformat(),
            "gstin": self.gstin,
            "counts": dict(self.counts),
            "sections": {name: self.totals[name].as_dict() for name in sorted(self.totals)},
            "net": net.as_dict(),
            "problems": self._problems(),
        }

    def _problems(self) -> list[str]:
        found = list(self.problems)
        if self.long_numbers:
            found.append(
                f"{self.counts['numbers_over_16_characters']} document numbers are longer than {NUMBER_LENGTH} "
                f"characters, which the portal refuses (e.g. {', '.join(self.long_numbers)})"
            )
        if self.without_hsn:
            found.append("Sold without an HSN code: " + ", ".join(sorted(self.without_hsn)[:20]))
        return found


def gstr1(period: Period) -> Gstr1:
    """The GSTR-1 of `period`, read from its documents in one streamed pass each."""
    built = Gstr1(
        period=period,
        gstin=settings.STORE_GST_NUMBER,
        b2cl_threshold=settings.GST_B2CL_THRESHOLD * 100,
        hsn_digits=settings.GST_HSN_DIGITS,
    )
    for invoice in documents.invoices(period):
        built.add_invoice(invoice)
    for note in documents.credit_notes(period):
        built.add_credit_note(note)
    filed_rows: dict[int, dict] = {}
    for amendment in amendments.amendments_for(period):
        original = amendment.original
        if original.pk not in filed_rows:
            filed_rows[original.pk] = amendments.filed_b2cs(original)
        built.add_amendment(amendment, filed_rows[original.pk])
    built.counts["skipped_before_gst"] = documents.skipped_orders(period)
    return built
