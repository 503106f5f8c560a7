// Staff naming the business buyer on an existing invoice (issue 43): a shopper who comes back with
// the bill and a GSTIN. Shown only when the server says the caller may (`order.canNameBuyer`: the
// owner, manager or cashier, on a tax invoice not cancelled); PUT /api/orders/{id}/buyer checks the
// GSTIN (format, state, check character) and answers the order as it now stands, whose invoice then
// names the buyer. Nothing is checked here: a refusal is the server's sentence, shown under the form.
import { useId, useState } from "react";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/useSubmit";

/** `onSaved(order)` receives the order as the server answered. */
export default function BuyerForm({ order, onSaved }) {
  const t = useT();
  const id = useId();
  const [gstin, setGstin] = useState(order.buyer?.gstin ?? "");
  const [name, setName] = useState(order.buyer?.name ?? "");
  const save = useSubmit(async () => {
    const answer = await api(`/api/orders/${encodeURIComponent(order._id)}/buyer`, {
      method: "PUT",
      body: { buyerGstin: gstin, buyerName: name },
    });
    toast.success(t("buyerForm.saved"));
    onSaved?.(answer);
  });
  const submit = (event) => {
    event.preventDefault();
    save.submit();
  };
  return (
    <form className="buyer-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="buyer-form__title">
        {t("buyerForm.title")}
      </h2>
      <p className="buyer-form__hint">{t("buyerForm.hint")}</p>
      <div className="form-field">
        <label htmlFor={`${id}-gstin`}>{t("buyerForm.gstin")}</label>
        <input
          id={`${id}-gstin`}
          value={gstin}
          onChange={(event) => setGstin(event.target.value)}
          maxLength={20}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={save.error ? true : undefined}
          aria-describedby={save.error ? `${id}-error` : undefined}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{t("buyerForm.name")}</label>
        <input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} maxLength={200} autoComplete="off" />
      </div>
      {save.error && (
        <p id={`${id}-error`} className="form-field__error" role="alert">
          {save.error}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={save.busy} aria-busy={save.busy}>
        {t("buyerForm.save")}
      </button>
    </form>
  );
}
