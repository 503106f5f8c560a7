// My Orders (spec section 2). In the account drawer: Date (first 10 characters of createdAt),
// Status ('Paid' badge or 'Pay' button), Actions ('Details'), Total. On /profile
// (variant="profile"): ID, date, total, paid, delivered and a details link.
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import Loader from "../Loader";
import PayButton from "./PayButton";
import Message from "../Message";
import "./orders-ui.css";

const day = (iso) => (iso ? String(iso).substring(0, 10) : "");

function Cross() {
  return (
    <span className="status-no" role="img" aria-label="No">
      ✗
    </span>
  );
}

function DrawerRows({ orders }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <td>{day(order.createdAt)}</td>
            <td>
              {order.isPaid ? (
                <span className="badge badge--success">Paid</span>
              ) : (
                !order.isCancelled && <PayButton order={order} />
              )}
            </td>
            <td>
              <a href={`/order/${order._id}`}>Details</a>
            </td>
            <td>{formatMoney(order.totalPrice)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ProfileRows({ orders }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Date</th>
          <th scope="col">Total</th>
          <th scope="col">Paid</th>
          <th scope="col">Delivered</th>
          <th scope="col">
            <span className="visually-hidden">Details</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <td className="orders-table__id">{order._id}</td>
            <td>{day(order.createdAt)}</td>
            <td>{formatMoney(order.totalPrice)}</td>
            <td>{order.isPaid ? day(order.paidAt) : <Cross />}</td>
            <td>{order.isDelivered ? day(order.deliveredAt) : <Cross />}</td>
            <td>
              <a className="btn btn--small" href={`/order/${order._id}`}>
                Details
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function MyOrdersTable({ variant = "drawer" }) {
  const { data, loading, error } = useApi("/api/orders/mine");
  const orders = Array.isArray(data) ? data : [];

  if (loading) return <Loader />;
  if (error) return <Message variant="danger">{error}</Message>;
  if (orders.length === 0) return <Message variant="info">You have no orders yet.</Message>;
  const Rows = variant === "profile" ? ProfileRows : DrawerRows;
  return (
    <div className={`orders-table orders-table--${variant} table-scroll`}>
      <Rows orders={orders} />
    </div>
  );
}
