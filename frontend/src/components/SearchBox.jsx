// The header's search box (spec "Search box"): an ARIA combobox whose listbox holds product and
// brand suggestions from 3 characters on, fetched after a 250 ms pause in typing. The chrome
// mounts it in place of base.html's search form once the shopper reaches for it: `takeOver` is
// that form's input, whose text (and the focus, when `focused`) it takes over.
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import headerTexts from "../i18n/header";
import { useDropdown } from "../lib/dropdowns";
import { useDebounced, useOutsideClick } from "../lib/hooks";
import { useLanguage, useT } from "../lib/i18n";
import { nextActive } from "../lib/listNavigation";
import { navigate } from "../lib/navigation";
import { SUGGESTION_DEBOUNCE_MS, handOverSuggestions, searchHref, suggestionsPath, wantsSuggestions } from "../lib/search";
import { pickedHref, productTitle } from "../lib/product";
import { useApi } from "../lib/useApi";
import EnglishName from "./EnglishName";
import Message from "./Message";

// Its texts (the header's area), loaded with it (islands/chrome/index.jsx).
export const texts = [headerTexts];

const NO_SUGGESTIONS = { query: "", products: [], brands: [], picked: {} };

function optionsOf(suggestions) {
  return [
    ...suggestions.products.map((product) => ({ kind: "product", key: `p-${product._id}`, product })),
    ...suggestions.brands.map((brand) => ({ kind: "brand", key: `b-${brand}`, brand })),
  ];
}

function ProductOption({ product }) {
  const t = useT();
  const language = useLanguage();
  const { title, english } = productTitle("", product, language);
  const brands = [...new Set((product.details ?? []).map((detail) => detail.brand).filter(Boolean))];
  // The category in the page's language: its Telugu name on a Telugu page, when it has one.
  const category = (language === "te" && product.categoryTe) || product.category;
  return (
    <>
      <span className="suggestion__meta">
        <span>{category || t("search.unknown")}</span>
        <span>{brands.length ? brands.join(", ") : t("search.unknown")}</span>
      </span>
      <span className="suggestion__name">
        {title}
        <EnglishName name={english} className="suggestion__english" />
      </span>
    </>
  );
}

export default function SearchBox({ takeOver = null, focused = false }) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(() => takeOver?.value ?? "");
  // The query asked for: the typed text once typing pauses, "" below 3 characters.
  const query = useDebounced(wantsSuggestions(text) ? text.trim() : "", SUGGESTION_DEBOUNCE_MS);
  const answer = useApi(query ? suggestionsPath(query) : null);
  const suggestions =
    query && answer.data ? { query, products: answer.data.products ?? [], brands: answer.data.brands ?? [], picked: answer.data.picked ?? {} } : NO_SUGGESTIONS;
  const error = query ? answer.error : "";
  const [active, setActive] = useState(-1);
  const [isOpen, open, close] = useDropdown("search");
  const boxRef = useRef(null);
  const inputRef = useRef(null);
  const options = optionsOf(suggestions);
  const showList = isOpen && (options.length > 0 || !!error);

  useOutsideClick(boxRef, close, isOpen);

  // In place of the form's input, the focus goes on in this one, the caret at the end.
  useLayoutEffect(() => {
    if (!takeOver || !focused) return;
    const input = inputRef.current;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [takeOver, focused]);

  useEffect(() => {
    setActive(-1);
  }, [text]);

  // An answer (or a failure) opens the list while the shopper is still in the box.
  const answered = query && !answer.loading;
  useEffect(() => {
    if (answered && document.activeElement === inputRef.current) open();
  }, [answered, answer.data, answer.error, open]);

  const go = (url) => {
    setText("");
    setActive(-1);
    close();
    navigate(url);
  };

  const pick = (option) => {
    if (option.kind === "brand") go(searchHref(option.brand));
    // The brand and pack size the text named come chosen on the product page ('sugar 5 kg').
    else go(pickedHref(option.product, suggestions.picked[option.product._id]));
  };

  const submit = () => {
    const query = text.trim();
    if (!query) return;
    if (suggestions.query === query && suggestions.products.length) {
      handOverSuggestions(query, { products: suggestions.products, brands: suggestions.brands, picked: suggestions.picked });
    }
    go(searchHref(query));
  };

  const onKeyDown = (event) => {
    const count = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!count) return;
      event.preventDefault();
      open();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => nextActive(current, step, count));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (showList && active >= 0 && active < count) pick(options[active]);
      else submit();
    } else if (event.key === "Escape") {
      setActive(-1);
      close();
    }
  };

  return (
    <div className="search-box" ref={boxRef}>
      <form
        className="search-box__form"
        role="search"
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <input
          ref={inputRef}
          type="search"
          name="query"
          className="search-box__input"
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => options.length && open()}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search-box__button" aria-label={t("search.button")}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      <div className="search-box__panel" hidden={!showList}>
        {error && <Message variant="danger">{error}</Message>}
        <ul className="search-box__list" id={listId} role="listbox" aria-label={t("search.suggestions")}>
          {options.map((option, index) => (
            <li
              key={option.key}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={`suggestion suggestion--${option.kind}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {option.kind === "brand" ? <span className="suggestion__name">{t("search.brand", { brand: option.brand })}</span> : <ProductOption product={option.product} />}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
