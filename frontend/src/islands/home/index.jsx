import homeTexts from "../../i18n/home";
import shopTexts from "../../i18n/shop";
import { mountPageIsland } from "../../lib/hydrate";
import Home from "./Home";
import "./home.css";

mountPageIsland(document.getElementById("island"), <Home />, [homeTexts, shopTexts]);
