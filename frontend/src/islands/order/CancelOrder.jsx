// The shopper's "Cancel order" button and its confirmation dialog (issue 25). The order page shows
// it only when the server says the caller may cancel (`order.canCancel`, orders/pipeline.py
// may_cancel); what comes back and how is the server's too (PUT /api/orders/{id}/cancel), so the
// dialog says it in general words and the page shows the answer. Loaded on demand with its texts.
import { useEffect, useId, useRef, useState } from "react";
import aftersaleTexts from "../../i18n/aftersale";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/useSubmit";

export const texts = [aftersaleTexts];

const REASON_MAX_LENGTH = 500;

/** The dialog: focus inside while open (Tab cycles through it), Escape or "Keep order" closes it. */
function ConfirmDialog({ busy, error, onConfirm, onClose }) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const dialog = useRef(null);
  const [reason, setReason] = useState("");

  useEffect(() => {
    dialog.current?.querySelector("button")?.focus();
  }, []);

  const onKeyDown = (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = [...dialog.current.querySelectorAll("button:not([disabled]), textarea:not([disabled])")];
    if (!focusable.length) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="cancel-order__backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="cancel-order__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        ref={dialog}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{t("cancel.title")}</h2>
        <p id={textId}>{t("cancel.explain")}</p>
        <label className="cancel-order__reason">
          <span>{t("cancel.reason")}</span>
          <textarea value={reason} maxLength={REASON_MAX_LENGTH} rows={2} onChange={(event) => setReason(event.target.value)} disabled={busy} />
        </label>
        {error && (
          <p className="cancel-order__error" role="alert">
            {error}
          </p>
        )}
        <div className="cancel-order__actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t("cancel.close")}
          </button>
          <button type="button" className="btn btn--danger" onClick={() => onConfirm(reason)} disabled={busy} aria-busy={busy}>
            {busy ? t("cancel.busy") : t("cancel.confirm")}
          </button>
        </div>
      </div>
    </div>
  );
}

export default function CancelOrder({ order, onCancelled }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const opener = useRef(null);
  const { submit, busy, error, setError } = useSubmit((reason) =>
    api(`/api/orders/${encodeURIComponent(order._id)}/cancel`, { method: "PUT", body: { reason } }),
  );

  const close = () => {
    if (busy) return;
    setOpen(false);
    setError("");
    opener.current?.focus();
  };

  const confirm = async (reason) => {
    const result = await submit(reason);
    if (!result.ok) return;
    setOpen(false);
    toast.success(t("cancel.done"));
    onCancelled(result.value);
  };

  return (
    <div className="cancel-order">
      <button type="button" className="btn btn--danger" ref={opener} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t("cancel.button")}
      </button>
      {open && <ConfirmDialog busy={busy} error={error} onConfirm={confirm} onClose={close} />}
    </div>
  );
}
