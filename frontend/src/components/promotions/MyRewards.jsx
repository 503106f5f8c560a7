// My Rewards, in the account drawer (GET /api/promotions/mine): how far the customer is from this
// month's gold-coin coupon, silver coins and earphones, coupons and the lucky draws' results.
import { useT } from "../../lib/i18n";
import { formatMoney, toNumber } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import Loader from "../Loader";
import Message from "../Message";
import { amountStillDue, monthName, prizeText, statusText } from "./rewardText";
import "./promotions.css";

function GoldProgress({ gold, month }) {
  const t = useT();
  const percent = Math.min(100, Math.round((toNumber(gold.spent) / Math.max(toNumber(gold.threshold), 1)) * 100));
  return (
    <section className="my-rewards__card my-rewards__card--gold" aria-labelledby={`gold-${gold.promotionId}`}>
      <h3 id={`gold-${gold.promotionId}`}>{gold.title}</h3>
      {gold.coupon ? (
        <p className="my-rewards__headline">{t("rewards.haveCoupon", { month: monthName(month) })}</p>
      ) : gold.couponsLeft > 0 ? (
        <p className="my-rewards__headline">{t("rewards.moreForCoupon", { amount: amountStillDue(gold.moreForCoupon) })}</p>
      ) : (
        <p className="my-rewards__headline">{t("rewards.allTaken")}</p>
      )}
      <div className="my-rewards__bar" role="progressbar" aria-label={t("rewards.monthPurchases")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="my-rewards__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="my-rewards__small">
        {t("rewards.spent", { amount: formatMoney(gold.spent), month: monthName(month) })}
        {toNumber(gold.onTheWay) > 0 && <> · {t("rewards.onTheWay", { amount: formatMoney(gold.onTheWay) })}</>}
      </p>
      {!gold.coupon && <p className="my-rewards__small">{t("rewards.couponsLeft", { count: gold.couponsLeft })}</p>}
    </section>
  );
}

function Tally({ label, tally }) {
  const t = useT();
  return (
    <div className="my-rewards__tally">
      <strong>{tally.earned}</strong>
      <span>{label}</span>
      {tally.pending > 0 && <span className="my-rewards__small">{t("rewards.pendingTally", { count: tally.pending })}</span>}
    </div>
  );
}

export default function MyRewards() {
  const t = useT();
  const { data, loading, error } = useApi("/api/promotions/mine");
  if (loading) return <Loader />;
  if (error) return <Message variant="danger">{error}</Message>;
  const coupons = data.rewards.filter((reward) => reward.prize === "coupon");
  const others = data.rewards.filter((reward) => reward.prize !== "coupon");
  const drawn = new Map(data.draws.map((draw) => [draw.month, draw]));
  return (
    <div className="my-rewards">
      {data.gold.map((gold) => (
        <GoldProgress key={gold.promotionId} gold={gold} month={data.month} />
      ))}
      <section className="my-rewards__card" aria-labelledby="my-coins-title">
        <h3 id="my-coins-title">{t("rewards.coinsTitle")}</h3>
        <div className="my-rewards__tallies">
          <Tally label={t("rewards.silverCoinsLabel")} tally={data.coins} />
          <Tally label={t("rewards.earphonesLabel")} tally={data.earphones} />
        </div>
        {others.length > 0 && (
          <ul className="my-rewards__list">
            {others.map((reward) => (
              <li key={reward.id}>
                <span>{prizeText(reward)}</span>
                <span className="my-rewards__small">
                  {statusText(reward)}
                  {reward.orderId && (
                    <>
                      {" · "}
                      <a href={`/order/${encodeURIComponent(reward.orderId)}`}>{t("rewards.orderLink")}</a>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="my-rewards__card" aria-labelledby="my-coupons-title">
        <h3 id="my-coupons-title">{t("rewards.couponsTitle")}</h3>
        {coupons.length === 0 ? (
          <p className="my-rewards__small">{t("rewards.noCoupons")}</p>
        ) : (
          <ul className="my-rewards__list">
            {coupons.map((coupon) => {
              const draw = drawn.get(coupon.month);
              let result = t("rewards.drawLater");
              if (draw) result = draw.youWon ? t("rewards.youWon") : t("rewards.notDrawn", { winners: draw.winners, eligible: draw.eligible });
              return (
                <li key={coupon.id} className={draw?.youWon ? "my-rewards__won" : undefined}>
                  <span>{monthName(coupon.month)}</span>
                  <span className="my-rewards__small">{coupon.status === "handed_over" ? t("rewards.goldHandedOver") : result}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
