// An order taken on the phone or from a WhatsApp message (/admin/phone-order, issue 48): the
// shopper's number finds their account (or the order makes one, claimable later with the OTP
// sign-up), their saved address or a new one, the packs, a delivery slot, cash at the door or a
// payment link by SMS. Prices, the address rule, the slot, stock and the account are the server's
// (counter/phone_orders.py through checkout's placement): the screen asks for a quote on each change
// and shows what comes back. Placing carries an Idempotency-Key, so a retry lands once.
import { useEffect, useState } from "react";
import Message from "../../components/Message";
import { api, errorMessage } from "../../lib/api";
import { LANGUAGES, useT } from "../../lib/i18n";
import { formatMoney } from "../../lib/money";
import { useSubmit } from "../../lib/useSubmit";
import { lookUp } from "../admin-counter/CounterPage";
import BusinessBuyer from "../checkout/BusinessBuyer";
import SlotChoice from "../checkout/SlotChoice";
import "./phone-order.css";

const EMPTY_ADDRESS = { street: "", city: "", postalCode: "" };

function CustomerCard({ customer, setCustomer }) {
  const t = useT();
  const [phone, setPhone] = useState(customer.phoneNo);
  const [error, setError] = useState("");
  const find = async (event) => {
    event.preventDefault();
    setError("");
    try {
      const found = await api(`/api/counter/customers?phone=${encodeURIComponent(phone)}`);
      setCustomer({ phoneNo: found.phoneNo, found, name: found.name, language: found.language, newAddress: !found.hasAddress, address: EMPTY_ADDRESS });
    } catch (failure) {
      if (failure?.status === 404) setCustomer({ phoneNo: phone, found: null, name: "", language: "en", newAddress: true, address: EMPTY_ADDRESS });
      else setError(errorMessage(failure));
    }
  };
  const change = (field) => (event) => setCustomer({ ...customer, [field]: event.target.value });
  const changeAddress = (field) => (event) => setCustomer({ ...customer, address: { ...customer.address, [field]: event.target.value } });
  const looked = customer.found !== undefined;
  return (
    <section className="phone-order__card" aria-labelledby="phone-order-customer">
      <h2 id="phone-order-customer">{t("phone.customer")}</h2>
      <form className="phone-order__row" onSubmit={find}>
        <div className="form-field">
          <label htmlFor="phone-order-phone">{t("phone.number")}</label>
          <input id="phone-order-phone" type="tel" inputMode="numeric" autoComplete="off" maxLength={10} required value={phone} onChange={(event) => setPhone(event.target.value)} />
        </div>
        <button type="submit" className="btn btn--primary">
          {t("phone.find")}
        </button>
      </form>
      {error ? <Message variant="danger">{error}</Message> : null}
      {looked && customer.found ? (
        <p className="phone-order__found">
          <strong>{customer.found.name}</strong>
          {customer.found.hasAddress ? ` · ${customer.found.street}, ${customer.found.city} ${customer.found.postalCode}` : ""}
        </p>
      ) : null}
      {looked && !customer.found ? (
        <>
          <Message variant="info">{t("phone.newCustomer")}</Message>
          <div className="phone-order__row">
            <div className="form-field">
              <label htmlFor="phone-order-name">{t("phone.name")}</label>
              <input id="phone-order-name" maxLength={100} value={customer.name} onChange={change("name")} />
            </div>
            <div className="form-field">
              <label htmlFor="phone-order-language">{t("phone.language")}</label>
              <select id="phone-order-language" value={customer.language} onChange={change("language")}>
                {LANGUAGES.map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.name}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </>
      ) : null}
      {looked && customer.found?.hasAddress ? (
        <fieldset className="phone-order__choices">
          <legend>{t("phone.address")}</legend>
          <label>
            <input type="radio" name="phone-order-address" checked={!customer.newAddress} onChange={() => setCustomer({ ...customer, newAddress: false })} />
            {t("phone.savedAddress")}
          </label>
          <label>
            <input type="radio" name="phone-order-address" checked={customer.newAddress} onChange={() => setCustomer({ ...customer, newAddress: true })} />
            {t("phone.newAddress")}
          </label>
        </fieldset>
      ) : null}
      {looked && customer.newAddress ? (
        <div className="phone-order__row">
          <div className="form-field">
            <label htmlFor="phone-order-street">{t("phone.street")}</label>
            <input id="phone-order-street" maxLength={255} value={customer.address.street} onChange={changeAddress("street")} />
          </div>
          <div className="form-field">
            <label htmlFor="phone-order-city">{t("phone.city")}</label>
            <input id="phone-order-city" maxLength={120} value={customer.address.city} onChange={changeAddress("city")} />
          </div>
          <div className="form-field">
            <label htmlFor="phone-order-pin">{t("phone.postalCode")}</label>
            <input id="phone-order-pin" inputMode="numeric" maxLength={6} value={customer.address.postalCode} onChange={changeAddress("postalCode")} />
          </div>
        </div>
      ) : null}
    </section>
  );
}

function ItemsCard({ lines, setLines, quote }) {
  const t = useT();
  const [text, setText] = useState("");
  const [choices, setChoices] = useState([]);
  const [error, setError] = useState("");
  const add = (pack) => {
    const existing = lines.find((line) => line.id === pack.id);
    setLines(existing ? lines.map((line) => (line.id === pack.id ? { ...line, qty: line.qty + 1 } : line)) : [...lines, { ...pack, qty: 1 }]);
    setChoices([]);
    setText("");
  };
  const search = async (event) => {
    event.preventDefault();
    setError("");
    try {
      const packs = await lookUp(text.trim());
      if (packs.length === 1) add(packs[0]);
      else if (packs.length) setChoices(packs);
      else setError(t("counter.noMatch", { code: text }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const setQty = (id, qty) => setLines(qty < 1 ? lines.filter((line) => line.id !== id) : lines.map((line) => (line.id === id ? { ...line, qty } : line)));
  return (
    <section className="phone-order__card" aria-labelledby="phone-order-items">
      <h2 id="phone-order-items">{t("phone.items")}</h2>
      <form className="phone-order__row" onSubmit={search}>
        <div className="form-field">
          <label htmlFor="phone-order-search">{t("phone.search")}</label>
          <input id="phone-order-search" autoComplete="off" required value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <button type="submit" className="btn">
          {t("phone.searchButton")}
        </button>
      </form>
      {error ? <Message variant="danger">{error}</Message> : null}
      {choices.length ? (
        <ul className="phone-order__search-results">
          {choices.map((pack) => (
            <li key={pack.id}>
              <button type="button" className="btn" onClick={() => add(pack)}>
                {pack.label} · {formatMoney(pack.dprice)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {lines.length ? (
        <ul className="phone-order__lines">
          {lines.map((line) => (
            <li key={line.id}>
              <span>{line.label}</span>
              <span className="phone-order__qty">
                <button type="button" className="btn" aria-label={t("phone.less", { item: line.label })} onClick={() => setQty(line.id, line.qty - 1)}>
                  −
                </button>
                <span aria-label={t("phone.qty")}>{line.qty}</span>
                <button type="button" className="btn" aria-label={t("phone.more", { item: line.label })} onClick={() => setQty(line.id, line.qty + 1)}>
                  +
                </button>
              </span>
              <span className="phone-order__money">{formatMoney(Number(line.dprice) * line.qty)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("phone.noItems")}</p>
      )}
      {quote ? (
        <dl className="phone-order__sums">
          <dt>{t("phone.itemsPrice")}</dt>
          <dd className="phone-order__money">{formatMoney(quote.itemsPrice)}</dd>
          <dt>{t("phone.shipping")}</dt>
          <dd className="phone-order__money">{formatMoney(quote.shippingPrice)}</dd>
          <dt>{t("phone.total")}</dt>
          <dd className="phone-order__money phone-order__total">{formatMoney(quote.totalPrice)}</dd>
        </dl>
      ) : null}
    </section>
  );
}

function Placed({ order, onAgain }) {
  const t = useT();
  const [current, setCurrent] = useState(order);
  const [notice, setNotice] = useState(null);
  const send = useSubmit(
    async () => {
      setCurrent(await api(`/api/counter/phone-orders/${encodeURIComponent(current._id)}/payment-link`, { method: "POST" }));
      setNotice({ variant: "success", text: t("phone.linkSent", { phone: current.phoneNo }) });
    },
    { onError: (text) => setNotice({ variant: "danger", text }) },
  );
  return (
    <section className="phone-order__card phone-order__done" aria-live="polite">
      <h2>{t("phone.placed", { invoice: current.invoiceNumber })}</h2>
      <p>
        {current.customer} · {current.phoneNo} · <strong>{formatMoney(current.totalPrice)}</strong>
      </p>
      {current.customerCreated ? <Message variant="info">{t("phone.accountMade")}</Message> : null}
      {notice ? <Message variant={notice.variant}>{notice.text}</Message> : null}
      {current.paymentMethod === "Online" && !current.isPaid ? (
        <button type="button" className="btn btn--primary" disabled={send.busy} onClick={() => send.submit()}>
          {current.paymentLinkSentAt ? t("phone.sendLinkAgain") : t("phone.sendLink")}
        </button>
      ) : null}
      <a className="btn" href={current.whatsappUrl} target="_blank" rel="noopener noreferrer">
        {t("phone.whatsapp")}
      </a>
      <a className="btn" href={`/order/${encodeURIComponent(current._id)}`}>
        {t("phone.openOrder")}
      </a>
      <button type="button" className="btn" onClick={onAgain}>
        {t("phone.another")}
      </button>
    </section>
  );
}

function PhoneOrderForm({ onPlaced }) {
  const t = useT();
  const [customer, setCustomer] = useState({ phoneNo: "", found: undefined, name: "", language: "en", newAddress: false, address: EMPTY_ADDRESS });
  const [lines, setLines] = useState([]);
  const [quote, setQuote] = useState(null);
  const [slot, setSlot] = useState("");
  const [slotsVersion, setSlotsVersion] = useState(0);
  const [payment, setPayment] = useState("cash");
  const [via, setVia] = useState("phone");
  const [buyer, setBuyer] = useState({ gstin: "", name: "" });
  const [error, setError] = useState("");

  const wanted = lines.map((line) => ({ financialId: line.id, qty: line.qty }));
  const wantedText = JSON.stringify(wanted);
  useEffect(() => {
    if (!wanted.length) {
      setQuote(null);
      return undefined;
    }
    let live = true;
    api("/api/counter/phone-orders/quote", { method: "POST", body: { lines: wanted } }).then(
      (answer) => live && setQuote(answer),
      (failure) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [wantedText]); // eslint-disable-line react-hooks/exhaustive-deps

  const place = useSubmit(
    async () => {
      setError("");
      const body = {
        phoneNo: customer.phoneNo,
        lines: wanted,
        payment,
        via,
        itemsPrice: quote.itemsPrice,
        shippingPrice: quote.shippingPrice,
        totalPrice: quote.totalPrice,
        ...(slot ? { deliverySlot: slot } : {}),
        ...(customer.found ? {} : { name: customer.name, language: customer.language }),
        ...(customer.newAddress ? { address: customer.address } : {}),
        ...(buyer.gstin.trim() || buyer.name.trim() ? { buyerGstin: buyer.gstin, buyerName: buyer.name } : {}),
      };
      const { sendOnce } = await import("../../lib/idempotency");
      onPlaced(await sendOnce("phone-order", body, (headers) => api("/api/counter/phone-orders", { method: "POST", body, headers })));
    },
    {
      onError: (text, failure) => {
        setError(text);
        if (failure?.data?.code === "slot_full") setSlotsVersion((version) => version + 1);
      },
    },
  );

  const ready = customer.found !== undefined && lines.length > 0 && quote;
  return (
    <div className="phone-order__layout">
      <div className="phone-order__column">
        <CustomerCard customer={customer} setCustomer={setCustomer} />
        <ItemsCard lines={lines} setLines={setLines} quote={quote} />
      </div>
      <div className="phone-order__column">
        <SlotChoice value={slot} onChange={setSlot} version={slotsVersion} />
        <BusinessBuyer value={buyer} onChange={setBuyer} />
        <section className="phone-order__card" aria-labelledby="phone-order-pay">
          <h2 id="phone-order-pay">{t("phone.payment")}</h2>
          <fieldset className="phone-order__choices">
            <legend>{t("phone.payment")}</legend>
            <label>
              <input type="radio" name="phone-order-payment" checked={payment === "cash"} onChange={() => setPayment("cash")} />
              {t("phone.payCash")}
            </label>
            <label>
              <input type="radio" name="phone-order-payment" checked={payment === "link"} onChange={() => setPayment("link")} />
              {t("phone.payLink")}
            </label>
          </fieldset>
          <fieldset className="phone-order__choices">
            <legend>{t("phone.via")}</legend>
            <label>
              <input type="radio" name="phone-order-via" checked={via === "phone"} onChange={() => setVia("phone")} />
              {t("phone.viaPhone")}
            </label>
            <label>
              <input type="radio" name="phone-order-via" checked={via === "whatsapp"} onChange={() => setVia("whatsapp")} />
              {t("phone.viaWhatsapp")}
            </label>
          </fieldset>
          {error ? <Message variant="danger">{error}</Message> : null}
          <button type="button" className="btn btn--primary phone-order__place" disabled={!ready || place.busy} onClick={() => place.submit()}>
            {t("phone.place")} {quote ? formatMoney(quote.totalPrice) : ""}
          </button>
        </section>
      </div>
    </div>
  );
}

export default function PhoneOrderPage() {
  const t = useT();
  const [placed, setPlaced] = useState(null);
  const [round, setRound] = useState(0);
  return (
    <div className="phone-order">
      <h1>{t("phone.title")}</h1>
      <p>
        <a href="/admin/counter">{t("phone.toCounter")}</a>
      </p>
      {placed ? (
        <Placed
          order={placed}
          onAgain={() => {
            setPlaced(null);
            setRound(round + 1);
          }}
        />
      ) : (
        <PhoneOrderForm key={round} onPlaced={setPlaced} />
      )}
    </div>
  );
}
