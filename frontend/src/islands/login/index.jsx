// /login and /register (shop/pages.py): one island, the form chosen by the path.
import accountTexts from "../../i18n/account";
import loginTexts from "../../i18n/login";
import { mountIsland } from "../../lib/mount";
import AuthPage from "./AuthPage";

const mode = window.location.pathname === "/register" ? "register" : "login";
mountIsland(document.getElementById("island"), <AuthPage initialMode={mode} />, [accountTexts, loginTexts]);
