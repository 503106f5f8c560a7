// The phone's fixed bottom bar: Home, Say Hi To Order (WhatsApp chat and phone call), SMLR
// Products (Eggs & Dairy) and Budget Friendly packages.
import { useRef } from "react";
import { config } from "../lib/config";
import { useDropdown } from "../lib/dropdowns";
import { useOutsideClick } from "../lib/hooks";
import { ChatIcon, EggIcon, HomeIcon, PhoneIcon, TagIcon, WhatsAppIcon } from "./icons";

export const SMLR_PRODUCTS_HREF = `/category/${encodeURIComponent("EGGS & DAIRY")}`;
export const BUDGET_FRIENDLY_HREF = `/category/${encodeURIComponent("BUDGET FRIENDLY PACKAGES")}`;

function SayHi() {
  const [isOpen, , close, toggle] = useDropdown("say-hi");
  const ref = useRef(null);
  useOutsideClick(ref, close, isOpen);
  return (
    <div className="bottom-bar__say-hi" ref={ref}>
      <button type="button" className="bottom-bar__item" aria-expanded={isOpen} aria-controls="say-hi-popup" onClick={toggle}>
        <ChatIcon />
        <span>Say Hi To Order</span>
      </button>
      {isOpen && (
        <div className="say-hi" id="say-hi-popup" role="dialog" aria-label="Say Hi To Order">
          <p className="say-hi__title">Say Hi To Order</p>
          <a className="say-hi__link say-hi__link--whatsapp" href={`https://wa.me/${config.whatsappNumber}`} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon />
            <span>WhatsApp</span>
          </a>
          <a className="say-hi__link say-hi__link--call" href={`tel:${config.phoneNumber}`}>
            <PhoneIcon />
            <span>Call {config.phoneNumber}</span>
          </a>
        </div>
      )}
    </div>
  );
}

export default function BottomBar() {
  return (
    <nav className="bottom-bar__nav" aria-label="Shortcuts">
      <a className="bottom-bar__item" href="/">
        <HomeIcon />
        <span>Home</span>
      </a>
      <SayHi />
      <a className="bottom-bar__item" href={SMLR_PRODUCTS_HREF}>
        <EggIcon />
        <span>SMLR Products</span>
      </a>
      <a className="bottom-bar__item" href={BUDGET_FRIENDLY_HREF}>
        <TagIcon />
        <span>Budget Friendly</span>
      </a>
    </nav>
  );
}
