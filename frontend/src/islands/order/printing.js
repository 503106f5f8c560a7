// Printing the order page: the page prints itself, through order.css's `@media print` rules, which
// show only the elements marked `.printable` (the invoice and the credit notes) and hide the rest of
// the page. So Ctrl+P and the Print buttons print the same sheet, and nothing needs an inline style
// the Content-Security-Policy would refuse (the old pop-up window wrote a <style> element).

/** Print only `element` (one credit note): the other printable parts hide until printing is over. */
export function printOnly(element) {
  const root = document.documentElement;
  element.classList.add("print-target");
  root.classList.add("print-one");
  const done = () => {
    element.classList.remove("print-target");
    root.classList.remove("print-one");
    window.removeEventListener("afterprint", done);
  };
  window.addEventListener("afterprint", done);
  window.print();
}
