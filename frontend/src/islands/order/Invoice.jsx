// The invoice (spec section 2 "Order details"): the shop's GST and food-licence (FSSAI) numbers and
// support contacts, the customer, the address, the payment method, the lines and the totals.
import { forwardRef } from "react";
import { config } from "../../lib/config";
import { formatMoney } from "../../lib/money";
import { paymentMethodLabel } from "../../lib/paymentMethods";
import { formatDate, packLabel } from "./format";

const Invoice = forwardRef(function Invoice({ order }, ref) {
  const address = order.shippingAddress ?? {};
  return (
    <article className="invoice" ref={ref} aria-label="Invoice">
      <header className="invoice__header">
        <div className="invoice__shop">
          <h2 className="invoice__shop-name">{config.storeName}</h2>
          {config.storeAddress && <p>{config.storeAddress}</p>}
          <p>GST No: {config.gstNumber}</p>
          <p>FSSAI Lic. No: {config.fssaiNumber}</p>
          <p>Phone: {config.supportPhone}</p>
          <p>Email: {config.supportEmail}</p>
        </div>
        <dl className="invoice__meta">
          <dt>Invoice No</dt>
          <dd>{order.invoiceNumber}</dd>
          <dt>Order ID</dt>
          <dd>{order._id}</dd>
          <dt>Date</dt>
          <dd>{formatDate(order.createdAt)}</dd>
        </dl>
      </header>

      <section className="invoice__parties">
        <div>
          <h3>Bill To</h3>
          <p>{order.user?.name}</p>
          <p>Phone: {order.user?.phoneNo}</p>
        </div>
        <div>
          <h3>Shipping Address</h3>
          <p>{address.street}</p>
          <p>
            {address.city} {address.postalCode}
          </p>
        </div>
        <div>
          <h3>Payment Method</h3>
          <p>{paymentMethodLabel(order.paymentMethod)}</p>
        </div>
      </section>

      <div className="table-scroll">
        <table className="table invoice__items">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Item</th>
              <th scope="col">Brand</th>
              <th scope="col">Pack</th>
              <th scope="col" className="num">Qty</th>
              <th scope="col" className="num">Price</th>
              <th scope="col" className="num">Total</th>
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
        <dt>Items</dt>
        <dd>{formatMoney(order.itemsPrice)}</dd>
        <dt>Shipping</dt>
        <dd>{formatMoney(order.shippingPrice)}</dd>
        <dt>Total</dt>
        <dd className="invoice__grand-total">{formatMoney(order.totalPrice)}</dd>
      </dl>
    </article>
  );
});

export default Invoice;
