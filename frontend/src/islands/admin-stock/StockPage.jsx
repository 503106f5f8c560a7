// The manager's stock screens (/admin/stock, issue 42): suppliers' invoices entered and posted,
// stock takes, the batches near their best-before date, what to reorder and the margins. One tab
// at a time, named in the address (#take) so a reload or a shared link opens the same one. Phone
// first: the tabs wrap, every list is one column until the screen is wide.
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import Margins from "./Margins";
import NearExpiry from "./NearExpiry";
import Purchases from "./Purchases";
import Reorder from "./Reorder";
import StockTakes from "./StockTakes";
import { TABS, TAB_LABELS, tabOf } from "./stock";
import "./admin-stock.css";

const PANELS = { purchases: Purchases, take: StockTakes, expiry: NearExpiry, reorder: Reorder, margins: Margins };

export default function StockPage({ initialTab = tabOf(typeof window === "undefined" ? "" : window.location.hash) }) {
  const t = useT();
  const [tab, setTab] = useState(initialTab);
  useEffect(() => {
    const follow = () => setTab(tabOf(window.location.hash));
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);
  const choose = (name) => {
    setTab(name);
    window.history.replaceState(null, "", `#${name}`);
  };
  const Panel = PANELS[tab];
  return (
    <div className="admin-stock">
      <header className="admin-stock__head no-print">
        <h1>{t("admin.stock.title")}</h1>
      </header>
      <div className="stock-tabs no-print" role="tablist" aria-label={t("admin.stock.title")}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`stock-tab-${name}`}
            aria-selected={name === tab}
            aria-controls="stock-panel"
            className={`btn btn--small${name === tab ? " btn--primary" : ""}`}
            onClick={() => choose(name)}
          >
            {t(TAB_LABELS[name])}
          </button>
        ))}
      </div>
      <section id="stock-panel" role="tabpanel" aria-labelledby={`stock-tab-${tab}`} className="stock-panel">
        <Panel />
      </section>
    </div>
  );
}
