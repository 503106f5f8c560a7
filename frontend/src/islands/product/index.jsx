import productTexts from "../../i18n/product";
import shopTexts from "../../i18n/shop";
import { mountPageIsland } from "../../lib/hydrate";
import ProductPage from "./ProductPage";
import "./product.css";

mountPageIsland(document.getElementById("island"), <ProductPage />, [productTexts, shopTexts]);
