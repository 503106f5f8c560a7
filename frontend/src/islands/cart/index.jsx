import { createRoot } from "react-dom/client";
import CartPage from "./CartPage";

createRoot(document.getElementById("island")).render(<CartPage />);
