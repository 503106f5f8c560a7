// A purchase's or a stock take's state (draft, posted, counting) as a small badge.
import { useT } from "../../lib/i18n";
import { STATUS_LABELS } from "./stock";

export default function StatusBadge({ status }) {
  const t = useT();
  return <span className={`stock-badge stock-badge--${status}`}>{t(STATUS_LABELS[status])}</span>;
}
