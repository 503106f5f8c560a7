// My alerts, in the account drawer beside My Rewards (issue 26): the packs the shopper asked to be
// texted about when they are back (GET /api/alerts), each with Remove (DELETE /api/alerts/{id}).
// An alert leaves the list by itself once its SMS is sent.
import { api } from "../../lib/api";
import { localName, useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import Loader from "../Loader";
import Message from "../Message";
import { namedPackLabel } from "../../lib/packLabel";

export default function MyAlerts() {
  const t = useT();
  const { data, loading, error, setData } = useApi("/api/alerts");
  const remove = async (alert) => {
    try {
      await api(`/api/alerts/${encodeURIComponent(alert._id)}`, { method: "DELETE" });
      setData((alerts) => alerts.filter((candidate) => candidate._id !== alert._id));
    } catch (failure) {
      toast.error(failure.message);
    }
  };
  if (loading && !data) return <Loader />;
  if (error) return <Message variant="danger">{error}</Message>;
  if (!data.length) return <Message variant="info">{t("alerts.none")}</Message>;
  return (
    <section className="my-alerts" aria-labelledby="my-alerts-title">
      <h2 id="my-alerts-title" className="my-alerts__title">{t("alerts.heading")}</h2>
      <ul className="my-alerts__list">
        {data.map((alert) => {
          const title = namedPackLabel(alert, localName(alert).primary);
          return (
            <li key={alert._id} className="my-alerts__item">
              <img src={alert.image} alt="" width="48" height="48" loading="lazy" />
              <a href={`/product/${encodeURIComponent(alert.slug)}`}>{title}</a>
              <button
                type="button"
                className="btn btn--small"
                aria-label={t("alerts.removeLabel", { title })}
                onClick={() => remove(alert)}
              >
                {t("alerts.remove")}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
