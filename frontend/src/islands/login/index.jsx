// /login and /register (shop/pages.py): one island, the form chosen by the path.
import { createRoot } from "react-dom/client";
import AuthPage from "./AuthPage";

const mode = window.location.pathname === "/register" ? "register" : "login";
createRoot(document.getElementById("island")).render(<AuthPage initialMode={mode} />);
