"""GSTR-3B's figures for a return period: the tax on what was sold, less the input tax on what was
bought, and what is left to pay in cash per head (IGST, CGST, SGST).

- 3.1(a) outward taxable supplies: the period's GSTR-1, every section but the exempt, net of the
  credit notes (`books.gstr1`, so both returns always agree);
- 3.1(c) nil-rated and exempt: GSTR-1's `nil` (rate 0 %: fresh produce, loose grains);
- 3.2 inter-state supplies to unregistered persons, by place of supply (b2cs INTER and b2cl, less
  cdnur);
- 4(A)(5) all other ITC: the input tax of the purchases posted in the period, less their debit
  notes' (`books.itc`, reading the inventory app's `InputTax` rows);
- 6.1 the set-off (CGST Act section 49, rule 88A): IGST credit is used first, against IGST, then
  CGST, then SGST; CGST credit against CGST, then IGST; SGST credit against SGST, then IGST (never
  CGST against SGST or back). What remains of the tax is paid in cash; what remains of the credit
  is carried forward.
"""

from collections import defaultdict
from dataclasses import dataclass

from books import itc
from books.gstr1 import Figures, Gstr1, gstr1, rupees
from books.periods import Period

HEADS = ("igst", "cgst", "sgst")


@dataclass(frozen=True)
class SetOff:
    """The tax of each head, the credit used against it from each head, and the cash to pay."""

    liability: dict[str, int]
    credit: dict[str, int]
    used: dict[tuple[str, str], int]  # (credit head, tax head) → paise
    cash: dict[str, int]
    carried_forward: dict[str, int]


def set_off(liability: dict[str, int], credit: dict[str, int]) -> SetOff:
    """Use the credit against the tax in the order the law sets (see the module's docstring)."""
    due = {head: max(liability.get(head, 0), 0) for head in HEADS}
    left = {head: max(credit.get(head, 0), 0) for head in HEADS}
    used: dict[tuple[str, str], int] = defaultdict(int)
    order = {"igst": ("igst", "cgst", "sgst"), "cgst": ("cgst", "igst"), "sgst": ("sgst", "igst")}
    for source in HEADS:  # IGST's credit first, wholly, before CGST's and SGST's
        for target in order[source]:
            amount = min(left[source], due[target])
            if amount:
                used[(source, target)] += amount
                left[source] -= amount
                due[target] -= amount
    return SetOff(liability=dict(liability), credit=dict(credit), used=dict(used), cash=due, carried_forward=left)


@dataclass
class Gstr3b:
    period: Period
    gstin: str
    outward: Figures
    exempt: int
    inter_unregistered: dict[str, Figures]
    input_tax: itc.InputTax
    setoff: SetOff

    def as_json(self) -> dict:
        """The portal's GSTR-3B JSON (the fields of its offline utility)."""
        tax = self.input_tax

        def heads(figures) -> dict:
            return {
                "iamt": rupees(figures.igst),
                "camt": rupees(figures.cgst),
                "samt": rupees(figures.sgst),
                "csamt": rupees(getattr(figures, "cess", 0)),
            }

        zero = {"iamt": 0, "camt": 0, "samt": 0, "csamt": 0}
        return {
            "gstin": self.gstin,
            "ret_period": self.period.fp,
            "sup_details": {
                "osup_det": {"txval": rupees(self.outward.taxable_value), **heads(self.outward)},
                "osup_zero": {"txval": 0, "iamt": 0, "csamt": 0},
                "osup_nil_exmp": {"txval": rupees(self.exempt)},
                "isup_rev": {"txval": 0, **zero},
                "osup_nongst": {"txval": 0},
            },
            "inter_sup": {
                "unreg_details": [
                    {"pos": pos, "txval": rupees(figures.taxable_value), "iamt": rupees(figures.igst)}
                    for pos, figures in sorted(self.inter_unregistered.items())
                ],
                "comp_details": [],
                "uin_details": [],
            },
            "itc_elg": {
                "itc_avl": [
                    {"ty": "IMPG", **zero},
                    {"ty": "IMPS", **zero},
                    {"ty": "ISRC", **zero},
                    {"ty": "ISD", **zero},
                    {"ty": "OTH", **heads(tax)},
                ],
                "itc_rev": [{"ty": "RUL", **zero}, {"ty": "OTH", **zero}],
                "itc_net": heads(tax),
                "itc_inelg": [{"ty": "RUL", **zero}, {"ty": "OTH", **zero}],
            },
        }

    def summary(self) -> dict:
        """The staff screen's and the command's figures, in rupees."""
        return {
            "fp": self.period.fp,
            "quarterly": self.period.quarterly,
            "from": self.period.first.isoformat(),
            "to": self.period.last.isoformat(),
            "outward": self.outward.as_dict(),
            "exempt": rupees(self.exempt),
            "inputTaxAvailable": self.input_tax.available,
            "purchases": self.input_tax.documents,
            "debitNotes": self.input_tax.debit_notes,
            "inputTax": {head: rupees(getattr(self.input_tax, head)) for head in HEADS},
            "liability": {head: rupees(self.setoff.liability[head]) for head in HEADS},
            "creditUsed": [
                {"from": source, "against": target, "amount": rupees(amount)}
                for (source, target), amount in sorted(self.setoff.used.items())
            ],
            "payableInCash": {head: rupees(self.setoff.cash[head]) for head in HEADS},
            "carriedForward": {head: rupees(self.setoff.carried_forward[head]) for head in HEADS},
        }


def _outward(built: Gstr1) -> Figures:
    net = Figures()
    for name, sign in (("b2b", 1), ("b2cl", 1), ("b2cs", 1), ("cdnr", -1), ("cdnur", -1)):
        figures = built.totals[name]
        net.taxable_value += sign * figures.taxable_value
        net.cgst += sign * figures.cgst
        net.sgst += sign * figures.sgst
        net.igst += sign * figures.igst
    return net


def gstr3b(period: Period, *, built: Gstr1 | None = None) -> Gstr3b:
    """The period's GSTR-3B; `built` is its GSTR-1 when the caller has it already."""
    built = built or gstr1(period)
    outward = _outward(built)
    tax = itc.input_tax(period)
    return Gstr3b(
        period=period,
        gstin=built.gstin,
        outward=outward,
        exempt=built.totals["nil"].taxable_value,
        inter_unregistered=dict(built.inter_b2c),
        input_tax=tax,
        setoff=set_off(
            {"igst": outward.igst, "cgst": outward.cgst, "sgst": outward.sgst},
            {"igst": tax.igst, "cgst": tax.cgst, "sgst": tax.sgst},
        ),
    )
