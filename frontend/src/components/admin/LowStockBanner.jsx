// The staff's low-stock banner (issue 27): the packs at or under their threshold, from
// GET /api/products/low-stock ({count, packs: [{_id, name, brand, pack, countInStock, threshold}]}).
// It shows nothing while loading, when there is nothing low, and when the call fails: the board it
// sits on must work without it. On a phone it is one line that opens to the packs (issue 45: the
// list filled the first screen); on a wide screen it starts open.
import { useState } from "react";
import lowStockTexts from "../../i18n/low-stock";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import "./low-stock.css";

// Loaded on demand (React.lazy, lib/i18n textsLoaded): its texts come with it.
export const texts = [lowStockTexts];
export const LOW_STOCK_PATH = "/api/products/low-stock";
const SHOWN = 5;
export const WIDE_SCREEN = "(min-width: 768px)";

const wideScreen = () => typeof window.matchMedia !== "function" || window.matchMedia(WIDE_SCREEN).matches;

export default function LowStockBanner() {
  const t = useT();
  const { data, error } = useApi(LOW_STOCK_PATH);
  const [open, setOpen] = useState(wideScreen);
  const count = Number(data?.count) || 0;
  const packs = Array.isArray(data?.packs) ? data.packs : [];
  if (error || count <= 0) return null;
  return (
    <section className="low-stock" role="status" aria-label={t("lowStock.title", { count })}>
      <details className="low-stock__details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="low-stock__title">{t("lowStock.summary", { count })}</summary>
        <ul className="low-stock__packs">
          {packs.slice(0, SHOWN).map((pack) => (
            <li key={pack._id}>
              {t("lowStock.pack", {
                name: [pack.brand, pack.name].filter(Boolean).join(" "),
                pack: pack.pack ?? "",
                left: pack.countInStock,
                threshold: pack.threshold,
              })}
            </li>
          ))}
          {count > SHOWN && <li>{t("lowStock.more", { count: count - Math.min(SHOWN, packs.length) })}</li>}
        </ul>
        <a className="low-stock__link" href="/admin/productlist">
          {t("lowStock.open")}
        </a>
      </details>
    </section>
  );
}
