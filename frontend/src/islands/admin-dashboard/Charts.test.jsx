import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChartTable, DataTable } from "./Charts";

describe("the dashboard's tables", () => {
  it("heads each row with its first cell, and a chart's table carries its caption", () => {
    const { container } = render(<ChartTable caption="Sales by day" headings={["Day", "Sales"]} rows={[["Mon", "₹10"]]} />);
    expect(container.querySelector("details.dashboard-table summary").textContent).toBe("Sales by day");
    expect(container.querySelector(".table-scroll table.table caption").textContent).toBe("Sales by day");
    expect([...container.querySelectorAll("thead th")].map((cell) => cell.getAttribute("scope"))).toEqual(["col", "col"]);
    expect(container.querySelector("tbody th[scope=row]").textContent).toBe("Mon");
    expect(container.querySelector("tbody td").textContent).toBe("₹10");
  });

  it("a pack list has no caption and its own class", () => {
    const { container } = render(<DataTable className="table dashboard-packs" headings={["Pack", "Left"]} rows={[["Rice 1 kg", "3"]]} />);
    expect(container.querySelector(".table-scroll table.dashboard-packs")).not.toBeNull();
    expect(container.querySelector("caption")).toBeNull();
  });
});
