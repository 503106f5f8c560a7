// A short, quiet beep for a new order, made in code (no sound file): browsers let a page play sound
// only after the person has touched it, so the audio starts on the first click or key press. The
// mute choice is kept in local storage (mute.js).
import { readMuted, writeMuted } from "./mute";

export function createBeeper({ storage = globalThis.localStorage, AudioContextImpl = globalThis.AudioContext ?? globalThis.webkitAudioContext } = {}) {
  let context = null;
  const read = () => readMuted(storage);
  return {
    /** Call from a user gesture: creates (or resumes) the audio the beeps play on. */
    unlock() {
      if (!AudioContextImpl) return;
      try {
        context ??= new AudioContextImpl();
        if (context.state === "suspended") context.resume?.();
      } catch {
        context = null;
      }
    },
    get muted() {
      return read();
    },
    setMuted(muted) {
      writeMuted(muted, storage);
    },
    /** Two short soft tones; nothing when muted or before the first gesture. Returns whether it played. */
    beep() {
      if (read() || !context || context.state !== "running") return false;
      const gain = context.createGain();
      gain.gain.value = 0.06;
      gain.connect(context.destination);
      [0, 0.18].forEach((offset, index) => {
        const tone = context.createOscillator();
        tone.type = "sine";
        tone.frequency.value = index ? 1046 : 880;
        tone.connect(gain);
        tone.start(context.currentTime + offset);
        tone.stop(context.currentTime + offset + 0.12);
      });
      return true;
    },
  };
}
