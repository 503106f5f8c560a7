// My Rewards, in the account drawer (GET /api/promotions/mine): how far the customer is from this
// month's gold-coin coupon, silver coins and earphones, coupons and the lucky draws' results.
import { formatMoney, toNumber } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import Loader from "../Loader";
import Message from "../Message";
import { monthName, prizeText, statusText } from "./rewardText";
import "./promotions.css";

function GoldProgress({ gold, month }) {
  const percent = Math.min(100, Math.round((toNumber(gold.spent) / Math.max(toNumber(gold.threshold), 1)) * 100));
  return (
    <section className="my-rewards__card my-rewards__card--gold" aria-labelledby={`gold-${gold.promotionId}`}>
      <h3 id={`gold-${gold.promotionId}`}>{gold.title}</h3>
      {gold.coupon ? (
        <p className="my-rewards__headline">You have a gold-coin coupon for {monthName(month)}.</p>
      ) : gold.couponsLeft > 0 ? (
        <p className="my-rewards__headline">{formatMoney(gold.moreForCoupon)} more this month for a gold-coin coupon</p>
      ) : (
        <p className="my-rewards__headline">This month&apos;s coupons are all taken.</p>
      )}
      <div className="my-rewards__bar" role="progressbar" aria-label="This month's purchases" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="my-rewards__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="my-rewards__small">
        {formatMoney(gold.spent)} delivered and paid in {monthName(month)}
        {toNumber(gold.onTheWay) > 0 && <> · {formatMoney(gold.onTheWay)} on the way (counts once delivered and paid)</>}
      </p>
      {!gold.coupon && <p className="my-rewards__small">{gold.couponsLeft} coupons left this month</p>}
    </section>
  );
}

function Tally({ label, tally }) {
  return (
    <div className="my-rewards__tally">
      <strong>{tally.earned}</strong>
      <span>{label}</span>
      {tally.pending > 0 && <span className="my-rewards__small">+{tally.pending} on delivery</span>}
    </div>
  );
}

export default function MyRewards() {
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
        <h3 id="my-coins-title">Silver coins and earphones</h3>
        <div className="my-rewards__tallies">
          <Tally label="silver coins" tally={data.coins} />
          <Tally label="earphones" tally={data.earphones} />
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
                      <a href={`/order/${encodeURIComponent(reward.orderId)}`}>order</a>
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="my-rewards__card" aria-labelledby="my-coupons-title">
        <h3 id="my-coupons-title">Coupons and draw results</h3>
        {coupons.length === 0 ? (
          <p className="my-rewards__small">No coupons yet.</p>
        ) : (
          <ul className="my-rewards__list">
            {coupons.map((coupon) => {
              const draw = drawn.get(coupon.month);
              let result = "Drawn after the month ends";
              if (draw) result = draw.youWon ? "You won the gold coin!" : `Not drawn this time (${draw.winners} of ${draw.eligible} coupons won)`;
              return (
                <li key={coupon.id} className={draw?.youWon ? "my-rewards__won" : undefined}>
                  <span>{monthName(coupon.month)}</span>
                  <span className="my-rewards__small">{coupon.status === "handed_over" ? "Gold coin handed over" : result}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
