"""What `manage.py compliance_audit` checks: every rule of issue 28 that data or settings can break.

- Legal Metrology (Packaged Commodities) Rules, rule 6(10): each pack's brand declares its packer,
  address, origin, generic name, best-before and consumer care, and the pack has a unit sale price
  (`catalog.unit_price`: a positive net quantity in known units);
- Consumer Protection (E-Commerce) Rules 2020: the seller's and grievance officer's details are set
  (`common.seller`), and no ticket is past its clocks (`support.clocks`).
"""

from dataclasses import dataclass, field

from django.db.models import Q

from catalog.labels import pack_label
from catalog.models import Detail, Financial
from catalog.unit_price import BASES
from common.seller import missing_seller_settings
from support.clocks import clock, overdue_condition
from support.models import Ticket


@dataclass
class Audit:
    undeclared_packs: list[str] = field(default_factory=list)
    unpriced_packs: list[str] = field(default_factory=list)
    missing_settings: list[str] = field(default_factory=list)
    overdue_tickets: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not (self.undeclared_packs or self.unpriced_packs or self.missing_settings or self.overdue_tickets)

    def lines(self) -> list[str]:
        sections = [
            ("Packs missing a Legal Metrology declaration", self.undeclared_packs),
            ("Packs without a computable unit price", self.unpriced_packs),
            ("Seller / grievance settings not set", self.missing_settings),
            ("Tickets past their clocks", self.overdue_tickets),
        ]
        lines = []
        for title, found in sections:
            lines.append(f"{title}: {len(found)}")
            lines += [f"  {entry}" for entry in found]
        return lines


def _pack_name(pack: Financial) -> str:
    return f"pack {pack.pk}: {pack_label(pack, named=True)}"


def audit() -> Audit:
    found = Audit()
    blank = Q()
    for name in Detail.DECLARATIONS:
        blank |= Q(**{f"detail__{name}": ""})
    packs = Financial.objects.select_related("detail__product").order_by("id")
    for pack in packs.filter(blank):
        missing = [name for name in Detail.DECLARATIONS if not getattr(pack.detail, name)]
        found.undeclared_packs.append(f"{_pack_name(pack)} (no {', '.join(missing)})")
    for pack in packs.filter(Q(quantity__lte=0) | ~Q(units__in=list(BASES))):
        found.unpriced_packs.append(_pack_name(pack))
    found.missing_settings = missing_seller_settings()
    for ticket in Ticket.objects.filter(overdue_condition()).order_by("opened_at", "id"):
        late = clock(ticket)
        what = "not acknowledged by" if late.acknowledge_overdue else "not resolved by"
        due = late.acknowledge_by if late.acknowledge_overdue else late.resolve_by
        found.overdue_tickets.append(f"{ticket.number} ({ticket.get_kind_display()}): {what} {due:%Y-%m-%d %H:%M}")
    return found
