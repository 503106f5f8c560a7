// One card per brand variant of a product (spec "Product card"): pick a pack size, add it, then
// step the pack count within the server's card limit (config packLimits.card); minus at 1 takes
// the line out of the cart.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { addToCart, findLine, getCart, removeFromCart, setQty, useCart } from "../lib/cart";
import { packLimit } from "../lib/config";
import { textsLoaded, useLanguage, useT } from "../lib/i18n";
import { formatMoney, toNumber } from "../lib/money";
import {
  allowedPackCount,
  cartItemFor,
  cardImage,
  inStock,
  packLabel,
  pickedFor,
  productHref,
  productTitle,
  samePackSize,
} from "../lib/product";
import EnglishName from "./EnglishName";
import UnitPrice from "./UnitPrice";

// "Notify me" and its texts come only where a pack is out of stock.
const NotifyMeButton = lazy(() => import(/* webpackChunkName: "notify-me" */ "./NotifyMeButton").then(textsLoaded));

function initialPack(product, detail, cart, picked) {
  const packs = detail.financials;
  // A search that named a size ('sugar 5 kg') chooses that pack, in this brand too when it has one.
  const { pack: named } = pickedFor(product, picked);
  const sized = named && packs.find((pack) => samePackSize(pack, named.quantity, named.units));
  const inCart = packs.find((pack) => findLine(cart, cartItemFor(product, detail, pack)));
  return (sized || inCart || packs.find(inStock) || packs[0])._id;
}

// `heading` is the level of the card's title, one below the heading of the list it is in; `picked`
// is a search's pick for the product (its answer's `picked[product._id]`).
export default function ProductCard({ product, detail, eager = false, heading = 3, picked = null }) {
  const Title = `h${heading}`;
  const t = useT();
  const language = useLanguage();
  const cart = useCart();
  const packs = detail.financials;
  // The pack in the cart is chosen from the cart the render sees: hydrating a page the server
  // rendered, that is the server's empty cart (the markup matches); this browser's cart then
  // chooses it once the card is on the page.
  const [packId, setPackId] = useState(() => initialPack(product, detail, cart, picked));
  useEffect(() => {
    setPackId(initialPack(product, detail, getCart(), picked));
    // Once, as the card arrives: afterwards the shopper's choice stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const imageRef = useRef(null);
  const pack = packs.find((candidate) => candidate._id === packId) ?? packs[0];
  const item = cartItemFor(product, detail, pack);
  const qty = findLine(cart, item)?.qty ?? 0;
  const { title, english } = productTitle(detail.brand, product, language);
  const href = productHref(product.slug, { brand: detail.brand, pack, qty: qty || 1 });
  const discount = toNumber(pack.Discount);

  const add = () => {
    addToCart(item);
    // The flourish's code comes at the first tap (a chunk of its own).
    const image = imageRef.current;
    import(/* webpackChunkName: "fly-to-cart" */ "../lib/flyToCart").then(({ flyToCart }) => flyToCart(image));
  };
  const step = (next) => {
    if (next === 0) removeFromCart(item);
    else if (allowedPackCount("card", next)) setQty(item, next);
  };

  return (
    <article className="product-card">
      <a className="product-card__media" href={href} tabIndex={-1} aria-hidden="true">
        {discount > 0 && <span className="product-card__badge">{t("card.off", { discount })}</span>}
        <img
          ref={imageRef}
          src={cardImage(product, detail)}
          alt=""
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          width="160"
          height="160"
        />
      </a>
      <Title className="product-card__title">
        <a href={href}>{title}</a>
      </Title>
      <EnglishName name={english} className="product-card__english" as="p" />
      <div className="product-card__sizes" role="group" aria-label={t("card.packSize")}>
        {packs.map((candidate) => (
          <button
            key={candidate._id}
            type="button"
            className="size-button"
            aria-pressed={candidate._id === pack._id}
            onClick={() => setPackId(candidate._id)}
          >
            {packLabel(candidate)}
          </button>
        ))}
      </div>
      <p className="product-card__price">
        {discount > 0 && <s className="price-mrp"><span className="visually-hidden">{t("card.mrp")}</span>{formatMoney(pack.price)}</s>}
        <strong className="price-now">{formatMoney(pack.dprice)}</strong>
      </p>
      <UnitPrice pack={pack} className="product-card__unit-price" />
      <div className="product-card__actions">
        {qty > 0 ? (
          <div className="stepper" role="group" aria-label={t("card.packsInCart", { title, pack: packLabel(pack) })}>
            <button type="button" className="stepper__button" aria-label={t("card.removeOne")} onClick={() => step(qty - 1)}>
              −
            </button>
            <span className="stepper__count" aria-live="polite">{qty}</span>
            <button
              type="button"
              className="stepper__button"
              aria-label={t("card.addOne")}
              disabled={qty >= packLimit("card").max || !inStock(pack)}
              onClick={() => step(qty + 1)}
            >
              +
            </button>
          </div>
        ) : inStock(pack) ? (
          <button type="button" className="btn btn--primary btn--block" onClick={add} aria-label={t("card.addToCartLabel", { title, pack: packLabel(pack) })}>
            {t("card.addToCart")}
          </button>
        ) : (
          <>
            <p className="product-card__sold-out">{t("card.outOfStock")}</p>
            <Suspense fallback={null}>
              <NotifyMeButton pack={pack} title={title} />
            </Suspense>
          </>
        )}
      </div>
      {/* Its line is kept while empty, so a card showing "3x Packs" is no taller than its row's
          others and their prices and buttons stay level (issue 45; catalog.css). */}
      <p className="product-card__packs" aria-hidden={qty > 1 ? undefined : "true"}>
        {qty > 1 && (
          <>
            {t("card.packs", { qty })}
            <strong>{formatMoney(toNumber(pack.dprice) * qty)}</strong>
          </>
        )}
      </p>
    </article>
  );
}
