// The islands are built against Preact's React compatibility layer (webpack.config.js), and the
// tests run the same (vitest.config.mjs): a test that passed on React would prove nothing shipped.
import { render, screen } from "@testing-library/react";
import * as compat from "preact/compat";
import * as compatClient from "preact/compat/client";
import * as React from "react";
import * as ReactDOM from "react-dom";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";

describe("the islands' React", () => {
  it("is Preact's compatibility layer, for the islands and for Testing Library alike", () => {
    expect(React.createElement).toBe(compat.createElement);
    expect(React.useState).toBe(compat.useState);
    expect(ReactDOM.flushSync).toBe(compat.flushSync);
    expect(createRoot).toBe(compatClient.createRoot);
    render(<p>{React.version}</p>);
    expect(screen.getByText(compat.version)).toBeInTheDocument();
  });
});
