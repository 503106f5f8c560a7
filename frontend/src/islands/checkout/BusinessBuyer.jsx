// A GST invoice for a business (issue 43): a shopper buying for a registered business gives its
// GSTIN and legal name; the server checks both (orders/buyers.py: format, check character, both or
// neither) and the tax invoice names them. Nothing is checked here: a refusal comes back as the
// order's 400 and is shown like any other.
import { useId } from "react";
import { useT } from "../../lib/i18n";

export default function BusinessBuyer({ value, onChange }) {
  const t = useT();
  const id = useId();
  const set = (field) => (event) => onChange({ ...value, [field]: event.target.value });
  return (
    <section className="checkout-card">
      <details className="business-buyer" open={Boolean(value.gstin || value.name)}>
        <summary>{t("businessBuyer.title")}</summary>
        <p className="business-buyer__hint">{t("businessBuyer.hint")}</p>
        <div className="form-field">
          <label htmlFor={`${id}-gstin`}>{t("businessBuyer.gstin")}</label>
          <input
            id={`${id}-gstin`}
            value={value.gstin}
            onChange={set("gstin")}
            maxLength={20}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-name`}>{t("businessBuyer.name")}</label>
          <input
            id={`${id}-name`}
            value={value.name}
            onChange={set("name")}
            maxLength={200}
            autoComplete="organization"
          />
        </div>
      </details>
    </section>
  );
}
