// The counter with the connection down (issue 41): the till keeps the packs it may sell
// (GET /api/counter/catalog) and a block of its own bill numbers reserved in advance
// (POST /api/counter/blocks) in IndexedDB; a bill made offline takes the next number of the block
// and waits in the same database, with its own key, until the connection is back, then goes to
// POST /api/counter/sync, which makes each key's bill exactly once (counter/sync.py). The bill
// keeps the price the till showed: the shopper pays what the bill said, and the server flags a
// price changed meanwhile for the manager. Taking a number and keeping the bill are one
// IndexedDB transaction, so two tabs of one till never take the same number and no number is
// taken for a bill that was not kept.
import { api } from "../../lib/api";
import { namedPackLabel } from "../../lib/packLabel";
import { toMoneyString } from "../../lib/money";

export const BLOCK_SIZE = 20; // numbers reserved at a time
export const LOW_WATER = 5; // reserve again when fewer are left
const SYNC_CHUNK = 100;

const DB_NAME = "smlr-counter";
const KV = "kv";
const OUTBOX = "outbox";

/** Whole paise of a money value ("145.5", 145.5 → 14550), as the wire's two decimals round it. */
export function paiseOf(value) {
  return Number.parseInt(toMoneyString(value).replace(".", ""), 10);
}

/** The till catalog's packs as the counter's bill lines know them. */
export function tillPacks(catalog) {
  return (catalog?.packs || []).map((pack) => ({
    id: pack.financialId,
    label: namedPackLabel(pack),
    dprice: pack.dprice,
    codes: pack.codes || [],
    pack,
  }));
}

/** A code the scanner typed (exact) or a name typed (words, in English or Telugu): up to 8 packs. */
export function findInCatalog(packs, text) {
  const wanted = String(text || "").trim().toLowerCase();
  if (!wanted) return [];
  const byCode = packs.filter((pack) => pack.codes.includes(wanted));
  if (byCode.length || /^\d+$/.test(wanted)) return byCode;
  const words = wanted.split(/\s+/);
  return packs
    .filter((pack) => {
      const haystack = `${pack.label} ${pack.pack?.nameTe || ""}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .slice(0, 8);
}

/** The lines at the prices the till holds, and their total: what an offline bill says. */
export function offlineQuote(lines) {
  const priced = lines.map((line) => ({ lineTotal: (paiseOf(line.dprice) * line.qty) / 100 }));
  const total = lines.reduce((sum, line) => sum + paiseOf(line.dprice) * line.qty, 0) / 100;
  return { lines: priced, total, offline: true };
}

/** The bill as POST /api/counter/sync takes it, once a number is taken. */
export function offlineBillBody({ till, key, number, billedAt, lines, tenders, phone }) {
  return {
    counter: till,
    key,
    number,
    billedAt,
    lines: lines.map((line) => ({ financialId: line.id, qty: line.qty, price: toMoneyString(line.dprice) })),
    tenders,
    customerPhone: phone || "",
  };
}

/** The receipt of a bill made offline, in the shape Receipt reads (no tax summary until it is sent). */
export function offlineReceipt({ body, lines, seller, counterName, cashier }) {
  const items = lines.map((line) => ({
    _id: `${body.number}-${line.id}`,
    name: line.pack?.name || line.label,
    nameTe: line.pack?.nameTe || "",
    brand: line.pack?.brand || "",
    quantity: line.pack?.quantity || "",
    units: line.pack?.units || "",
    hsnCode: line.pack?.hsnCode || "",
    gstRate: line.pack?.gstRate ?? 0,
    qty: line.qty,
    price: line.dprice,
    lineTotal: (paiseOf(line.dprice) * line.qty) / 100,
  }));
  const total = items.reduce((sum, item) => sum + paiseOf(item.lineTotal), 0) / 100;
  const cash = body.tenders.find((tender) => tender.method === "cash" && tender.tendered);
  return {
    _id: body.key,
    number: body.number,
    counter: { code: body.counter, name: counterName || body.counter },
    cashier: cashier || "",
    billedAt: body.billedAt,
    offline: true,
    change: cash ? (paiseOf(cash.tendered) - paiseOf(cash.amount)) / 100 : 0,
    tenders: body.tenders,
    seller: seller || {},
    order: { orderItems: items, gst: null, totalPrice: total },
  };
}

// ---- IndexedDB --------------------------------------------------------------------------------

let opening = null;

function openDb() {
  if (!opening) {
    opening = new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(KV);
        request.result.createObjectStore(OUTBOX, { keyPath: "key" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opening = null;
        reject(request.error);
      };
    });
  }
  return opening;
}

function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function finished(transaction) {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error || new Error("aborted"));
    transaction.onerror = () => reject(transaction.error);
  });
}

async function kvGet(key) {
  const db = await openDb();
  return done(db.transaction(KV).objectStore(KV).get(key));
}

async function kvPut(key, value) {
  const db = await openDb();
  const transaction = db.transaction(KV, "readwrite");
  transaction.objectStore(KV).put(value, key);
  return finished(transaction);
}

export const saveCatalog = (catalog) => kvPut("catalog", catalog);
export const loadCatalog = () => kvGet("catalog");
export const saveCounters = (counters) => kvPut("counters", counters);
export const loadCounters = () => kvGet("counters");

/** How many reserved numbers the till still holds. */
export async function numbersLeft(till) {
  return ((await kvGet(`numbers:${till}`)) || []).length;
}

async function addNumbers(till, numbers) {
  const db = await openDb();
  const transaction = db.transaction(KV, "readwrite");
  const store = transaction.objectStore(KV);
  const held = (await done(store.get(`numbers:${till}`))) || [];
  store.put([...held, ...numbers.filter((number) => !held.includes(number))], `numbers:${till}`);
  return finished(transaction);
}

export class NoNumbersLeft extends Error {
  constructor() {
    super("no offline numbers left");
    this.name = "NoNumbersLeft";
  }
}

/** Take the till's next reserved number and keep the bill `build(number)` makes, in one transaction. */
export async function keepOfflineBill(till, build) {
  const db = await openDb();
  const transaction = db.transaction([KV, OUTBOX], "readwrite");
  const numbers = transaction.objectStore(KV);
  const held = (await done(numbers.get(`numbers:${till}`))) || [];
  if (!held.length) {
    transaction.abort();
    await finished(transaction).catch(() => undefined);
    throw new NoNumbersLeft();
  }
  const [number, ...rest] = held;
  const body = build(number);
  numbers.put(rest, `numbers:${till}`);
  transaction.objectStore(OUTBOX).put({ key: body.key, body, refused: null });
  await finished(transaction);
  return body;
}

// The outbox keeps { key, body, refused } rows: keyPath "key" is the bill's own key.
async function outboxRows() {
  const db = await openDb();
  const rows = await done(db.transaction(OUTBOX).objectStore(OUTBOX).getAll());
  return rows.sort((a, b) => (a.body.number < b.body.number ? -1 : 1));
}

/** The bills waiting to be sent, and those the server refused (with its message), oldest first. */
export async function outbox() {
  const rows = await outboxRows();
  return { waiting: rows.filter((row) => !row.refused).map((row) => row.body), refused: rows.filter((row) => row.refused) };
}

let syncing = null;

/** Send the waiting bills; each answered bill leaves the outbox, a refused one stays with its reason. */
export function syncOutbox() {
  if (!syncing) {
    syncing = (async () => {
      const { waiting } = await outbox();
      let sent = 0;
      for (let start = 0; start < waiting.length; start += SYNC_CHUNK) {
        const chunk = waiting.slice(start, start + SYNC_CHUNK);
        const answer = await api("/api/counter/sync", { method: "POST", body: { bills: chunk } });
        const db = await openDb();
        const transaction = db.transaction(OUTBOX, "readwrite");
        const store = transaction.objectStore(OUTBOX);
        answer.results.forEach((result, index) => {
          const body = chunk[index];
          if (result.ok) {
            store.delete(body.key);
            sent += 1;
          } else store.put({ key: body.key, body, refused: result.message });
        });
        await finished(transaction);
      }
      return sent;
    })().finally(() => {
      syncing = null;
    });
  }
  return syncing;
}

/** Online: refresh the till's catalog and reserve numbers when few are left. */
export async function prepareTill(till) {
  const catalog = await api("/api/counter/catalog", { cache: "no-store" });
  await saveCatalog(catalog);
  if ((await numbersLeft(till)) < LOW_WATER) {
    const block = await api("/api/counter/blocks", { method: "POST", body: { counter: till, count: BLOCK_SIZE } });
    await addNumbers(till, block.numbers);
  }
  return catalog;
}
