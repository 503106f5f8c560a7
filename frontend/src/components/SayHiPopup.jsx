// The Say Hi To Order popup (components/SayHi.jsx opens it): WhatsApp chat or a phone call.
// Loaded when the shopper reaches for the button.
import { config } from "../lib/config";
import { useT } from "../lib/i18n";
import { PhoneIcon, WhatsAppIcon } from "./icons";

export default function SayHiPopup() {
  const t = useT();
  return (
    <div className="say-hi" id="say-hi-popup" role="dialog" aria-label={t("sayHi.title")}>
      <p className="say-hi__title">{t("sayHi.title")}</p>
      <a className="say-hi__link say-hi__link--whatsapp" href={`https://wa.me/${config.whatsappNumber}`} target="_blank" rel="noopener noreferrer">
        <WhatsAppIcon />
        <span>{t("sayHi.whatsapp")}</span>
      </a>
      <a className="say-hi__link say-hi__link--call" href={`tel:${config.phoneNumber}`}>
        <PhoneIcon />
        <span>{t("sayHi.call", { phone: config.supportPhone })}</span>
      </a>
    </div>
  );
}
