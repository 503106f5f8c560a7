// The live part of the phone's fixed bottom bar. The bar itself (Home, Say Hi To Order, SMLR
// Products, Budget Friendly) is written once, in templates/base.html; without JavaScript, Say Hi
// is a WhatsApp link. The chrome island mounts this popup button in its place: WhatsApp chat or
// a phone call. The popup's code comes when the shopper reaches for the button.
import { Suspense, lazy, useRef } from "react";
import headerTexts from "../i18n/header";
import { useDropdown } from "../lib/dropdowns";
import { useEscape, useOutsideClick } from "../lib/hooks";
import { useT } from "../lib/i18n";
import { ChatIcon } from "./icons";

// Its texts and its popup's (the header's area), loaded with it (islands/chrome/index.jsx).
export const texts = [headerTexts];

const loadPopup = () => import(/* webpackChunkName: "say-hi" */ "./SayHiPopup");
const SayHiPopup = lazy(loadPopup);

export default function SayHi() {
  const t = useT();
  const [isOpen, , close, toggle] = useDropdown("say-hi");
  const ref = useRef(null);
  const button = useRef(null);
  useOutsideClick(ref, close, isOpen);
  useEscape(() => {
    close();
    button.current?.focus();
  }, isOpen);
  return (
    <div className="bottom-bar__say-hi" ref={ref}>
      <button type="button" ref={button} className="bottom-bar__item" aria-expanded={isOpen} aria-controls="say-hi-popup" onClick={toggle} onPointerEnter={loadPopup} onFocus={loadPopup} onTouchStart={loadPopup}>
        <ChatIcon />
        <span>{t("sayHi.button")}</span>
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <SayHiPopup />
        </Suspense>
      )}
    </div>
  );
}
