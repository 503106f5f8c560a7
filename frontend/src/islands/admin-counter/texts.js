// The keys of the counter's payment methods and tabs, written out so the catalog check can find
// each one (a key built from a template would hide it).
export const METHOD_TEXTS = {
  cash: "counter.method.cash",
  upi: "counter.method.upi",
  card: "counter.method.card",
  credit: "counter.method.credit",
};

export const TAB_TEXTS = {
  bill: "counter.tab.bill",
  return: "counter.tab.return",
  close: "counter.tab.close",
  labels: "counter.tab.labels",
};
