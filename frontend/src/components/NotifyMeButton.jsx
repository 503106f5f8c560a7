// "Notify me" on an out-of-stock pack (issue 26): a signed-in shopper asks for one SMS when the
// pack is back (POST /api/alerts; the server decides, and ends the alert once it has texted); a
// guest is taken to sign in first and comes back to the same page. Their alerts are listed in the
// account drawer's "My alerts". It is loaded where a pack is out of stock (ProductCard, the product
// page), with its texts (the notify area).
import { useState } from "react";
import { api } from "../lib/api";
import { getUserInfo } from "../lib/auth";
import notifyTexts from "../i18n/notify";
import { useT } from "../lib/i18n";
import { loginUrl, navigate } from "../lib/navigation";
import { packLabel } from "../lib/product";
import { toast } from "../lib/toast";
import { useSubmit } from "../lib/useSubmit";

export const texts = [notifyTexts];

/** `title`, when given, names the product in the button's accessible name (a card's button). */
export default function NotifyMeButton({ pack, title, className = "btn btn--block" }) {
  const t = useT();
  const label = title ? t("notify.label", { title, pack: packLabel(pack) }) : undefined;
  const [asked, setAsked] = useState(false);
  const { submit, busy } = useSubmit(
    async () => {
      await api("/api/alerts", { method: "POST", body: { financialId: String(pack._id) } });
      setAsked(true);
      toast.success(t("notify.set"));
    },
    { onError: (message) => toast.error(message) },
  );
  const click = () => {
    if (!getUserInfo()) {
      toast.info(t("notify.signIn"));
      navigate(loginUrl());
      return;
    }
    submit();
  };
  if (asked) {
    return (
      <button type="button" className={className} disabled>
        {t("notify.asked")}
      </button>
    );
  }
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} aria-label={label} onClick={click}>
      {t("notify.button")}
    </button>
  );
}
