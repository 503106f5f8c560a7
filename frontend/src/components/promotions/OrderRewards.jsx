// The order page's rewards: what this order earned, or will earn once it is delivered and paid
// (GET /api/promotions/orders/{id}). Nothing shows for an order that earns nothing.
import rewardsTexts from "../../i18n/rewards";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import { prizeText, statusText } from "./rewardText";
import "./promotions.css";

// Its texts, loaded with it (the order page loads it on demand).
export const texts = [rewardsTexts];

export default function OrderRewards({ orderId }) {
  const t = useT();
  const { data } = useApi(`/api/promotions/orders/${encodeURIComponent(orderId)}`);
  const rewards = data?.rewards ?? [];
  if (!rewards.length) return null;
  const pending = rewards.every((reward) => reward.status === "pending");
  return (
    <section className="order-rewards" aria-labelledby="order-rewards-title">
      <h2 id="order-rewards-title">{pending ? t("rewards.order.willEarn") : t("rewards.order.earned")}</h2>
      <ul className="order-rewards__list">
        {rewards.map((reward) => (
          <li key={reward.id} className={`order-rewards__item order-rewards__item--${reward.status}`}>
            <span className="order-rewards__prize">{prizeText(reward)}</span>
            <span className="order-rewards__status">{statusText(reward)}</span>
          </li>
        ))}
      </ul>
      {pending && <p className="order-rewards__note">{t("rewards.order.note")}</p>}
    </section>
  );
}
