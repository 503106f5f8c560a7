import { createRoot } from "react-dom/client";
import PaymentSuccess from "./PaymentSuccess";

createRoot(document.getElementById("island")).render(<PaymentSuccess />);
