// What staff should do with a pack that turns out unavailable at packing (issue 25): the shopper
// chooses per order. The choices and their labels are the server's (config.substitutionPreferences,
// orders/rules.py, in the page's language); the first is the default, and the server keeps it when
// nothing is sent. Nothing shows when the page carries no choices.
import { useT } from "../../lib/i18n";
import { substitutionChoices } from "./substitution";

export default function SubstitutionChoice({ value, onChange, choices = substitutionChoices() }) {
  const t = useT();
  if (!choices.length) return null;
  return (
    <section className="checkout-card">
      <fieldset className="payment-methods substitution-choice">
        <legend>{t("substitution.title")}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="payment-methods__option">
            <input
              type="radio"
              name="substitutionPreference"
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
