/** The loading screen: the shop's logo, centred and spinning. */
import { useT } from "../lib/i18n";

export default function Loader({ fullScreen = false }) {
  const t = useT();
  return (
    <div className={fullScreen ? "loader loader--full" : "loader"}>
      <img className="loader__logo" src="/static/img/logo.webp" alt={t("common.loading")} width="64" height="64" />
    </div>
  );
}
