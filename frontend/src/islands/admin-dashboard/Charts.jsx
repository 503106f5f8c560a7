// The dashboard's two chart shapes as SVG drawn from the API's numbers (geometry in charts.js):
// a line over days and horizontal bars. Each chart is a labelled image; the table beside it
// (ChartTable) carries the same numbers for screen readers, print and copying.
import { useId } from "react";
import { barShares, labelledIndexes, lineGeometry, LINE_VIEW } from "./charts";

export function LineChart({ title, labels, values, format }) {
  const id = useId();
  const { points, grid, x, baseline } = lineGeometry(values);
  const path = points.map((point, index) => `${index ? "L" : "M"}${point.x} ${point.y}`).join(" ");
  return (
    <svg className="dashboard-chart" viewBox={`0 0 ${LINE_VIEW.width} ${LINE_VIEW.height}`} role="img" aria-labelledby={id}>
      <title id={id}>{title}</title>
      {grid.map((line) => (
        <g key={line.y}>
          <line className="dashboard-chart__grid" x1={LINE_VIEW.left} x2={LINE_VIEW.width - LINE_VIEW.right} y1={line.y} y2={line.y} />
          <text className="dashboard-chart__axis" x={LINE_VIEW.left - 6} y={line.y + 4} textAnchor="end">
            {format(line.value)}
          </text>
        </g>
      ))}
      <path className="dashboard-chart__line" d={path} />
      {points.map((point, index) => (
        <circle key={index} className="dashboard-chart__dot" cx={point.x} cy={point.y} r="3.5" />
      ))}
      {labelledIndexes(labels.length).map((index) => (
        <text key={index} className="dashboard-chart__axis" x={x(index)} y={baseline + 20} textAnchor={index === labels.length - 1 && labels.length > 1 ? "end" : index === 0 && labels.length > 1 ? "start" : "middle"}>
          {labels[index]}
        </text>
      ))}
    </svg>
  );
}

const BAR_ROW = 34;
const BAR_LABEL = 150;
const BAR_WIDTH = 640;

export function BarChart({ title, labels, values, format }) {
  const id = useId();
  const shares = barShares(values);
  const room = BAR_WIDTH - BAR_LABEL - 110;
  const height = Math.max(1, labels.length) * BAR_ROW;
  return (
    <svg className="dashboard-chart" viewBox={`0 0 ${BAR_WIDTH} ${height}`} role="img" aria-labelledby={id}>
      <title id={id}>{title}</title>
      {labels.map((label, index) => {
        const y = index * BAR_ROW;
        const width = Math.max(shares[index] * room, values[index] > 0 ? 2 : 0);
        return (
          <g key={`${label}-${index}`}>
            <text className="dashboard-chart__label" x={BAR_LABEL - 8} y={y + 21} textAnchor="end">
              {label.length > 20 ? `${label.slice(0, 19)}…` : label}
            </text>
            <rect className="dashboard-chart__bar" x={BAR_LABEL} y={y + 6} width={width} height={BAR_ROW - 12} rx="3" />
            <text className="dashboard-chart__value" x={BAR_LABEL + width + 6} y={y + 21}>
              {format(values[index])}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The numbers of a chart as a table, tucked under a <details> on a phone, open on a wide screen. */
export function ChartTable({ caption, headings, rows, open = false }) {
  return (
    <details className="dashboard-table" open={open}>
      <summary>{caption}</summary>
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">{caption}</caption>
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
    </details>
  );
}
