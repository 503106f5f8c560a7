// The order page's way to the report page (/order/{id}/report), for the shopper who placed a
// delivered order: loaded on demand with its texts (islands/order/OrderPage.jsx). The report page
// says whether the report window is still open and shows the shopper's tickets either way.
import reportProblemTexts from "../../i18n/report-problem";
import { getUserInfo } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import "./support.css";

// The report page's texts: one Telugu chunk for both (each chunk grows every page's runtime).
export const texts = [reportProblemTexts];

export default function ReportProblemLink({ order }) {
  const t = useT();
  if (!order.isDelivered || order.user?.phoneNo !== getUserInfo()?.phoneNo) return null;
  return (
    <section className="report-link" aria-labelledby="report-link-title">
      <h2 id="report-link-title">{t("reportLink.title")}</h2>
      <p>{t("reportLink.text")}</p>
      <a className="btn btn--secondary" href={`/order/${encodeURIComponent(order._id)}/report`}>
        {t("reportLink.action")}
      </a>
    </section>
  );
}
