// The dashboard's two chart shapes, drawn from the API's numbers (geometry in charts.js): a line
// over days (SVG) and horizontal bars. Each chart is a labelled image; the table beside it
// (ChartTable) carries the same numbers for screen readers, print and copying.
import { useId } from "react";
import { barShares, labelledIndexes, lineGeometry, LINE_VIEW, PHONE_LINE_VIEW, WIDE_LINE_VIEW } from "./charts";

// A phone draws the line in a narrower box, so that its text stays as large as the page's; a wide
// screen in a wider one, so that the line fills its card rather than 70 % of it (issue 45).
const screenIs = (query) => typeof window !== "undefined" && Boolean(window.matchMedia?.(query).matches);
const lineView = () => (screenIs("(max-width: 600px)") ? PHONE_LINE_VIEW : screenIs("(min-width: 1000px)") ? WIDE_LINE_VIEW : LINE_VIEW);

export function LineChart({ title, labels, values, format }) {
  const id = useId();
  const view = lineView();
  const { points, grid, x, baseline } = lineGeometry(values, view);
  const path = points.map((point, index) => `${index ? "L" : "M"}${point.x} ${point.y}`).join(" ");
  return (
    <svg className="dashboard-chart" viewBox={`0 0 ${view.width} ${view.height}`} role="img" aria-labelledby={id}>
      <title id={id}>{title}</title>
      {grid.map((line) => (
        <g key={line.y}>
          <line className="dashboard-chart__grid" x1={view.left} x2={view.width - view.right} y1={line.y} y2={line.y} />
          <text className="dashboard-chart__axis" x={view.left - 6} y={line.y + 4} textAnchor="end">
            {format(line.value)}
          </text>
        </g>
      ))}
      <path className="dashboard-chart__line" d={path} />
      {points.map((point, index) => (
        <circle key={index} className="dashboard-chart__dot" cx={point.x} cy={point.y} r="3.5" />
      ))}
      {labelledIndexes(labels.length, view.labels).map((index) => (
        <text key={index} className="dashboard-chart__axis" x={x(index)} y={baseline + 20} textAnchor={index === labels.length - 1 && labels.length > 1 ? "end" : index === 0 && labels.length > 1 ? "start" : "middle"}>
          {labels[index]}
        </text>
      ))}
    </svg>
  );
}

/**
 * Horizontal bars as HTML rather than SVG, so that their labels keep the page's own text size on a
 * phone and on a wide screen alike. The table beside them is what assistive technology reads.
 */
export function BarChart({ labels, values, format }) {
  const shares = barShares(values);
  return (
    <div className="dashboard-bars" aria-hidden="true">
      {labels.map((label, index) => (
        <div className="dashboard-bars__row" key={`${label}-${index}`}>
          <span className="dashboard-bars__label">{label}</span>
          <span className="dashboard-bars__track">
            <span className="dashboard-bars__bar" style={{ width: `${(shares[index] * 100).toFixed(1)}%` }} />
          </span>
          <span className="dashboard-bars__value">{format(values[index])}</span>
        </div>
      ))}
    </div>
  );
}

/** A table of rows whose first cell heads its row (the charts' numbers, the dashboard's pack lists). */
export function DataTable({ caption, headings, rows, className = "table" }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable).
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption || undefined}>
      <table className={className}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (column === 0 ? <th key={column} scope="row">{cell}</th> : <td key={column}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The numbers of a chart as a table, tucked under a <details> on a phone, open on a wide screen. */
export function ChartTable({ caption, headings, rows, open = false }) {
  return (
    <details className="dashboard-table" open={open}>
      <summary>{caption}</summary>
      <DataTable caption={caption} headings={headings} rows={rows} />
    </details>
  );
}
