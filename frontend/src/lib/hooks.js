// Small DOM hooks shared by the chrome and the page islands.
import { useEffect, useRef, useState } from "react";

/** Calls `onOutside` for a pointer press outside `ref`'s element while `active`. */
export function useOutsideClick(ref, onOutside, active = true) {
  const callback = useRef(onOutside);
  callback.current = onOutside;
  useEffect(() => {
    if (!active) return undefined;
    const onPress = (event) => {
      if (ref.current && !ref.current.contains(event.target)) callback.current(event);
    };
    document.addEventListener("mousedown", onPress);
    document.addEventListener("touchstart", onPress, { passive: true });
    return () => {
      document.removeEventListener("mousedown", onPress);
      document.removeEventListener("touchstart", onPress);
    };
  }, [ref, active]);
}

/** Calls `onEscape` when Escape is pressed anywhere on the page while `active` (a menu or popup is open). */
export function useEscape(onEscape, active = true) {
  const callback = useRef(onEscape);
  callback.current = onEscape;
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (event) => {
      if (event.key === "Escape") callback.current(event);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active]);
}

/** True while the page is scrolled to the very top (scrollY === 0). */
export function useAtTop() {
  const [atTop, setAtTop] = useState(() => typeof window === "undefined" || window.scrollY === 0);
  useEffect(() => {
    const update = () => setAtTop(window.scrollY === 0);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return atTop;
}

/** Calls `onVisible` whenever `ref`'s element scrolls into view (IntersectionObserver). */
export function useInView(ref, onVisible, { threshold = 0, rootMargin = "0px", enabled = true } = {}) {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, threshold, rootMargin, enabled]);
}

/** `value` once it has stayed the same for `delay` ms; an empty value ("", null) settles at once. */
export function useDebounced(value, delay) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!value) {
      setSettled(value);
      return undefined;
    }
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
