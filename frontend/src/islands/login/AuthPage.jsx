// The /login and /register pages: the guest panel on a page of its own. A visitor who is already
// signed in goes straight to the redirect target (the page template does it before painting;
// this covers a session that began after the page was served from cache), unless that target
// would only send them back here (a customer sent from an admin screen): then the page says who
// is signed in and offers to sign in with an admin account. Never a second redirect.
import { useEffect, useState } from "react";
import GuestPanel, { MODES } from "../../components/account/GuestPanel";
import Message from "../../components/Message";
import { getUserInfo, logout } from "../../lib/auth";
import { rich, useT } from "../../lib/i18n";
import { redirect } from "../../lib/navigation";
import { signedInLanding } from "../../lib/safeRedirect";
import "../../components/account/account.css";

const PATHS = { [MODES.login]: "/login", [MODES.register]: "/register" };
/** A catalog key (lib/i18n.js). */
export const ADMIN_NEEDED = "auth.adminNeeded";

/** Keep the address bar in step with the mode, so a reload or a shared link opens the same form. */
function showModeInAddressBar(mode) {
  const path = PATHS[mode];
  if (path && window.location.pathname !== path) {
    window.history.replaceState(null, "", `${path}${window.location.search}`);
  }
}

function SignedInAs({ info, onSwitch }) {
  const t = useT();
  return (
    <div className="account-form">
      <h1 className="account-form__title">{t("login.title")}</h1>
      <Message variant="info">
        <p>
          {rich(t("auth.signedInAs", { phone: info.phoneNo }), { name: <strong>{info.name}</strong> })} {t(ADMIN_NEEDED)}
        </p>
      </Message>
      <button type="button" className="btn btn--primary btn--block" onClick={onSwitch}>
        {t("auth.switchToAdmin")}
      </button>
      <p className="account-form__switch">
        <a href="/">{t("auth.home")}</a>
      </p>
    </div>
  );
}

export default function AuthPage({ initialMode = MODES.login }) {
  const [info, setInfo] = useState(() => getUserInfo());
  const [landing] = useState(() => (info ? signedInLanding(info) : null));

  useEffect(() => {
    if (landing) redirect(landing);
  }, [landing]);

  const switchAccount = async () => {
    await logout({ redirectTo: null });
    setInfo(null);
  };

  if (info && landing) return null;
  return (
    <div className="account-page">
      <div className="account-page__card">
        {info ? (
          <SignedInAs info={info} onSwitch={switchAccount} />
        ) : (
          <GuestPanel initialMode={initialMode} onModeChange={showModeInAddressBar} idPrefix="page" headingLevel={1} />
        )}
      </div>
    </div>
  );
}
