// Forgot password (spec sections 2 and 4): phone, SMS code checked by the server, then New
// Password and Confirm New Password. On success the shopper goes to /login, which shows
// 'Password reset successfully'.
import { useState } from "react";
import { api } from "../../lib/api";
import { flash } from "../../lib/flash";
import { useT } from "../../lib/i18n";
import { loginUrl, navigate } from "../../lib/navigation";
import { nationalNumber } from "../../lib/phone";
import { redirectTarget } from "../../lib/safeRedirect";
import { toast } from "../../lib/toast";
import { useSubmit } from "../../lib/useSubmit";
import { PASSWORDS_DO_NOT_MATCH, passwordsMatch } from "../../lib/passwords";
import PhoneVerification from "./PhoneVerification";
import usePhoneVerification from "../../lib/usePhoneVerification";
import NewPasswordField from "./NewPasswordField";

export const PASSWORD_RESET_TEXT = "password.resetDone";

/** /login, keeping a pending `redirect` so the shopper still ends up where they were going. */
function loginPage() {
  const target = redirectTarget();
  return target === "/" ? "/login" : loginUrl(target);
}

export default function ForgotPasswordForm({ onLogin, idPrefix = "forgot", headingLevel = 2 }) {
  const t = useT();
  const verification = usePhoneVerification("reset");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const reset = useSubmit(
    async () => {
      await api("/api/users/forgot-password", {
        method: "POST",
        body: {
          phoneNo: nationalNumber(verification.phone),
          password,
          verificationToken: verification.verificationToken,
        },
      });
      flash("success", t(PASSWORD_RESET_TEXT));
      navigate(loginPage());
    },
    { leavesPage: true, onError: (message) => toast.error(message) },
  );
  const Heading = `h${headingLevel}`;

  const submit = (event) => {
    event.preventDefault();
    if (!verification.verified || reset.busy) return;
    if (!event.currentTarget.reportValidity()) return;
    if (!passwordsMatch(password, confirmPassword)) {
      toast.error(t(PASSWORDS_DO_NOT_MATCH));
      return;
    }
    reset.submit();
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <Heading className="account-form__title">{t("forgot.title")}</Heading>
      <PhoneVerification idPrefix={idPrefix} verification={verification} />
      {verification.verified && (
        <>
          <NewPasswordField id={`${idPrefix}-new-password`} label={t("password.new")} value={password} onChange={setPassword} required />
          <NewPasswordField id={`${idPrefix}-confirm-new-password`} label={t("password.confirmNew")} value={confirmPassword} onChange={setConfirmPassword} required />
          <button type="submit" className="btn btn--primary btn--block" disabled={reset.busy}>
            {reset.busy ? t("common.loading") : t("password.reset")}
          </button>
        </>
      )}
      <p className="account-form__switch">
        <button type="button" className="link-button" onClick={onLogin}>
          {t("login.login")}
        </button>
      </p>
    </form>
  );
}
