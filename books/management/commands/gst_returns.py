"""`manage.py gst_returns --period 042027 [--quarterly] --out DIR`: the period's GST files for the
owner or the accountant, the same as the staff API downloads:

- GSTR1_<gstin>_<fp>.json: GSTR-1 for the portal's offline tool (upload as it is);
- GSTR3B_<gstin>_<fp>.json: GSTR-3B's figures as the portal's JSON;
- GSTR1_<gstin>_<fp>.xlsx: the same GSTR-1 as a workbook, one sheet per section (the accountant's);
- summary_<fp>.json: the tie-out (each section, the invoices, the notes, the net; problems; 3B);
- summary_<fp>.txt: the same in words, what to pay in cash per head;
- tally-<fp>.xml: the period's vouchers for TallyPrime (Import → Transactions);
- the sales, credit-note, purchase, debit-note, day-book and HSN registers of the period as CSV.
"""

import csv
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from books import registers, tally, workbooks
from books.api import return_filename
from books.gstr1 import gstr1
from books.gstr3b import gstr3b
from books.periods import period_of
from common.errors import DomainError
from common.spreadsheet import safe_cell


class Command(BaseCommand):
    help = "Write a return period's GSTR-1 and GSTR-3B JSON, their summary and the registers to a folder."

    def add_arguments(self, parser):
        parser.add_argument("--period", required=True, help="MMYYYY, e.g. 042027 (a quarter: its last month)")
        parser.add_argument("--quarterly", action="store_true", help="a quarterly (QRMP) return")
        parser.add_argument("--out", required=True, help="the folder to write to (made if missing)")

    def handle(self, *args, period, quarterly, out, **options):
        try:
            chosen = period_of(period, quarterly=quarterly)
        except DomainError as error:
            raise CommandError(error.message) from None
        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        built = gstr1(chosen)
        three_b = gstr3b(chosen, built=built)
        written = []

        def write_json(name: str, data) -> None:
            (folder / name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(name)

        write_json(return_filename("GSTR1", built.gstin, chosen), built.as_json())
        write_json(return_filename("GSTR3B", built.gstin, chosen), three_b.as_json())
        write_json(f"summary_{chosen.fp}.json", {"gstr1": built.summary(), "gstr3b": three_b.summary()})
        workbook = return_filename("GSTR1", built.gstin, chosen).replace(".json", ".xlsx")
        with (folder / workbook).open("wb") as file:
            workbooks.write_gstr1(file, built)
        written.append(workbook)
        with (folder / f"tally-{chosen.fp}.xml").open("w", encoding="utf-8") as file:
            for piece in tally.tally_xml(chosen):
                file.write(piece)
        written.append(f"tally-{chosen.fp}.xml")
        tables = {
            f"{name}-register-{chosen.fp}.csv" if name != "day-book" else f"day-book-{chosen.fp}.csv": (header, rows)
            for name, (header, rows) in registers.REGISTERS.items()
        }
        for name, (header, make_rows) in tables.items():
            self._write_csv(folder / name, header, make_rows(chosen))
            written.append(name)
        self._write_csv(folder / f"hsn-register-{chosen.fp}.csv", registers.HSN_HEADER, registers.hsn_rows(built))
        written.append(f"hsn-register-{chosen.fp}.csv")
        summary = built.summary()
        three_b_summary = three_b.summary()
        said = [
            f"{chosen.first} to {chosen.last}: {summary['counts'].get('invoices', 0)} invoices, "
            f"{summary['counts'].get('credit_notes', 0)} credit notes, net taxable value "
            f"{summary['net']['taxableValue']:.2f}, input tax credit "
            + ", ".join(f"{head.upper()} {amount:.2f}" for head, amount in three_b_summary["inputTax"].items())
            + f" ({three_b_summary['purchases']} purchases, {three_b_summary['debitNotes']} debit notes), "
            "tax payable in cash "
            + ", ".join(f"{head.upper()} {amount:.2f}" for head, amount in three_b_summary["payableInCash"].items()),
            *(f"problem: {problem}" for problem in summary["problems"]),
        ]
        (folder / f"summary_{chosen.fp}.txt").write_text("\n".join(said) + "\n", encoding="utf-8")
        written.append(f"summary_{chosen.fp}.txt")
        self.stdout.write(said[0])
        for problem in summary["problems"]:
            self.stderr.write(f"problem: {problem}")
        for name in written:
            self.stdout.write(f"wrote {folder / name}")

    def _write_csv(self, path: Path, header, rows) -> None:
        with path.open("w", newline="", encoding="utf-8") as file:
            writer = csv.writer(file)
            writer.writerow(header)
            for row in rows:
                writer.writerow([safe_cell(value) for value in row])
