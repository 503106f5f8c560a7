// Register (spec sections 2, 4 and 5): Name, Phone Number with an SMS code checked by the server,
// then Password, Confirm Password and Register. On success the login info is stored and the
// shopper goes to the `redirect` query parameter (default /).
import { Suspense, lazy, useState } from "react";
import { api } from "../../lib/api";
import { setUserInfo } from "../../lib/auth";
import { rich, useT } from "../../lib/i18n";
import { adoptUserLanguage } from "../../lib/language";
import { navigate } from "../../lib/navigation";
import { nationalNumber } from "../../lib/phone";
import { redirectTarget } from "../../lib/safeRedirect";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/useSubmit";
import { PASSWORDS_DO_NOT_MATCH, passwordsMatch } from "../../lib/passwords";
import PhoneVerification from "./PhoneVerification";
import usePhoneVerification from "../../lib/usePhoneVerification";
import NewPasswordField from "./NewPasswordField";

// The DPDP notice and its "offers by SMS" box: every text is the server's, fetched with the part.
const PrivacyNotice = lazy(() => import(/* webpackChunkName: "privacy-notice" */ "./PrivacyNotice"));

export default function RegisterForm({ onLogin, idPrefix = "register", headingLevel = 2 }) {
  const t = useT();
  const verification = usePhoneVerification("register");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [offerSms, setOfferSms] = useState(false);
  const [noticeVersion, setNoticeVersion] = useState(null);
  const register = useSubmit(
    async () => {
      const info = await api("/api/users", {
        method: "POST",
        body: {
          name: name.trim(),
          phoneNo: nationalNumber(verification.phone),
          password,
          verificationToken: verification.verificationToken,
          offerSms,
          noticeVersion,
        },
      });
      setUserInfo(info);
      await adoptUserLanguage(info);
      navigate(redirectTarget());
    },
    { leavesPage: true, onError: (message) => toast.error(message) },
  );
  const Heading = `h${headingLevel}`;

  const submit = (event) => {
    event.preventDefault();
    if (!verification.verified || register.busy) return;
    if (!event.currentTarget.reportValidity()) return;
    if (!passwordsMatch(password, confirmPassword)) {
      toast.error(t(PASSWORDS_DO_NOT_MATCH));
      return;
    }
    register.submit();
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <Heading className="account-form__title">{t("register.title")}</Heading>
      <div className="form-field">
        <label htmlFor={`${idPrefix}-name`}>{t("register.name")}</label>
        <input
          id={`${idPrefix}-name`}
          type="text"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
        />
      </div>
      <PhoneVerification idPrefix={idPrefix} verification={verification} />
      {verification.verified && (
        <>
          <NewPasswordField id={`${idPrefix}-password`} label={t("password.label")} value={password} onChange={setPassword} required />
          <NewPasswordField id={`${idPrefix}-confirm-password`} label={t("password.confirm")} value={confirmPassword} onChange={setConfirmPassword} required />
        </>
      )}
      <Suspense fallback={null}>
        <PrivacyNotice idPrefix={idPrefix} offerSms={offerSms} onOfferSms={setOfferSms} onShown={setNoticeVersion} />
      </Suspense>
      {verification.verified && (
        <button type="submit" className="btn btn--primary btn--block" disabled={register.busy}>
          {register.busy ? t("common.loading") : t("register.title")}
        </button>
      )}
      <p className="account-form__switch">
        {t("register.haveAccount")}{" "}
        <button type="button" className="link-button" onClick={onLogin}>
          {t("login.login")}
        </button>
      </p>
      <p className="account-form__terms">
        {rich(t("register.terms"), {
          terms: (
            <a href="/terms.html" target="_blank" rel="noopener">
              {t("register.termsLink")}
            </a>
          ),
          privacy: (
            <a href="/privacy.html" target="_blank" rel="noopener">
              {t("register.privacyLink")}
            </a>
          ),
        })}
      </p>
    </form>
  );
}
