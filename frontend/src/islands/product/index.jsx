import { mountIsland } from "../../lib/mount";
import ProductPage from "./ProductPage";
import "./product.css";

mountIsland(document.getElementById("island"), <ProductPage />);
