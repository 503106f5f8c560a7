import { createRoot } from "react-dom/client";
import AdminProductsPage, { readProductListQuery } from "./AdminProductsPage";

const island = document.getElementById("island");
const query = readProductListQuery(window.location.search);
createRoot(island).render(<AdminProductsPage page={Math.max(1, Number(island.dataset.pageNumber) || 1)} {...query} />);
