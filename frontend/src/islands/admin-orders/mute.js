// Whether staff muted the board's new-order beep, kept in local storage (read before the beep's own
// code has loaded, so the toggle shows the choice at once).
export const MUTE_KEY = "board.muted";

export function readMuted(storage = globalThis.localStorage) {
  try {
    return storage?.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}

export function writeMuted(muted, storage = globalThis.localStorage) {
  try {
    storage?.setItem(MUTE_KEY, muted ? "1" : "0");
  } catch {
    // private mode: the choice lasts this page only
  }
}
