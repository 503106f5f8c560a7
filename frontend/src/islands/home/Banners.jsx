// The home page's promotions: a carousel of offers (advancing every 3 seconds below 1024 px; a row
// of three above), the order-by-WhatsApp and order-by-phone tiles, and four category adverts.
import { useEffect, useState } from "react";
import { PhoneIcon, WhatsAppIcon } from "../../components/icons";
import { config } from "../../lib/config";
import { useNarrowerThan } from "../../lib/hooks";

export const CAROUSEL_INTERVAL_MS = 3000;
export const CAROUSEL_BELOW_PX = 1024;

const OFFERS = [
  {
    key: "gold",
    eyebrow: "Dairy Gold Coin Offer",
    title: "Win a gold coin with your dairy shopping",
    text: "1 coupon for each month's purchases above ₹3,000. First 50 people only; 4 coupons are drawn in a lucky draw.",
    href: `/category/${encodeURIComponent("EGGS & DAIRY")}`,
  },
  {
    key: "silver",
    eyebrow: "Silver Coin Offer",
    title: "A free silver coin for every ₹5,000",
    text: "Shop for ₹2,000 or more and get free earphones too.",
    href: "/category/all",
  },
  {
    key: "delivery",
    eyebrow: "Free Delivery",
    title: "Free delivery within 24 hours",
    text: "Fresh groceries at your doorstep, with no delivery charge.",
    href: "/category/all",
  },
];

const ADVERTS = [
  { category: "EGGS & DAIRY", title: "Farm-fresh eggs and dairy", tone: "cream" },
  { category: "RICE & PULSES", title: "Rice and dals for every kitchen", tone: "wheat" },
  { category: "OILS", title: "Cooking oils at honest prices", tone: "gold" },
  { category: "BUDGET FRIENDLY PACKAGES", title: "Budget friendly packages", tone: "mint" },
];

function OfferCarousel() {
  const narrow = useNarrowerThan(CAROUSEL_BELOW_PX);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!narrow || paused) return undefined;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % OFFERS.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [narrow, paused]);

  const shown = narrow ? index : 0;
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
        {OFFERS.map((offer, position) => (
          <a
            key={offer.key}
            href={offer.href}
            className={`offer offer--${offer.key}`}
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${OFFERS.length}: ${offer.eyebrow}`}
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
          {OFFERS.map((offer, position) => (
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
  return (
    <div className="banners">
      <OfferCarousel />
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
