// The delivery checker under the header bar on / (the home island mounts it into #delivery-slot,
// which only the home page has, loading this file and the checker in one chunk), shown while the
// page is at the very top.
import { useEffect, useRef, useState } from "react";
import { useAtTop } from "../../lib/hooks";
import DeliveryChecker, { texts as checkerTexts } from "./DeliveryChecker";

// Its texts, loaded with it (islands/home/index.jsx).
export const texts = checkerTexts;

/** Keeps --delivery-h equal to the checker's height, the room the home page reserves for it. */
function useReservedHeight(ref, active) {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(() => {
      // Folded away (scrolled) it measures 0; the room stays reserved for the way back up. Until
      // the checker is there, the room stays as the stylesheet reserves it.
      if (element.offsetHeight > 0 && element.childElementCount > 0) {
        document.documentElement.style.setProperty("--delivery-h", `${Math.ceil(element.offsetHeight)}px`);
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active]);
}

export default function HeaderDelivery() {
  const showChecker = useAtTop();
  // Once shown, the checker stays mounted (hidden while scrolled) so that what the shopper typed
  // and the answer are still there back at the top.
  const [checkerLoaded, setCheckerLoaded] = useState(showChecker);
  useEffect(() => {
    if (showChecker) setCheckerLoaded(true);
  }, [showChecker]);
  const deliveryRef = useRef(null);
  useReservedHeight(deliveryRef, checkerLoaded);
  if (!checkerLoaded) return null;
  return (
    <div className="site-header__delivery" ref={deliveryRef} hidden={!showChecker}>
      <DeliveryChecker />
    </div>
  );
}
