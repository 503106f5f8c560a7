import homeTexts from "../../i18n/home";
import shopTexts from "../../i18n/shop";
import { mountIsland } from "../../lib/mount";
import Home from "./Home";
import "./home.css";

mountIsland(document.getElementById("island"), <Home />, [homeTexts, shopTexts]);
