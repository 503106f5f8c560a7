// The invoice (spec section 2 "Order details"): the shop's GST and food-licence (FSSAI) numbers and
// support contacts, the customer, the address, the payment method, the lines and the totals.
import { forwardRef } from "react";
import { config } from "../../lib/config";
import { useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { paymentMethodLabel } from "../../lib/paymentMethods";
import { formatDate, packLabel } from "./format";

const Invoice = forwardRef(function Invoice({ order }, ref) {
  const t = useT();
  const address = order.shippingAddress ?? {};
  return (
    <article className="invoice" ref={ref} aria-label={t("invoice.label")}>
      <header className="invoice__header">
        <div className="invoice__shop">
          <h2 className="invoice__shop-name">{config.storeName}</h2>
          {config.storeAddress && <p>{config.storeAddress}</p>}
          <p>{t("invoice.gst", { number: config.gstNumber })}</p>
          <p>{t("invoice.fssai", { number: config.fssaiNumber })}</p>
          <p>{t("invoice.phone", { phone: config.supportPhone })}</p>
          <p>{t("invoice.email", { email: config.supportEmail })}</p>
        </div>
        <dl className="invoice__meta">
          <dt>{t("invoice.number")}</dt>
          <dd>{order.invoiceNumber}</dd>
          <dt>{t("invoice.orderId")}</dt>
          <dd>{order._id}</dd>
          <dt>{t("orders.date")}</dt>
          <dd>{formatDate(order.createdAt)}</dd>
        </dl>
      </header>

      <section className="invoice__parties">
        <div>
          <h3>{t("invoice.billTo")}</h3>
          <p>{order.user?.name}</p>
          <p>{t("invoice.phone", { phone: order.user?.phoneNo ?? "" })}</p>
        </div>
        <div>
          <h3>{t("invoice.shippingAddress")}</h3>
          <p>{address.street}</p>
          <p>
            {address.city} {address.postalCode}
          </p>
        </div>
        <div>
          <h3>{t("payment.title")}</h3>
          <p>{paymentMethodLabel(order.paymentMethod)}</p>
        </div>
      </section>

      <div className="table-scroll">
        <table className="table invoice__items">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("invoice.item")}</th>
              <th scope="col">{t("product.brand")}</th>
              <th scope="col">{t("invoice.pack")}</th>
              <th scope="col" className="num">{t("invoice.qty")}</th>
              <th scope="col" className="num">{t("invoice.price")}</th>
              <th scope="col" className="num">{t("orders.total")}</th>
            </tr>
          </thead>
          <tbody>
            {order.orderItems.map((item, index) => (
              <tr key={item.financialId ?? index}>
                <td>{index + 1}</td>
                <td className="invoice__item-name">{item.name}</td>
                <td>{item.brand}</td>
                <td>{packLabel(item)}</td>
                <td className="num">{item.qty}</td>
                <td className="num">{formatMoney(item.price)}</td>
                <td className="num">{formatMoney(item.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="invoice__totals">
        <dt>{t("placeOrder.itemsPrice")}</dt>
        <dd>{formatMoney(order.itemsPrice)}</dd>
        <dt>{t("placeOrder.shippingPrice")}</dt>
        <dd>{formatMoney(order.shippingPrice)}</dd>
        <dt>{t("orders.total")}</dt>
        <dd className="invoice__grand-total">{formatMoney(order.totalPrice)}</dd>
      </dl>
    </article>
  );
});

export default Invoice;
