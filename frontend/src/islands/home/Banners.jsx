// The home page's promotions: a carousel of offers (advancing every 3 seconds below 1024 px; a row
// of three above), the order-by-WhatsApp and order-by-phone tiles, and four category adverts.
// The gold and silver offers come from the server's active promotions (GET /api/promotions: staff
// edit them in Django admin, and the gold one says how many coupons are left this month); the
// built-in texts below show while they load, if they cannot load, and when none is active.
import { useEffect, useState } from "react";
import { PhoneIcon, WhatsAppIcon } from "../../components/icons";
import { config } from "../../lib/config";
import { useNarrowerThan } from "../../lib/media";
import { getLanguage, t, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useApi } from "../../lib/useApi";

export const CAROUSEL_INTERVAL_MS = 3000;
export const CAROUSEL_BELOW_PX = 1024;

const DAIRY_HREF = `/category/${encodeURIComponent("EGGS & DAIRY")}`;

// The built-in banners' texts are catalog keys (lib/i18n.js), translated by offersFrom.
export const BUILT_IN_OFFERS = [
  { key: "gold", eyebrow: "offers.gold.eyebrow", title: "offers.gold.title", text: "offers.gold.text", href: DAIRY_HREF },
  { key: "silver", eyebrow: "offers.silver.eyebrow", title: "offers.silver.title", text: "offers.silver.text", href: "/category/all" },
];

const DELIVERY_OFFER = {
  key: "delivery",
  eyebrow: "offers.delivery.eyebrow",
  title: "offers.delivery.title",
  text: "offers.delivery.text",
  href: "/category/all",
};

const translated = (offer, translate) => ({ ...offer, eyebrow: translate(offer.eyebrow), title: translate(offer.title), text: translate(offer.text) });

function goldTitle(promotion, translate) {
  if (promotion.couponsLeft === 0) return translate("offers.gold.allTaken", { cap: promotion.monthlyCap });
  return translate("offers.gold.left", { left: promotion.couponsLeft, cap: promotion.monthlyCap });
}

/**
 * A promotion's eyebrow and body in the shown language: in Telugu the staff's Telugu words
 * (`titleTe`, `descriptionTe`), or the shop's own Telugu text for the offer when they left them
 * empty, never the English under a Telugu headline.
 */
function staffWords(promotion, translate, language) {
  if (language !== "te") return { eyebrow: promotion.title, text: promotion.description };
  const tone = promotion.kind === "gold_coupon" ? "gold" : "silver";
  return {
    eyebrow: promotion.titleTe?.trim() || translate(`offers.${tone}.eyebrow`),
    text: promotion.descriptionTe?.trim() || translate(`offers.${tone}.text`),
  };
}

/**
 * The banners for the server's active promotions (their titles and descriptions are the staff's
 * own words); the built-in ones when there are none. `translate` is the shown language's t.
 */
export function offersFrom(promotions, translate = t, language = getLanguage()) {
  const offers = (Array.isArray(promotions) ? promotions : []).map((promotion) => {
    const words = staffWords(promotion, translate, language);
    return promotion.kind === "gold_coupon"
      ? { key: `gold-${promotion.id}`, tone: "gold", ...words, title: goldTitle(promotion, translate), image: promotion.image, href: DAIRY_HREF }
      : {
          key: `silver-${promotion.id}`,
          tone: "silver",
          ...words,
          title: translate("offers.silver.titleFor", { amount: formatMoney(promotion.coinStep) }),
          image: promotion.image,
          href: "/category/all",
        };
  });
  const builtIn = [...(offers.length ? [] : BUILT_IN_OFFERS), DELIVERY_OFFER].map((offer) => translated(offer, translate));
  return [...offers, ...builtIn];
}

function offerStyle(image) {
  return image ? { backgroundImage: `linear-gradient(rgb(0 0 0 / 40%), rgb(0 0 0 / 40%)), url(${JSON.stringify(image)})`, backgroundSize: "cover", backgroundPosition: "center" } : undefined;
}

const ADVERTS = [
  { category: "EGGS & DAIRY", title: "adverts.dairy", tone: "cream" },
  { category: "RICE & PULSES", title: "adverts.rice", tone: "wheat" },
  { category: "OILS", title: "adverts.oils", tone: "gold" },
  { category: "BUDGET FRIENDLY PACKAGES", title: "adverts.budget", tone: "mint" },
];

function OfferCarousel({ offers }) {
  const t = useT();
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
      aria-label={t("offers.label")}
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
            aria-hidden={narrow && position !== shown ? "true" : undefined}
            tabIndex={narrow && position !== shown ? -1 : undefined}
            data-testid="offer"
          >
            {/* The slide's place in words, inside the link: an aria-label would hide the visible text from its name. */}
            <span className="visually-hidden">{t("offers.slide", { n: position + 1, count: offers.length })} </span>
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
              aria-label={t("offers.show", { n: position + 1 })}
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
  const t = useT();
  const { data: promotions } = useApi("/api/promotions");
  return (
    <div className="banners">
      <OfferCarousel offers={offersFrom(promotions, t)} />
      <div className="order-tiles">
        <a className="order-tile order-tile--whatsapp" href={`https://wa.me/${config.whatsappNumber}`} target="_blank" rel="noopener noreferrer">
          <WhatsAppIcon />
          <span>
            <strong>{t("orderTiles.whatsapp")}</strong>
            <span>{t("orderTiles.whatsappText")}</span>
          </span>
        </a>
        <a className="order-tile order-tile--phone" href={`tel:${config.phoneNumber}`}>
          <PhoneIcon />
          <span>
            <strong>{t("orderTiles.phone")}</strong>
            <span>{config.supportPhone}</span>
          </span>
        </a>
      </div>
      <div className="adverts">
        {ADVERTS.map((advert) => (
          <a key={advert.category} className={`advert advert--${advert.tone}`} href={`/category/${encodeURIComponent(advert.category)}`}>
            <strong>{t(advert.title)}</strong>
            <span className="advert__cta">{t("adverts.shopNow")}</span>
          </a>
        ))}
      </div>
    </div>
  );
}
