// What the shopper asked for an unavailable item, and what staff changed at packing (issue 25):
// shown to the shopper and to staff. Every figure is the server's (order.substitutionPreferenceLabel,
// order.lineChanges: orders/packing.py); the invoice already shows the lines as they are now.
// Loaded on demand with its texts, after the order is shown.
import packingTexts from "../../i18n/packing";
import { useT } from "../../lib/i18n";
import { formatMoney, toNumber } from "../../lib/money";
import { formatDateTime } from "../../lib/dates";

export const texts = [packingTexts];

function changeText(change, t) {
  if (change.kind === "removed") return t("packing.changes.removed", { pack: change.oldPack, count: change.oldQty });
  if (change.kind === "replaced") {
    return t("packing.changes.replaced", { oldQty: change.oldQty, old: change.oldPack, newQty: change.newQty, new: change.newPack });
  }
  return t("packing.changes.reduced", { pack: change.oldPack, old: change.oldQty, new: change.newQty });
}

export default function PackingChanges({ order }) {
  const t = useT();
  const changes = order.lineChanges ?? [];
  return (
    <section className="packing-changes" aria-label={t("packing.changes.title")}>
      {order.substitutionPreferenceLabel && (
        <p className="packing-changes__preference">{t("packing.substitution", { choice: order.substitutionPreferenceLabel })}</p>
      )}
      {changes.length > 0 && (
        <>
          <h2>{t("packing.changes.title")}</h2>
          <ul className="packing-changes__list">
            {changes.map((change, index) => (
              <li key={`${change.at}-${index}`}>
                <span className="packing-changes__what">{changeText(change, t)}</span>
                {toNumber(change.amount) > 0 && (
                  <span className="packing-changes__amount">{t("packing.changes.amount", { amount: formatMoney(change.amount) })}</span>
                )}
                <span className="packing-changes__meta">
                  {formatDateTime(change.at)}
                  {change.reason ? ` · ${change.reason}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
