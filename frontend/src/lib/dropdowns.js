// The header's pop-ups (search suggestions, account dropdown, Say Hi popup) are mutually
// exclusive: opening one closes whichever was open.
import { useCallback } from "react";
import { createStore } from "./store";

const openName = createStore(null);

export function openDropdown(name) {
  openName.set(name);
}

export function closeDropdown(name) {
  openName.set((current) => (current === name ? null : current));
}

export function currentDropdown() {
  return openName.get();
}

/** [isOpen, open, close, toggle] for the pop-up called `name`. */
export function useDropdown(name) {
  const isOpen = openName.use((current) => current === name);
  const open = useCallback(() => openDropdown(name), [name]);
  const close = useCallback(() => closeDropdown(name), [name]);
  const toggle = useCallback(() => openName.set((current) => (current === name ? null : name)), [name]);
  return [isOpen, open, close, toggle];
}
