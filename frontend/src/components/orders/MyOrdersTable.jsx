// My Orders (spec section 2): Date, Status ('Paid' badge or 'Pay'), Actions ('Details'), Total.
import { useEffect, useState } from "react";
import { api, errorMessage } from "../../lib/api";
import { formatMoney } from "../../lib/money";
import Loader from "../Loader";
import Message from "../Message";

export default function MyOrdersTable() {
  const [state, setState] = useState({ loading: true, error: "", orders: [] });
  useEffect(() => {
    const controller = new AbortController();
    api("/api/orders/mine", { signal: controller.signal })
      .then((orders) => setState({ loading: false, error: "", orders }))
      .catch((error) => error.name !== "AbortError" && setState({ loading: false, error: errorMessage(error), orders: [] }));
    return () => controller.abort();
  }, []);
  if (state.loading) return <Loader />;
  if (state.error) return <Message variant="danger">{state.error}</Message>;
  return (
    <table className="table">
      <thead>
        <tr><th>Date</th><th>Status</th><th>Actions</th><th>Total</th></tr>
      </thead>
      <tbody>
        {state.orders.map((order) => (
          <tr key={order._id}>
            <td>{order.createdAt.substring(0, 10)}</td>
            <td>{order.isPaid ? <span className="badge badge--success">Paid</span> : <a className="btn btn--small" href={`/order/${order._id}`}>Pay</a>}</td>
            <td><a href={`/order/${order._id}`}>Details</a></td>
            <td>{formatMoney(order.totalPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
