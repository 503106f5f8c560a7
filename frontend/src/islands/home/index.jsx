import { mountIsland } from "../../lib/mount";
import Home from "./Home";
import "./home.css";

mountIsland(document.getElementById("island"), <Home />);
