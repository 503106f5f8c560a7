// "Your data" on /profile (DPDP Act 2023, issue 28), loaded on demand: the offer SMS consent
// (withdraw or grant), Download my data (the server's JSON as a file) and Delete my account,
// confirmed with the password. Every rule is the server's (accounts/privacy.py): what is erased,
// when, and when deleting is refused (an order on its way) come back as its answers.
import { useState } from "react";
import privacyTexts from "../../i18n/privacy";
import { api } from "../../lib/api";
import { logout } from "../../lib/auth";
import { flash } from "../../lib/flash";
import { redirect } from "../../lib/navigation";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import Message from "../Message";
import "./privacy.css";

export const texts = [privacyTexts];

/** Hand the browser `data` as a JSON file named `name`. */
function saveJson(data, name) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function YourData() {
  const t = useT();
  const consent = useApi("/api/users/me/privacy");
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState("");
  const [deleted, setDeleted] = useState("");
  const onError = (message) => toast.error(message);

  const offers = useSubmit(
    async (allowed) => {
      consent.setData(await api("/api/users/me/privacy", { method: "PUT", body: { offerSms: allowed } }));
      toast.success(t("privacy.saved"));
    },
    { onError },
  );
  const download = useSubmit(
    async () => saveJson(await api("/api/users/me/data"), `my-data-${new Date().toISOString().slice(0, 10)}.json`),
    { onError },
  );
  const remove = useSubmit(
    async () => {
      const answer = await api("/api/users/me/delete", { method: "POST", body: { password } });
      await logout({ redirectTo: null }); // signed out before the page says the account is gone
      // Home, signed out, with the confirmation (issue 45): a profile page still showing store
      // credit and orders to someone signed out is not where a deleted account leaves them.
      flash("success", answer.message);
      setDeleted(answer.message);
      redirect("/");
    },
    { onError },
  );

  if (deleted) return <Message variant="success">{deleted}</Message>;
  const confirm = (event) => {
    event.preventDefault();
    if (event.currentTarget.reportValidity()) remove.submit();
  };
  return (
    <section className="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title">{t("privacy.title")}</h2>
      <label className="privacy-notice__choice" htmlFor="your-data-offer-sms">
        <input
          id="your-data-offer-sms"
          type="checkbox"
          checked={Boolean(consent.data?.offerSms)}
          disabled={!consent.data || offers.busy}
          onChange={(event) => offers.submit(event.target.checked)}
        />
        {t("privacy.offerSms")}
      </label>
      <p className="your-data__hint">{t("privacy.downloadHint")}</p>
      <div className="your-data__actions">
        <button type="button" className="btn btn--secondary" onClick={() => download.submit()} disabled={download.busy}>
          {t("privacy.download")}
        </button>
        {!deleting && (
          <button type="button" className="btn btn--danger" onClick={() => setDeleting(true)}>
            {t("privacy.delete")}
          </button>
        )}
      </div>
      {deleting && (
        <form className="your-data__delete" onSubmit={confirm} noValidate>
          <p className="your-data__hint">{t("privacy.deleteHint")}</p>
          <div className="form-field">
            <label htmlFor="your-data-password">{t("privacy.password")}</label>
            <input
              id="your-data-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
          </div>
          <div className="your-data__actions">
            <button type="submit" className="btn btn--danger" disabled={remove.busy}>
              {t("privacy.confirmDelete")}
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => setDeleting(false)}>
              {t("privacy.cancel")}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
