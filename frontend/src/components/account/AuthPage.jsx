// The /login and /register pages: the guest panel on a page of its own. A visitor who is already
// signed in goes straight to the redirect target (the page template does it before painting;
// this covers a session that began after the page was served from cache).
import { useEffect, useState } from "react";
import { getUserInfo } from "../../lib/auth";
import { redirect } from "../../lib/navigation";
import { redirectTarget } from "../../lib/safeRedirect";
import GuestPanel, { MODES } from "./GuestPanel";
import "./account.css";

const PATHS = { [MODES.login]: "/login", [MODES.register]: "/register" };

/** Keep the address bar in step with the mode, so a reload or a shared link opens the same form. */
function showModeInAddressBar(mode) {
  const path = PATHS[mode];
  if (path && window.location.pathname !== path) {
    window.history.replaceState(null, "", `${path}${window.location.search}`);
  }
}

export default function AuthPage({ initialMode = MODES.login }) {
  const [signedIn] = useState(() => Boolean(getUserInfo()));

  useEffect(() => {
    if (signedIn) redirect(redirectTarget());
  }, [signedIn]);

  if (signedIn) return null;
  return (
    <div className="account-page">
      <div className="account-page__card">
        <GuestPanel initialMode={initialMode} onModeChange={showModeInAddressBar} idPrefix="page" headingLevel={1} />
      </div>
    </div>
  );
}
