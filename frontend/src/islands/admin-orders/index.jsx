import { createRoot } from "react-dom/client";
import AdminOrdersPage from "./AdminOrdersPage";
import { readListQuery } from "./pipeline";

const { page, status } = readListQuery(window.location.search);
createRoot(document.getElementById("island")).render(<AdminOrdersPage page={page} status={status} />);
