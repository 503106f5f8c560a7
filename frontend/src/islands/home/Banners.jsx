// The home page's promotions: a carousel of offers (advancing every 3 seconds below 1024 px; a row
// of three above), the order-by-WhatsApp and order-by-phone tiles, and four category adverts.
// The gold and silver offers come from the server's active promotions (GET /api/promotions: staff
// edit them in Django admin, and the gold one says how many coupons are left this month); the
// built-in texts below show while they load, if they cannot load, and when none is active.
import { useEffect, useState } from "react";
import { PhoneIcon, WhatsAppIcon } from "../../components/icons";
import { config } from "../../lib/config";
import { useNarrowerThan } from "../../lib/hooks";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";

export const CAROUSEL_INTERVAL_MS = 3000;
export const CAROUSEL_BELOW_PX = 1024;

const DAIRY_HREF = `/category/${encodeURIComponent("EGGS & DAIRY")}`;

export const BUILT_IN_OFFERS = [
  {
    key: "gold",
    eyebrow: "Dairy Gold Coin Offer",
    title: "Win a gold coin with your dairy shopping",
    text: "1 coupon for each month's purchases above ₹3,000. First 50 people only; 4 coupons are drawn in a lucky draw.",
    href: DAIRY_HREF,
  },
  {
    key: "silver",
    eyebrow: "Silver Coin Offer",
    title: "A free silver coin for every ₹5,000",
    text: "Shop for ₹2,000 or more and get free earphones too.",
    href: "/category/all",
  },
];

const DELIVERY_OFFER = {
    key: "delivery",
    eyebrow: "Free Delivery",
    title: "Free delivery within 24 hours",
    text: "Fresh groceries at your doorstep, with no delivery charge.",
    href: "/category/all",
};

function goldTitle(promotion) {
  if (promotion.couponsLeft === 0) return `All ${promotion.monthlyCap} coupons are taken this month`;
  return `Win a gold coin: ${promotion.couponsLeft} of ${promotion.monthlyCap} coupons left this month`;
}

/** The banners for the server's active promotions; the built-in ones when there are none. */
export function offersFrom(promotions) {
  const offers = (Array.isArray(promotions) ? promotions : []).map((promotion) =>
    promotion.kind === "gold_coupon"
      ? { key: `gold-${promotion.id}`, tone: "gold", eyebrow: promotion.title, title: goldTitle(promotion), text: promotion.description, image: promotion.image, href: DAIRY_HREF }
      : {
          key: `silver-${promotion.id}`,
          tone: "silver",
          eyebrow: promotion.title,
          title: `A free silver coin for every ${formatMoney(promotion.coinStep)}`,
          text: promotion.description,
          image: promotion.image,
          href: "/category/all",
        },
  );
  return [...(offers.length ? offers : BUILT_IN_OFFERS), DELIVERY_OFFER];
}

function offerStyle(image) {
  return image ? { backgroundImage: `linear-gradient(rgb(0 0 0 / 40%), rgb(0 0 0 / 40%)), url(${JSON.stringify(image)})`, backgroundSize: "cover", backgroundPosition: "center" } : undefined;
}

const ADVERTS = [
  { category: "EGGS & DAIRY", title: "Farm-fresh eggs and dairy", tone: "cream" },
  { category: "RICE & PULSES", title: "Rice and dals for every kitchen", tone: "wheat" },
  { category: "OILS", title: "Cooking oils at honest prices", tone: "gold" },
  { category: "BUDGET FRIENDLY PACKAGES", title: "Budget friendly packages", tone: "mint" },
];

function OfferCarousel({ offers }) {
  const narrow = useNarrowerThan(CAROUSEL_BELOW_PX);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!narrow || paused) return undefined;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % offers.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [narrow, paused, offers.length]);

  const shown = narrow ? index % offers.length : 0;
  return (
    <section
      className="offers"
      aria-roledescription="carousel"
      aria-label="Offers"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="offers__track" style={narrow ? { transform: `translateX(-${shown * 100}%)` } : undefined}>
        {offers.map((offer, position) => (
          <a
            key={offer.key}
            href={offer.href}
            className={`offer offer--${offer.tone ?? offer.key}`}
            style={offerStyle(offer.image)}
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${offers.length}: ${offer.eyebrow}`}
            aria-hidden={narrow && position !== shown ? "true" : undefined}
            tabIndex={narrow && position !== shown ? -1 : undefined}
            data-testid="offer"
          >
            <span className="offer__eyebrow">{offer.eyebrow}</span>
            <strong className="offer__title">{offer.title}</strong>
            <span className="offer__text">{offer.text}</span>
          </a>
        ))}
      </div>
      {narrow && (
        <div className="offers__dots">
          {offers.map((offer, position) => (
            <button
              key={offer.key}
              type="button"
              className="offers__dot"
              aria-label={`Show offer ${position + 1}`}
              aria-current={position === shown ? "true" : undefined}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

export default function Banners() {
  const { data: promotions } = useApi("/api/promotions");
  return (
    <div className="banners">
      <OfferCarousel offers={offersFrom(promotions)} />
      <div className="order-tiles">
        <a className="order-tile order-tile--whatsapp" href={`https://wa.me/${config.whatsappNumber}`} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon />
          <span>
            <strong>Order on WhatsApp</strong>
            <span>Send us your list, we deliver</span>
          </span>
        </a>
        <a className="order-tile order-tile--phone" href={`tel:${config.phoneNumber}`}>
          <PhoneIcon />
          <span>
            <strong>Order by phone</strong>
            <span>{config.phoneNumber}</span>
          </span>
        </a>
      </div>
      <div className="adverts">
        {ADVERTS.map((advert) => (
          <a key={advert.category} className={`advert advert--${advert.tone}`} href={`/category/${encodeURIComponent(advert.category)}`}>
            <strong>{advert.title}</strong>
            <span className="advert__cta">Shop now</span>
          </a>
        ))}
      </div>
    </div>
  );
}
