import { useRef } from "react";
import { useInView } from "../lib/hooks";

/**
 * The end of a growing list: calls `onVisible` when it scrolls into view. Re-observing after each
 * load (enabled goes false while loading) asks again, so a short page keeps filling itself.
 */
export default function EndMarker({ onVisible, enabled }) {
  const ref = useRef(null);
  useInView(ref, onVisible, { enabled, rootMargin: "0px 0px 200px 0px" });
  return <div ref={ref} className="end-marker" aria-hidden="true" />;
}
