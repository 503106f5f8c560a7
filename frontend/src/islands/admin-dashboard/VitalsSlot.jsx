// The shoppers' Core Web Vitals on the dashboard (issue 34, field data): p75 per page and metric
// over the last 28 days, from the admin-only GET /api/reports/vitals (common/vitals.py computes
// every figure, the rating included; shop/pages.py names each page for people; this only shows them). A group
// of rows per page, one row per metric.
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";

export const VITALS_DAYS = 28;

/** `2310 ms`, or CLS's unitless `0.12`. */
export function formatP75(value, unit) {
  return unit ? `${Math.round(value).toLocaleString("en-IN")} ${unit}` : value.toFixed(2);
}

const RATINGS = {
  good: "admin.dashboard.vitals.rating.good",
  "needs-improvement": "admin.dashboard.vitals.rating.needs-improvement",
  poor: "admin.dashboard.vitals.rating.poor",
};
const percent = (share) => `${Math.round(share * 100)}%`;

export default function VitalsSlot() {
  const t = useT();
  const report = useApi(`/api/reports/vitals?days=${VITALS_DAYS}`);
  const pages = report.data?.pages;
  return (
    <section className="dashboard-section dashboard-section--wide dashboard-vitals">
      <h2>{t("admin.dashboard.vitals")}</h2>
      {report.error && <Message variant="danger">{report.error}</Message>}
      {!pages && !report.error && <Loader />}
      {pages?.length === 0 && <p className="dashboard-empty">{t("admin.dashboard.vitals.none")}</p>}
      {pages?.length > 0 && (
        <>
          <p className="dashboard-vitals__note">{t("admin.dashboard.vitals.note")}</p>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t("admin.dashboard.vitals")}>
            <table className="table dashboard-packs dashboard-vitals__table">
              <thead>
                <tr>
                  <th scope="col">{t("admin.dashboard.vitals.metric")}</th>
                  <th scope="col">{t("admin.dashboard.vitals.p75")}</th>
                  <th scope="col">{t("admin.dashboard.vitals.samples")}</th>
                  <th scope="col">{t("admin.dashboard.vitals.shares")}</th>
                </tr>
              </thead>
              {pages.map((page) => (
                <tbody key={page.page}>
                  <tr className="dashboard-vitals__page">
                    <th scope="rowgroup" colSpan={4}>
                      {t("admin.dashboard.vitals.page")}: {page.title}
                    </th>
                  </tr>
                  {Object.entries(page.metrics).map(([metric, row]) => (
                    <tr key={metric}>
                      <th scope="row">{metric}</th>
                      <td className={`dashboard-vitals__p75 dashboard-vitals__p75--${row.rating}`}>
                        {formatP75(row.p75, row.unit)} <span className="dashboard-vitals__rating">{t(RATINGS[row.rating])}</span>
                      </td>
                      <td>{row.count}</td>
                      <td>{[row.good, row.needsImprovement, row.poor].map(percent).join(" / ")}</td>
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        </>
      )}
    </section>
  );
}
