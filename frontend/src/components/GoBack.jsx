import { useT } from "../lib/i18n";
import { navigate } from "../lib/navigation";

/** Back to the previous shop page, or home when the shopper arrived from elsewhere. */
export function goBack(fallback = "/") {
  let cameFromShop = false;
  try {
    cameFromShop = !!document.referrer && new URL(document.referrer).origin === window.location.origin;
  } catch {
    cameFromShop = false;
  }
  if (cameFromShop && window.history.length > 1) window.history.back();
  else navigate(fallback);
}

export default function GoBack() {
  const t = useT();
  return (
    <button type="button" className="back-link btn btn--small" onClick={() => goBack()}>
      {t("common.goBack")}
    </button>
  );
}
