// The side column's parts loaded once the order is shown, in one chunk with their texts: the
// after-sale part (Cancel order, store credit used, refunds, credit notes: nothing for most
// orders) and the rewards the order earns (none once cancelled). One lazy part rather than two
// keeps the page's own code within its weight (bench/frontend_weight.py).
import OrderRewards, { texts as rewardsTexts } from "../../components/promotions/OrderRewards";
import AfterSale, { texts as afterSaleTexts } from "./AfterSale";

export const texts = [...rewardsTexts, ...afterSaleTexts];

export default function Extras({ order, onCancelled }) {
  return (
    <>
      <AfterSale order={order} onCancelled={onCancelled} />
      {!order.isCancelled && <OrderRewards orderId={order._id} />}
    </>
  );
}
