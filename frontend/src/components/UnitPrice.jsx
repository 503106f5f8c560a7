// The pack's unit sale price as the server computed it (Legal Metrology rule 6(10)): "₹79.80 / kg",
// "₹12.00 / 100 g", "₹5.00 / piece". Nothing when the server sent none (an old cart line).
import { useT } from "../lib/i18n";
import { formatMoney } from "../lib/money";

// Counted goods' bases, which read as words; weights and volumes ("kg", "100 g") read the same in both languages.
const WORD_BASES = { piece: "unitPrice.piece", pack: "unitPrice.pack" };

export default function UnitPrice({ pack, className = "unit-price" }) {
  const t = useT();
  if (pack?.unitPrice == null || !pack.unitPriceBasis) return null;
  const basis = WORD_BASES[pack.unitPriceBasis] ? t(WORD_BASES[pack.unitPriceBasis]) : pack.unitPriceBasis;
  return (
    <span className={className} data-testid="unit-price">
      {t("unitPrice.per", { price: formatMoney(pack.unitPrice), basis })}
    </span>
  );
}
