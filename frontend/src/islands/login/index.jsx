// /login and /register (shop/pages.py): one island, the form chosen by the path.
import { mountIsland } from "../../lib/mount";
import AuthPage from "./AuthPage";

const mode = window.location.pathname === "/register" ? "register" : "login";
mountIsland(document.getElementById("island"), <AuthPage initialMode={mode} />);
