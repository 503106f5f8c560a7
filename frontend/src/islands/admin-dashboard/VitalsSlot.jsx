// The shoppers' Core Web Vitals on the dashboard (issue 34, field data): p75 per page and metric
// over the last 28 days, from the admin-only GET /api/reports/vitals (common/vitals.py computes
// every figure, the rating included; this only shows them). One row per page and metric.
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";

export const VITALS_DAYS = 28;

/** `2310 ms`, or CLS's unitless `0.12`. */
export function formatP75(value, unit) {
  return unit ? `${Math.round(value).toLocaleString("en-IN")} ${unit}` : value.toFixed(2);
}

const percent = (share) => `${Math.round(share * 100)}%`;

export default function VitalsSlot() {
  const t = useT();
  const report = useApi(`/api/reports/vitals?days=${VITALS_DAYS}`);
  const pages = report.data?.pages;
  const rows = (pages ?? []).flatMap((page) => Object.entries(page.metrics).map(([metric, summary]) => ({ page: page.page, metric, ...summary })));
  return (
    <section className="dashboard-section dashboard-section--wide dashboard-vitals">
      <h2>{t("admin.dashboard.vitals")}</h2>
      {report.error && <Message variant="danger">{report.error}</Message>}
      {!pages && !report.error && <Loader />}
      {pages && rows.length === 0 && <p className="dashboard-empty">{t("admin.dashboard.vitals.none")}</p>}
      {rows.length > 0 && (
        <>
          <p className="dashboard-vitals__note">{t("admin.dashboard.vitals.note")}</p>
          <div className="table-scroll">
            <table className="table dashboard-packs">
              <thead>
                <tr>
                  <th scope="col">{t("admin.dashboard.vitals.page")}</th>
                  <th scope="col">{t("admin.dashboard.vitals.metric")}</th>
                  <th scope="col">{t("admin.dashboard.vitals.p75")}</th>
                  <th scope="col">{t("admin.dashboard.vitals.samples")}</th>
                  <th scope="col">{t("admin.dashboard.vitals.shares")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.page} ${row.metric}`}>
                    <th scope="row">{row.page}</th>
                    <td>{row.metric}</td>
                    <td className={`dashboard-vitals__p75 dashboard-vitals__p75--${row.rating}`}>
                      {formatP75(row.p75, row.unit)} <span className="dashboard-vitals__rating">{t(`admin.dashboard.vitals.rating.${row.rating}`)}</span>
                    </td>
                    <td>{row.count}</td>
                    <td>{[row.good, row.needsImprovement, row.poor].map(percent).join(" / ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
