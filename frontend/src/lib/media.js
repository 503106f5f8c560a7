// Whether the screen is narrower than a width, as a hook (the home page's offers carousel). Apart
// from lib/hooks.js, which the chrome carries on every page, so that only the page using it does.
import { useCallback, useSyncExternalStore } from "react";

/** True while the viewport is narrower than `width` px. */
export function useNarrowerThan(width) {
  const query = `(max-width: ${width - 0.02}px)`;
  const subscribe = useCallback(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener?.("change", onChange);
      return () => list?.removeEventListener?.("change", onChange);
    },
    [query],
  );
  // A page the server rendered hydrates as the server drew it (wide), then follows the screen.
  return useSyncExternalStore(subscribe, () => !!window.matchMedia?.(query)?.matches, () => false);
}
