import { useT } from "../lib/i18n";
import { dismiss, useToasts } from "../lib/toast";

export default function Toaster() {
  const t = useT();
  const toasts = useToasts();
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast--${item.variant}`}>
          <span>{item.text}</span>
          <button type="button" className="toast__close" aria-label={t("common.dismiss")} onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
