// The order page's way to the report page (/order/{id}/report), for the shopper who placed a
// delivered order: loaded on demand with its texts (islands/order/OrderPage.jsx). The report page
// says whether the report window is still open and shows the shopper's tickets either way.
import reportLinkTexts from "../../i18n/report-link";
import { getUserInfo } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import "./support.css";

export const texts = [reportLinkTexts];

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
