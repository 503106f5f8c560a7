// The shopper islands rendered to HTML on the server (issue 34): the same components the browser
// hydrates (lib/mount.js), so each piece of markup has one owner. webpack builds this file for
// Node into frontend/build/ssr/islands.js; frontend/ssr/server.mjs serves it to Django
// (shop/ssr.py), which writes the HTML into the island's node.
//
// A render is given what the page carries: the island's name, the page's path and query, its
// language, the shop's public config (<script id="shop-config">) and its preloaded answers
// (shop/preload.py). It knows nothing of the shopper (no cart,
// no login: the browser's own state comes right after hydration), so one rendering serves every
// visitor of the same page in the same language.
import { PassThrough } from "node:stream";
import { prerenderToNodeStream } from "react-dom/static";
import cartTe from "../src/i18n/te/cart.json";
import chromeTe from "../src/i18n/te/chrome.json";
import homeTe from "../src/i18n/te/home.json";
import notifyTe from "../src/i18n/te/notify.json";
import productTe from "../src/i18n/te/product.json";
import shopTe from "../src/i18n/te/shop.json";
import cartTexts from "../src/i18n/cart";
import homeTexts from "../src/i18n/home";
import notifyTexts from "../src/i18n/notify";
import productTexts from "../src/i18n/product";
import shopTexts from "../src/i18n/shop";
import ProductCard from "../src/components/ProductCard";
import CartPage from "../src/islands/cart/CartPage";
import Category from "../src/islands/category/Category";
import Home from "../src/islands/home/Home";
import ProductPage from "../src/islands/product/ProductPage";
import Search from "../src/islands/search/Search";
import { setConfig } from "../src/lib/config";
import { loadTexts, showForServer } from "../src/lib/i18n";
import { setPreloaded } from "../src/lib/preloaded";

// The English texts of every island below, loaded once while English is shown (synchronously).
loadTexts([homeTexts, shopTexts, notifyTexts, productTexts, cartTexts]);
const TELUGU = { ...chromeTe, ...shopTe, ...homeTe, ...notifyTe, ...productTe, ...cartTe };

export const ISLANDS = {
  home: ({ path }) => <Home path={path} />,
  category: ({ path }) => <Category pathname={path} />,
  search: ({ path, search }) => <Search location={{ pathname: path, search }} />,
  product: ({ path, search }) => <ProductPage location={{ pathname: path, search }} />,
  // The frame only: the server knows no shopper's cart (islands/cart/CartPage.jsx).
  cart: () => <CartPage />,
};

function collect(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    stream.on("error", reject);
  });
}

// The language and the preloaded answers are the modules' state for one render: renders take
// turns (each takes a few milliseconds; a part loaded on demand resolves within the bundle).
let turn = Promise.resolve();

/** `element` to HTML with every part in its place: a part written apart comes with an inline script
 * that moves it, which the page's CSP refuses. Should a part met for the first time in this process
 * (React.lazy) still come apart, the render is done again with it loaded. `preload`: the page's
 * answers (lib/preloaded). */
async function markup(element, preload = {}) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const failures = [];
    setPreloaded(preload); // each answer is taken once per render
    // Every part in place, however large (React writes a large part apart by default, to be moved
    // into place by a script).
    const options = { onError: (error) => failures.push(error), progressiveChunkSize: Infinity };
    const { prelude } = await prerenderToNodeStream(element, options);
    // A part that failed would be drawn by the browser: the render fails instead, and the page is
    // served without it (shop/ssr.py).
    if (failures.length) throw failures[0];
    const html = await collect(prelude.pipe(new PassThrough()));
    if (!html.includes("<script")) return html;
  }
  throw new Error("parts of the island still come apart after three renders");
}

/** The island's HTML for `page` ({island, path, search, language, config, preload}), or null for an island not rendered here. */
export function render(page) {
  const island = ISLANDS[page.island];
  if (!island) return Promise.resolve(null);
  const result = turn.then(() => {
    showForServer(page.language, page.language === "te" ? TELUGU : {});
    setConfig(page.config);
    return markup(island({ path: page.path ?? "/", search: page.search ?? "" }), page.preload ?? {});
  });
  turn = result.catch(() => undefined);
  return result;
}

/** One product card's HTML, for the test that holds the server's card equal to the browser's
 * (frontend/src/components/ProductCard.ssr.test.jsx). */
export function renderCard(props, { language = "en" } = {}) {
  const result = turn.then(async () => {
    showForServer(language, language === "te" ? TELUGU : {});
    return markup(<ProductCard {...props} />);
  });
  turn = result.catch(() => undefined);
  return result;
}
