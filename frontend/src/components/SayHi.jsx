// The live part of the phone's fixed bottom bar. The bar itself (Home, Say Hi To Order, SMLR
// Products, Budget Friendly) is written once, in templates/base.html; without JavaScript, Say Hi
// is a WhatsApp link. The chrome island mounts this popup button in its place: WhatsApp chat or
// a phone call.
import { useRef } from "react";
import { config } from "../lib/config";
import { useDropdown } from "../lib/dropdowns";
import { useOutsideClick } from "../lib/hooks";
import { useT } from "../lib/i18n";
import { ChatIcon, PhoneIcon, WhatsAppIcon } from "./icons";

export default function SayHi() {
  const t = useT();
  const [isOpen, , close, toggle] = useDropdown("say-hi");
  const ref = useRef(null);
  useOutsideClick(ref, close, isOpen);
  return (
    <div className="bottom-bar__say-hi" ref={ref}>
      <button type="button" className="bottom-bar__item" aria-expanded={isOpen} aria-controls="say-hi-popup" onClick={toggle}>
        <ChatIcon />
        <span>{t("sayHi.button")}</span>
      </button>
      {isOpen && (
        <div className="say-hi" id="say-hi-popup" role="dialog" aria-label={t("sayHi.title")}>
          <p className="say-hi__title">{t("sayHi.title")}</p>
          <a className="say-hi__link say-hi__link--whatsapp" href={`https://wa.me/${config.whatsappNumber}`} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon />
            <span>{t("sayHi.whatsapp")}</span>
          </a>
          <a className="say-hi__link say-hi__link--call" href={`tel:${config.phoneNumber}`}>
            <PhoneIcon />
            <span>{t("sayHi.call", { phone: config.phoneNumber })}</span>
          </a>
        </div>
      )}
    </div>
  );
}
