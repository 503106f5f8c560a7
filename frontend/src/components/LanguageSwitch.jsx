// The header's language choice, on every page (phone and desktop): English / తెలుగు. Each
// option is written in its own language, so a shopper who reads only one of them finds it. What a
// choice does (lib/language: the profile, then a reload) comes with the click. base.html writes
// the same buttons, which serve until the chrome mounts these (islands/chrome/ChromeLater.jsx).
import { LANGUAGES, useLanguage, useT } from "../lib/i18n";
import { pickLanguage } from "../lib/pickLanguage";

export default function LanguageSwitch() {
  const t = useT();
  const current = useLanguage();
  return (
    <div className="language-switch" role="group" aria-label={t("language.choose")}>
      {LANGUAGES.map(({ code, name }) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="language-switch__option"
          aria-pressed={code === current}
          onClick={() => pickLanguage(code)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
