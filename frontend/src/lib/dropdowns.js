// The header's pop-ups (search suggestions, account dropdown, Say Hi popup) are mutually
// exclusive: opening one closes whichever was open.
import { useCallback, useSyncExternalStore } from "react";

let openName = null;
const listeners = new Set();

export function openDropdown(name) {
  if (openName === name) return;
  openName = name;
  for (const listener of listeners) listener();
}

export function closeDropdown(name) {
  if (openName !== name) return;
  openName = null;
  for (const listener of listeners) listener();
}

export function currentDropdown() {
  return openName;
}

function listen(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** [isOpen, open, close, toggle] for the pop-up called `name`. */
export function useDropdown(name) {
  const isOpen = useSyncExternalStore(listen, () => openName === name, () => false);
  const open = useCallback(() => openDropdown(name), [name]);
  const close = useCallback(() => closeDropdown(name), [name]);
  const toggle = useCallback(() => (openName === name ? closeDropdown(name) : openDropdown(name)), [name]);
  return [isOpen, open, close, toggle];
}
