// Featured Categories: five products of each featured category, in the categories' sequence. Each
// row's cards are rendered only when the row comes near the viewport (the heading and its link
// are there at once): 23 rows of cards are thousands of elements a phone would otherwise build
// before the shopper can tap anything. The room a row will take is reserved (home.css), so
// nothing below it moves when its cards appear.
//
// The page carries the featured categories without their products (shop/pages.py: the first screen
// shows only the category grid): then the whole answer is fetched when the first row comes near.
import { useRef, useState } from "react";
import Message from "../../components/Message";
import ProductGrid from "../../components/ProductGrid";
import { useInView } from "../../lib/hooks";
import { localName, useLanguage, useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import { categoryHref } from "./CategoryGrid";

// How far below the viewport a row starts rendering, so that it is ready before it is seen.
export const ROW_RENDER_MARGIN = "0px 0px 600px 0px";

export const FEATURED_PATH = "/api/products/featured";

function FeaturedRow({ category, products, onNear }) {
  const t = useT();
  const language = useLanguage();
  // Without IntersectionObserver (an old browser) every row renders at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  const ref = useRef(null);
  useInView(
    ref,
    () => {
      setNear(true);
      onNear();
    },
    { rootMargin: ROW_RENDER_MARGIN, enabled: !near },
  );
  return (
    <section className="featured" aria-label={localName(category, language).primary} ref={ref}>
      <div className="section__title">
        <h3>{localName(category, language).primary}</h3>
        <a href={categoryHref(category.name)}>{t("home.viewAll")}</a>
      </div>
      {near && products ? <ProductGrid products={products} row /> : <div className="featured__room" data-testid="featured-room" />}
    </section>
  );
}

export default function FeaturedCategories({ categories }) {
  const t = useT();
  const partial = categories.some((category) => category.products === undefined);
  const [wanted, setWanted] = useState(false);
  const whole = useApi(partial && wanted ? FEATURED_PATH : null);
  const productsOf = new Map((partial ? (whole.data?.categories ?? []) : categories).map((c) => [c.key, c.products]));
  // Until the whole answer is here, every category keeps its row's room.
  const shown = partial && !whole.data ? categories : categories.filter((category) => productsOf.get(category.key)?.length);
  if (!shown.length) return null;
  return (
    <section className="section" aria-labelledby="featured-heading">
      <h2 id="featured-heading">{t("home.featured")}</h2>
      {whole.error && <Message variant="danger">{whole.error}</Message>}
      {shown.map((category) => (
        <FeaturedRow key={category.key} category={category} products={productsOf.get(category.key)} onNear={() => setWanted(true)} />
      ))}
    </section>
  );
}
