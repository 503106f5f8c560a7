// The body of an admin list screen (users, products, orders): the spinner on the first load, the
// server's error, an 'empty' message, or the table in its scrolling frame.
import Loader from "../Loader";
import Message from "../Message";

export default function AdminList({ list, rows, empty, children }) {
  if (list.loading && !list.data) return <Loader />;
  if (list.error) return <Message variant="danger">{list.error}</Message>;
  if (rows.length === 0) return <Message variant="info">{empty}</Message>;
  return <div className="table-scroll">{children}</div>;
}
