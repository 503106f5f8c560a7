// The stock screens' two repeated pieces, written once: a table (the headings, then one row per item
// whose first cell names it, scrolling sideways on a phone; each cell labelled with its heading for
// the count sheet's phone cards), and an answer that is loading, refused or there.
import Loader from "../../components/Loader";
import Message from "../../components/Message";

/** `rows`: [{key, cells: [name, ...]}], a cell per heading. */
export default function StockTable({ headings, rows, caption, className = "", scroll = true }) {
  const table = (
    <table className={`table stock-table ${className}`.trim()}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {headings.map((heading) => (
            <th scope="col" key={heading}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, column) =>
              column === 0 ? (
                <th scope="row" key={column}>
                  {cell}
                </th>
              ) : (
                <td key={column} data-label={headings[column]}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return scroll ? <div className="stock-scroll">{table}</div> : table;
}

/** `answer` is a useApi result: its error, a loader while it loads, else `children(data)`. */
export function Loaded({ answer, children }) {
  if (answer.error) return <Message variant="danger">{answer.error}</Message>;
  if (!answer.data) return <Loader />;
  return children(answer.data);
}
