import { createRoot } from "react-dom/client";
import ProductPage from "./ProductPage";
import "./product.css";

createRoot(document.getElementById("island")).render(<ProductPage />);
