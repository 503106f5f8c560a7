// The report form's state: which order lines are ticked, with their problem and packs, turned into
// the body of POST /api/support/tickets. The rules (what may be reported, how many packs, until
// when) are the server's: the page offers only what GET /api/support/orders/{id} says is left.

/** The lines a shopper may tick: something left to report and no open report already. */
export function reportableLines(state) {
  return (state?.lines ?? []).filter((line) => line.reportable > 0 && !line.openTicket);
}

/** An unticked choice for each reportable line. */
export function emptyChoices(state) {
  return Object.fromEntries(reportableLines(state).map((line) => [line._id, { chosen: false, problem: "", quantity: 1 }]));
}

/** The request body, or null while no ticked line has a problem chosen. */
export function reportBody({ orderId, choices, text, photo }) {
  const lines = Object.entries(choices)
    .filter(([, choice]) => choice.chosen)
    .map(([item, choice]) => ({ item, problem: choice.problem, quantity: Number(choice.quantity) }));
  if (lines.length === 0 || lines.some((line) => !line.problem)) return null;
  return { order: orderId, lines, text: text.trim(), photo: photo?.photo ?? "" };
}
