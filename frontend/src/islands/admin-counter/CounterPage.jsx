// The counter (/admin/counter): bill at the till, take goods back against a bill, close the day.
// Keyboard first: a USB scanner types the code and Enter into the scan box; + / − change the last
// line; F8 goes to payment. Prices, GST, totals and every rule are the server's (counter/services.py):
// the screen asks for a quote on each change and shows what comes back. With the connection down
// the till bills from what it keeps (offline.js): its catalog, at its prices, numbered from its
// reserved block, sent when the connection is back.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import Message from "../../components/Message";
import { api, errorMessage } from "../../lib/api";
import { getUserInfo } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import { namedPackLabel } from "../../lib/packLabel";
import { formatMoney, toMoneyString } from "../../lib/money";
import { useApi } from "../../lib/useApi";
import DayClose from "./DayClose";
import Labels from "./Labels";
import Receipt from "./Receipt";
import ReturnPanel from "./ReturnPanel";
import {
  NoNumbersLeft,
  findInCatalog,
  keepOfflineBill,
  loadCatalog,
  loadCounters,
  numbersLeft,
  offlineBillBody,
  offlineQuote,
  offlineReceipt,
  outbox,
  prepareTill,
  saveCounters,
  syncOutbox,
  tillPacks,
} from "./offline";
import "./counter.css";
import { METHOD_TEXTS, TAB_TEXTS } from "./texts";

const METHODS = ["cash", "upi", "card", "credit"];

function newKey() {
  return globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

function packsOf(products) {
  return (products || []).flatMap((product) =>
    (product.details || []).flatMap((detail) =>
      (detail.financials || []).map((pack) => ({
        id: pack._id,
        label: namedPackLabel({ ...pack, brand: detail.brand }, product.name),
        dprice: pack.dprice,
      })),
    ),
  );
}

// What a barcode can be (catalog/barcodes.py says which are valid): EAN-8, UPC-A, EAN-13.
const BARCODE = /^\d{8}$|^\d{12,13}$/;

/** A scanned pack (GET /api/products/barcode/<code>) as a bill line. */
export function scannedPack(found) {
  return {
    id: found.financialId,
    label: namedPackLabel(found),
    dprice: found.dprice,
  };
}

// A code the scanner typed (digits): the pack that carries it, or the server's message (unknown code,
// wrong check digit). Anything else: the shop's own search by name.
export async function lookUp(code) {
  if (BARCODE.test(code)) return [scannedPack(await api(`/api/products/barcode/${encodeURIComponent(code)}`))];
  const answer = await api(`/api/products?keyword=${encodeURIComponent(code)}&pageSize=8`);
  return packsOf(Array.isArray(answer) ? answer : answer.products);
}

function Scanner({ onPack, scanRef, till }) {
  const t = useT();
  const [code, setCode] = useState("");
  const [choices, setChoices] = useState([]);
  const [error, setError] = useState("");
  const [camera, setCamera] = useState(false);
  const videoRef = useRef(null);
  const hasDetector = typeof window !== "undefined" && "BarcodeDetector" in window;

  const find = useCallback(
    async (text) => {
      setError("");
      try {
        const packs = await till.lookUp(text);
        if (packs.length === 1) {
          onPack(packs[0]);
          setChoices([]);
        } else if (packs.length) setChoices(packs);
        else setError(t("counter.noMatch", { code: text }));
      } catch (failure) {
        setError(errorMessage(failure));
      }
      setCode("");
    },
    [onPack, t, till],
  );

  useEffect(() => {
    if (!camera || !hasDetector) return undefined;
    let stream;
    let stopped = false;
    const detector = new window.BarcodeDetector();
    navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } }).then((media) => {
      stream = media;
      videoRef.current.srcObject = media;
      videoRef.current.play();
      const tick = async () => {
        if (stopped) return;
        const [found] = await detector.detect(videoRef.current).catch(() => []);
        if (found) {
          setCamera(false);
          find(found.rawValue);
        } else setTimeout(tick, 200);
      };
      tick();
    }, () => setCamera(false));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [camera, hasDetector, find]);

  return (
    <div className="counter__scan">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (choices.length) onPack(choices[0]) || setChoices([]);
          else if (code.trim()) find(code.trim());
        }}
      >
        <label htmlFor="counter-scan">{t("counter.scan")}</label>
        <div className="counter__row">
          <input
            id="counter-scan"
            ref={scanRef}
            autoFocus
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                setCode("");
                setChoices([]);
              }
            }}
          />
          {hasDetector ? (
            <button type="button" className="btn" onClick={() => setCamera(!camera)}>
              {camera ? t("counter.cameraStop") : t("counter.camera")}
            </button>
          ) : null}
        </div>
      </form>
      {camera ? <video ref={videoRef} className="counter__video" muted playsInline /> : null}
      {error ? <Message variant="warning">{error}</Message> : null}
      {choices.length ? (
        <ul className="counter__choices" aria-label={t("counter.pick")}>
          {choices.map((pack) => (
            <li key={pack.id}>
              <button type="button" className="btn" onClick={() => { onPack(pack); setChoices([]); }}>
                {pack.label} · {formatMoney(pack.dprice)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function TenderPanel({ total, tenders, setTenders, phone, setPhone, upiId, buyer, setBuyer, online }) {
  const t = useT();
  const paid = tenders.reduce((sum, tender) => sum + Number(tender.amount), 0);
  const left = Math.max(0, Math.round((total - paid) * 100) / 100);
  const [method, setMethod] = useState("cash");
  const [amount, setAmount] = useState("");
  const [tendered, setTendered] = useState("");
  const [reference, setReference] = useState("");
  const [qr, setQr] = useState(null);
  const value = amount === "" ? left : Number(amount);

  useEffect(() => {
    if (method !== "upi" || !(value > 0)) return setQr(null);
    let live = true;
    api(`/api/counter/upi?amount=${toMoneyString(value)}`).then((answer) => live && setQr(answer), () => setQr(null));
    return () => {
      live = false;
    };
  }, [method, value]);

  const change = method === "cash" && tendered ? Number(tendered) - value : 0;
  return (
    <section className="counter__tender" aria-label={t("counter.pay")} id="counter-pay">
      <h2>{t("counter.pay")}</h2>
      <div className="form-field">
        <label htmlFor="counter-phone">{t("counter.phone")}</label>
        <input id="counter-phone" inputMode="numeric" maxLength={10} value={phone} onChange={(event) => setPhone(event.target.value)} />
      </div>
      {online ? (
        <details className="counter__buyer" open={Boolean(buyer.gstin || buyer.name)}>
          <summary>{t("counter.buyer")}</summary>
          <div className="form-field">
            <label htmlFor="counter-buyer-gstin">{t("counter.buyerGstin")}</label>
            <input id="counter-buyer-gstin" autoCapitalize="characters" maxLength={20} value={buyer.gstin} onChange={(event) => setBuyer({ ...buyer, gstin: event.target.value })} />
          </div>
          <div className="form-field">
            <label htmlFor="counter-buyer-name">{t("counter.buyerName")}</label>
            <input id="counter-buyer-name" maxLength={200} value={buyer.name} onChange={(event) => setBuyer({ ...buyer, name: event.target.value })} />
          </div>
        </details>
      ) : null}
      <div className="counter__methods" role="radiogroup" aria-label={t("counter.pay")}>
        {METHODS.map((name) => (
          <button key={name} type="button" role="radio" aria-checked={method === name} className={`btn${method === name ? " btn--primary" : ""}`} onClick={() => setMethod(name)}>
            {t(METHOD_TEXTS[name])}
          </button>
        ))}
      </div>
      <div className="counter__row">
        <div className="form-field">
          <label htmlFor="counter-amount">{t("counter.amount")}</label>
          <input id="counter-amount" inputMode="decimal" placeholder={toMoneyString(left)} value={amount} onChange={(event) => setAmount(event.target.value)} />
        </div>
        {method === "cash" ? (
          <div className="form-field">
            <label htmlFor="counter-tendered">{t("counter.tendered")}</label>
            <input id="counter-tendered" inputMode="decimal" value={tendered} onChange={(event) => setTendered(event.target.value)} />
          </div>
        ) : null}
        {method === "card" ? (
          <div className="form-field">
            <label htmlFor="counter-reference">{t("counter.reference")}</label>
            <input id="counter-reference" value={reference} onChange={(event) => setReference(event.target.value)} />
          </div>
        ) : null}
      </div>
      {change > 0 ? <p className="counter__change">{t("counter.change")}: {formatMoney(change)}</p> : null}
      {qr ? (
        <figure className="counter__qr">
          {/* The server's SVG (segno), from the shop's own UPI ID and the exact amount. */}
          <div dangerouslySetInnerHTML={{ __html: qr.svg }} />
          <figcaption>{t("counter.upiScan", { amount: formatMoney(value), upi: upiId })}</figcaption>
        </figure>
      ) : null}
      <button
        type="button"
        className="btn"
        disabled={!(value > 0)}
        onClick={() => {
          setTenders([...tenders, { method, amount: toMoneyString(value), ...(method === "cash" && tendered ? { tendered: toMoneyString(tendered) } : {}), ...(reference ? { reference } : {}) }]);
          setAmount("");
          setTendered("");
          setReference("");
        }}
      >
        {t("counter.addTender")}
      </button>
      <ul className="counter__tenders">
        {tenders.map((tender, index) => (
          <li key={index}>
            {t(METHOD_TEXTS[tender.method])} {formatMoney(tender.amount)}
            <button type="button" className="btn btn--link" onClick={() => setTenders(tenders.filter((_, i) => i !== index))}>
              {t("counter.remove")}
            </button>
          </li>
        ))}
      </ul>
      <p>
        {t("counter.left")}: <strong>{formatMoney(left)}</strong>
      </p>
    </section>
  );
}

function BillPanel({ till, upiId, counterName, kept }) {
  const t = useT();
  const [lines, setLines] = useState([]);
  const [quote, setQuote] = useState(null);
  const [tenders, setTenders] = useState([]);
  const [phone, setPhone] = useState("");
  const [buyer, setBuyer] = useState({ gstin: "", name: "" }); // a business buyer (B2B invoice), online only
  const [error, setError] = useState("");
  const [quoteError, setQuoteError] = useState(""); // a line the server will not bill (an expired pack)
  const [bill, setBill] = useState(null);
  const [busy, setBusy] = useState(false);
  const [paper, setPaper] = useState("80");
  const [receiptLanguage, setReceiptLanguage] = useState("en");
  const keyRef = useRef(newKey());
  const scanRef = useRef(null);

  const add = useCallback((pack) => {
    setLines((current) => {
      const found = current.find((line) => line.id === pack.id);
      if (found) return current.map((line) => (line.id === pack.id ? { ...line, qty: line.qty + 1 } : line));
      return [...current, { ...pack, qty: 1 }];
    });
  }, []);

  useEffect(() => {
    setQuoteError("");
    if (!lines.length) return setQuote(null);
    if (!kept.online) return setQuote(offlineQuote(lines));
    let live = true;
    api("/api/counter/quote", { method: "POST", body: { lines: lines.map((line) => ({ financialId: line.id, qty: line.qty })) } }).then(
      (answer) => live && (setQuote(answer), setError("")),
      (failure) => {
        if (!live) return;
        if (failure?.status === 0) kept.wentOffline();
        else {
          setQuote(null);
          setQuoteError(errorMessage(failure));
        }
      },
    );
    return () => {
      live = false;
    };
  }, [lines, kept]);

  useEffect(() => {
    const keys = (event) => {
      if (event.key === "F8") {
        event.preventDefault();
        document.getElementById("counter-amount")?.focus();
      }
      if ((event.key === "+" || event.key === "-") && event.target === scanRef.current && !scanRef.current.value) {
        event.preventDefault();
        setLines((current) => {
          if (!current.length) return current;
          const last = current[current.length - 1];
          const qty = last.qty + (event.key === "+" ? 1 : -1);
          return qty < 1 ? current.slice(0, -1) : [...current.slice(0, -1), { ...last, qty }];
        });
      }
    };
    window.addEventListener("keydown", keys);
    return () => window.removeEventListener("keydown", keys);
  }, []);

  const completeOffline = async () => {
    const key = keyRef.current;
    try {
      const body = await keepOfflineBill(till, (number) =>
        offlineBillBody({ till, key, number, billedAt: new Date().toISOString(), lines, tenders, phone }),
      );
      setBill(offlineReceipt({ body, lines, seller: kept.seller, counterName, cashier: getUserInfo()?.name }));
      kept.refresh();
    } catch (failure) {
      setError(failure instanceof NoNumbersLeft ? t("counter.offline.noNumbers") : errorMessage(failure));
    }
  };

  const complete = async () => {
    setBusy(true);
    setError("");
    if (!kept.online) {
      await completeOffline();
      setBusy(false);
      return;
    }
    try {
      const made = await api("/api/counter/bills", {
        method: "POST",
        headers: { "Idempotency-Key": keyRef.current },
        body: {
          counter: till,
          lines: lines.map((line) => ({ financialId: line.id, qty: line.qty })),
          tenders,
          customerPhone: phone,
          ...(buyer.gstin || buyer.name ? { buyerGstin: buyer.gstin, buyerName: buyer.name } : {}),
        },
      });
      setBill(made);
    } catch (failure) {
      // A bad request frees the key; only a lost answer keeps it (the retry gets the same bill).
      if (failure?.status) keyRef.current = newKey();
      else kept.wentOffline(); // no answer: the cashier completes again, offline, under the same key
      setError(errorMessage(failure));
    }
    setBusy(false);
  };

  const reset = () => {
    setLines([]);
    setTenders([]);
    setPhone("");
    setBuyer({ gstin: "", name: "" });
    setBill(null);
    setError("");
    keyRef.current = newKey();
    setTimeout(() => scanRef.current?.focus(), 0);
  };

  if (bill) {
    return (
      <section className="counter__done">
        <div className="counter__row counter__no-print">
          <div className="form-field">
            <label htmlFor="counter-paper">{t("counter.paper")}</label>
            <select id="counter-paper" value={paper} onChange={(event) => setPaper(event.target.value)}>
              <option value="80">{t("counter.paper80")}</option>
              <option value="58">{t("counter.paper58")}</option>
            </select>
          </div>
          <div className="form-field">
            <label htmlFor="counter-receipt-language">{t("counter.receiptLanguage")}</label>
            <select id="counter-receipt-language" value={receiptLanguage} onChange={(event) => setReceiptLanguage(event.target.value)}>
              <option value="en">{t("counter.english")}</option>
              <option value="te">{t("counter.telugu")}</option>
            </select>
          </div>
          <button type="button" className="btn btn--primary" onClick={() => window.print()}>
            {t("counter.print")}
          </button>
          <button type="button" className="btn" onClick={reset}>
            {t("counter.newBill")}
          </button>
        </div>
        <Receipt bill={bill} paper={paper} language={receiptLanguage} />
      </section>
    );
  }

  const total = quote ? quote.total : 0;
  const paid = tenders.reduce((sum, tender) => sum + Number(tender.amount), 0);
  const tax = quote ? quote.lines.reduce((sum, line) => sum + (line.tax || 0), 0) : 0;
  return (
    <div className="counter__bill">
      <section className="counter__lines">
        <Scanner onPack={add} scanRef={scanRef} till={kept} />
        <p className="counter__keys">{t("counter.keys")}</p>
        {!lines.length ? <p>{t("counter.empty")}</p> : null}
        <ol className="counter__list">
          {lines.map((line, index) => {
            const priced = quote?.lines[index];
            return (
              <li key={line.id}>
                <span className="counter__name">{line.label}</span>
                <input
                  aria-label={`${t("counter.qty")}: ${line.label}`}
                  className="counter__qty"
                  inputMode="numeric"
                  value={line.qty}
                  onChange={(event) => {
                    const qty = Number.parseInt(event.target.value, 10);
                    setLines(lines.map((row) => (row.id === line.id ? { ...row, qty: Number.isFinite(qty) && qty > 0 ? qty : 1 } : row)));
                  }}
                />
                <span className="counter__money">{priced ? formatMoney(priced.lineTotal) : ""}</span>
                <button type="button" className="btn btn--link" onClick={() => setLines(lines.filter((row) => row.id !== line.id))}>
                  {t("counter.remove")}
                </button>
              </li>
            );
          })}
        </ol>
        {quoteError ? <Message variant="danger">{quoteError}</Message> : null}
        <p className="counter__total">
          {t("counter.total")}: <strong>{formatMoney(total)}</strong>{" "}
          {quote?.offline ? <small>({t("counter.offline.prices")})</small> : <small>({t("counter.gst")} {formatMoney(tax)})</small>}
        </p>
      </section>
      <TenderPanel total={total} tenders={tenders} setTenders={setTenders} phone={phone} setPhone={setPhone} upiId={upiId} buyer={buyer} setBuyer={setBuyer} online={kept.online} />
      {error ? <Message variant="danger">{error}</Message> : null}
      <button type="button" className="btn btn--primary counter__complete" disabled={busy || !lines.length || Boolean(quoteError) || Math.round(paid * 100) !== Math.round(total * 100)} onClick={complete}>
        {t("counter.complete")} {formatMoney(total)}
      </button>
    </div>
  );
}

// The tills and the UPI ID, kept for a reload with the connection down.
async function countersOrKept(signal) {
  try {
    const answer = await api("/api/counter/counters", { signal });
    saveCounters(answer).catch(() => undefined);
    return answer;
  } catch (failure) {
    const kept = failure?.status === 0 ? await loadCounters().catch(() => null) : null;
    if (kept) return kept;
    throw failure;
  }
}

const hasIndexedDb = () => typeof indexedDB !== "undefined";

/** What the till keeps for billing offline, whether it is online, and its bills waiting to be sent. */
export function useKeptTill(till) {
  const [online, setOnline] = useState(() => typeof navigator === "undefined" || navigator.onLine !== false);
  const [catalog, setCatalog] = useState(null);
  const [state, setState] = useState({ numbers: 0, waiting: 0, refused: [], sent: 0 });

  const refresh = useCallback(async () => {
    if (!till || !hasIndexedDb()) return;
    const [numbers, box] = await Promise.all([numbersLeft(till), outbox()]);
    setState((current) => ({ ...current, numbers, waiting: box.waiting.length, refused: box.refused }));
  }, [till]);

  const connect = useCallback(async () => {
    if (!till || !hasIndexedDb()) return;
    try {
      setCatalog(await prepareTill(till));
      setOnline(navigator.onLine !== false); // the connection may have dropped meanwhile
      const sent = await syncOutbox();
      if (sent) setState((current) => ({ ...current, sent: current.sent + sent }));
    } catch (failure) {
      if (failure?.status === 0) setOnline(false);
    }
    loadCatalog().then((kept) => kept && setCatalog((current) => current || kept), () => undefined);
    refresh();
  }, [till, refresh]);

  useEffect(() => {
    if (!till || !hasIndexedDb()) return undefined;
    connect();
    const goOnline = () => connect();
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    const timer = setInterval(() => navigator.onLine !== false && connect(), 60_000);
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      clearInterval(timer);
    };
  }, [till, connect]);

  const packs = useMemo(() => tillPacks(catalog), [catalog]);
  const wentOffline = useCallback(() => setOnline(false), []);
  const find = useCallback(
    async (text) => {
      // Scanned before the kept catalog reached the screen: read it from the till's database.
      const offline = async () => findInCatalog(packs.length ? packs : tillPacks(await loadCatalog()), text);
      if (!online) return offline();
      // A code the kept catalog knows goes on the bill at once (scan to line well under 100 ms on a
      // slow till); the server's quote prices it straight after. Any other code asks the server.
      const known = BARCODE.test(text) ? findInCatalog(packs, text) : [];
      if (known.length === 1) return known;
      try {
        return await lookUp(text);
      } catch (failure) {
        if (failure?.status !== 0) throw failure;
        setOnline(false);
        return offline();
      }
    },
    [online, packs],
  );
  return useMemo(
    () => ({ online, ...state, seller: catalog?.seller, lookUp: find, wentOffline, refresh }),
    [online, state, catalog, find, wentOffline, refresh],
  );
}

function OfflineBanner({ kept }) {
  const t = useT();
  return (
    <div className="counter__offline counter__no-print">
      {!kept.online ? (
        <Message variant="warning">{t("counter.offline.banner", { waiting: kept.waiting, numbers: kept.numbers })}</Message>
      ) : null}
      {kept.online && kept.waiting ? <Message variant="info">{t("counter.offline.sending", { count: kept.waiting })}</Message> : null}
      {kept.online && !kept.waiting && kept.sent ? <Message variant="success">{t("counter.offline.sent", { count: kept.sent })}</Message> : null}
      {kept.refused.map((row) => (
        <Message key={row.key} variant="danger">
          {t("counter.offline.refused", { number: row.body.number, reason: row.refused })}
        </Message>
      ))}
    </div>
  );
}

export default function CounterPage() {
  const t = useT();
  const { data, error } = useApi(countersOrKept, { key: "counters" });
  const [tab, setTab] = useState("bill");
  const [till, setTill] = useState("");
  const counters = data?.counters || [];
  const chosen = till || counters[0]?.code || "";
  const kept = useKeptTill(chosen);
  return (
    <div className="counter">
      <header className="counter__head counter__no-print">
        <h1>{t("counter.title")}</h1>
        <div className="form-field">
          <label htmlFor="counter-till">{t("counter.till")}</label>
          <select id="counter-till" value={chosen} onChange={(event) => setTill(event.target.value)}>
            {counters.map((counter) => (
              <option key={counter.code} value={counter.code}>
                {counter.code} · {counter.name}
              </option>
            ))}
          </select>
        </div>
        <nav className="counter__tabs" aria-label={t("counter.title")}>
          {["bill", "return", "close", "labels"].map((name) => (
            <button key={name} type="button" aria-pressed={tab === name} className={`btn${tab === name ? " btn--primary" : ""}`} onClick={() => setTab(name)}>
              {t(TAB_TEXTS[name])}
            </button>
          ))}
          <a className="btn" href="/admin/phone-order">
            {t("counter.tab.phoneOrder")}
          </a>
        </nav>
      </header>
      {error ? <Message variant="danger">{error}</Message> : null}
      <OfflineBanner kept={kept} />
      {chosen && tab === "bill" ? (
        <BillPanel till={chosen} upiId={data?.upiId} counterName={counters.find((row) => row.code === chosen)?.name} kept={kept} />
      ) : null}
      {chosen && tab === "return" ? <ReturnPanel till={chosen} /> : null}
      {chosen && tab === "close" ? <DayClose till={chosen} /> : null}
      {tab === "labels" ? <Labels /> : null}
    </div>
  );
}
