// The login form (spec sections 2 and 5): a 10-digit phone number and a password. On success the
// login info is stored and the shopper goes to the `redirect` query parameter (default /).
import { useRef, useState } from "react";
import { api } from "../../lib/api";
import { setUserInfo } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import { adoptUserLanguage } from "../../lib/language";
import { navigate } from "../../lib/navigation";
import { isValidPhone } from "../../lib/phone";
import { redirectTarget } from "../../lib/safeRedirect";
import { useSubmit } from "../../lib/useSubmit";
import Message from "../Message";

export const PHONE_HINT = "phone.hint";
export const PHONE_INVALID = "phone.invalid";

export default function LoginForm({ onRegister, onForgotPassword, idPrefix = "login", headingLevel = 2 }) {
  const t = useT();
  const [phoneNo, setPhoneNo] = useState("");
  const [password, setPassword] = useState("");
  const [banner, setBanner] = useState("");
  const signIn = useSubmit(
    async () => {
      const info = await api("/api/users/auth", { method: "POST", body: { phoneNo, password } });
      setUserInfo(info);
      await adoptUserLanguage(info);
      navigate(redirectTarget());
    },
    { leavesPage: true, onError: setBanner },
  );
  const passwordInput = useRef(null);
  const Heading = `h${headingLevel}`;
  const showHint = phoneNo !== "" && !isValidPhone(phoneNo);

  const submit = (event) => {
    event.preventDefault();
    if (!isValidPhone(phoneNo)) {
      setBanner(t(PHONE_INVALID));
      return;
    }
    if (!password) {
      // The browser's own "fill out this field" bubble; the form validates itself otherwise.
      passwordInput.current?.reportValidity();
      return;
    }
    setBanner("");
    signIn.submit();
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <Heading className="account-form__title">{t("login.title")}</Heading>
      {banner && <Message variant="danger">{banner}</Message>}
      <div className="form-field">
        <label htmlFor={`${idPrefix}-phone`}>{t("phone.label")}</label>
        <input
          id={`${idPrefix}-phone`}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phoneNo}
          onChange={(event) => setPhoneNo(event.target.value)}
          aria-invalid={showHint}
          aria-describedby={showHint ? `${idPrefix}-phone-hint` : undefined}
          required
        />
        {showHint && (
          <p id={`${idPrefix}-phone-hint`} className="form-field__error">
            {t(PHONE_HINT)}
          </p>
        )}
      </div>
      <div className="form-field">
        <label htmlFor={`${idPrefix}-password`}>{t("password.label")}</label>
        <input
          id={`${idPrefix}-password`}
          ref={passwordInput}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={signIn.busy}>
        {signIn.busy ? t("common.loading") : t("login.title")}
      </button>
      <p className="account-form__switch">
        {t("login.newCustomer")}{" "}
        <button type="button" className="link-button" onClick={onRegister}>
          {t("login.register")}
        </button>
      </p>
      <p className="account-form__switch">
        {t("login.forgot")}{" "}
        <button type="button" className="link-button" onClick={onForgotPassword}>
          {t("password.reset")}
        </button>
      </p>
    </form>
  );
}
