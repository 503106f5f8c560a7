// The register / forgot-password phone field: country fixed to India (the dropdown is shown but
// disabled) and a 10-digit number. The value it reports is '91' + the digits typed, so a complete
// number is 12 characters (spec section 9).
import { useT } from "../../lib/i18n";
import { COUNTRY_CODE, PHONE_DIGITS, nationalNumber, toFullPhone } from "../../lib/phone";

const TYPED_PHONE_MAX = 16;

export default function PhoneInput({ id, value, onChange, label, disabled = false }) {
  const t = useT();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label ?? t("phone.label")}</label>
      <div className="phone-input">
        <select className="phone-input__country" aria-label={t("phone.country")} value={COUNTRY_CODE} disabled>
          <option value={COUNTRY_CODE}>{t("phone.india")}</option>
        </select>
        <input
          id={id}
          className="phone-input__number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          // Room for the spaces and dashes a person types ("98765 43210", "+91 98765-43210"):
          // the number keeps its 10 digits (lib/phone.js typedPhoneDigits).
          maxLength={TYPED_PHONE_MAX}
          value={nationalNumber(value).slice(0, PHONE_DIGITS)}
          onChange={(event) => onChange(toFullPhone(event.target.value))}
          disabled={disabled}
          required
        />
      </div>
    </div>
  );
}
