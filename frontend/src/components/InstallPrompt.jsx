// Offers to install the shop as an app when the browser allows it (`beforeinstallprompt`).
// "Not now" is remembered for a week. The chrome loads it only once the browser offers (`offer`,
// the event it caught meanwhile): most visits never need it.
import { useEffect, useState } from "react";
import { config } from "../lib/config";
import { useT } from "../lib/i18n";
import { readJSON, writeJSON } from "../lib/storage";

const DISMISSED_KEY = "installPromptDismissedAt";
const QUIET_MS = 7 * 24 * 3600 * 1000;

function recentlyDismissed() {
  const at = Number(readJSON(DISMISSED_KEY, 0));
  return Number.isFinite(at) && Date.now() - at < QUIET_MS;
}

export default function InstallPrompt({ offer = null }) {
  const t = useT();
  const [deferred, setDeferred] = useState(() => (offer && !recentlyDismissed() ? offer : null));

  useEffect(() => {
    const onPrompt = (event) => {
      event.preventDefault();
      if (!recentlyDismissed()) setDeferred(event);
    };
    const onInstalled = () => setDeferred(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!deferred) return null;

  const install = async () => {
    try {
      await deferred.prompt();
      await deferred.userChoice;
    } catch (error) {
      console.error("Install prompt failed", error);
    }
    setDeferred(null);
  };
  const later = () => {
    writeJSON(DISMISSED_KEY, Date.now());
    setDeferred(null);
  };

  return (
    <div className="install-prompt" role="dialog" aria-label={t("install.label")}>
      <img src="/static/img/logo.webp" alt="" width="40" height="40" />
      <p className="install-prompt__text">
        {t("install.text", { store: config.storeName })}
      </p>
      <button type="button" className="btn btn--primary btn--small" onClick={install}>
        {t("install.install")}
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={later}>
        {t("install.later")}
      </button>
    </div>
  );
}
