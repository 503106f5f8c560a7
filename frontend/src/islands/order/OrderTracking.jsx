// The tracking timeline: the four steps of spec section 4 and the progress fill.
import { useT } from "../../lib/i18n";
import { formatDateTime } from "../../lib/dates";
import { isCancelled, orderProgress, trackingSteps } from "./progress";

export default function OrderTracking({ order }) {
  const t = useT();
  const cancelled = isCancelled(order);
  const progress = orderProgress(order);
  const steps = trackingSteps(order);
  return (
    <section className="tracking" aria-labelledby="tracking-title">
      <h2 id="tracking-title">{t("tracking.title")}</h2>
      {!cancelled && (
        <div
          className="tracking__bar"
          role="progressbar"
          aria-label={t("tracking.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%`}
        >
          <div className="tracking__fill" style={{ width: `${progress}%` }} />
        </div>
      )}
      <ol className="tracking__steps">
        {steps.map((step) => (
          <li key={step.key} className={`tracking__step tracking__step--${step.done ? "done" : "todo"} tracking__step--${step.key}`}>
            <span className="tracking__dot" aria-hidden="true" />
            <span className="tracking__message">{step.message}</span>
            {step.done && step.at && <time dateTime={step.at}>{formatDateTime(step.at)}</time>}
            {step.reason && <span className="tracking__reason">{t("order.reason", { reason: step.reason })}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
