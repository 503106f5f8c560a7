import { createRoot } from "react-dom/client";
import AuthPage from "../../components/account/AuthPage";

createRoot(document.getElementById("island")).render(<AuthPage initialMode="login" />);
