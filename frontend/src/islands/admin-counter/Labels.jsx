// The A4 label sheet of the shop's own barcodes (issue 41): goods weighed and packed in the shop get a
// sticker the till scans like any pack. The codes and their symbols are the server's
// (catalog/barcodes.py; drawn by python-barcode in catalog/label_sheet.py); this screen only chooses how many
// of each to print and lays them out 3 × 8 on an A4 sheet of 70 × 37 mm labels (counter.css).
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { namedPackLabel, packLabel } from "../../lib/packLabel";
import { useApi } from "../../lib/useApi";

const PER_SHEET = 24;

export function sheetsOf(labels, copies) {
  const stickers = labels.flatMap((label) => Array.from({ length: copies[label.code] ?? 1 }, () => label));
  const sheets = [];
  for (let start = 0; start < stickers.length; start += PER_SHEET) sheets.push(stickers.slice(start, start + PER_SHEET));
  return sheets;
}

function Sticker({ label }) {
  const t = useT();
  return (
    <div className="labels__sticker">
      <div className="labels__name">
        {namedPackLabel(label)}
      </div>
      {label.nameTe ? <div className="labels__name" lang="te">{label.nameTe}</div> : null}
      <div className="labels__price">{t("counter.labels.mrp", { price: formatMoney(label.price) })}</div>
      {/* The server's SVG (python-barcode), with presentation attributes only: allowed by the CSP. */}
      <div className="labels__symbol" dangerouslySetInnerHTML={{ __html: label.svg }} />
    </div>
  );
}

export default function Labels() {
  const t = useT();
  const { data, error } = useApi("/api/products/barcodes/labels");
  const [copies, setCopies] = useState({});
  if (error) return <Message variant="danger">{error}</Message>;
  if (!data) return <Loader />;
  const labels = data.labels;
  const sheets = sheetsOf(labels, copies);
  return (
    <section className="labels">
      <div className="counter__no-print">
        <h2>{t("counter.labels.title")}</h2>
        <p>{t("counter.labels.help")}</p>
        {!labels.length ? <Message variant="info">{t("counter.labels.none")}</Message> : null}
        <table className="counter__table">
          <thead>
            <tr>
              <th>{t("counter.labels.pack")}</th>
              <th>{t("counter.labels.code")}</th>
              <th>{t("counter.labels.copies")}</th>
            </tr>
          </thead>
          <tbody>
            {labels.map((label) => (
              <tr key={label.code}>
                <td>
                  {namedPackLabel(label)}
                </td>
                <td>{label.code}</td>
                <td>
                  <input
                    className="counter__qty"
                    aria-label={`${t("counter.labels.copies")}: ${label.name} ${packLabel(label)}`}
                    inputMode="numeric"
                    value={copies[label.code] ?? 1}
                    onChange={(event) => {
                      const count = Number.parseInt(event.target.value, 10);
                      setCopies({ ...copies, [label.code]: Number.isFinite(count) && count >= 0 ? Math.min(count, 240) : 0 });
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>{t("counter.labels.sheets", { count: sheets.length })}</p>
        <button type="button" className="btn btn--primary" disabled={!sheets.length} onClick={() => window.print()}>
          {t("counter.labels.print")}
        </button>
      </div>
      <div className="labels__sheets">
        {sheets.map((sheet, index) => (
          <div className="labels__sheet" key={index}>
            {sheet.map((label, place) => (
              <Sticker key={`${label.code}-${place}`} label={label} />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
