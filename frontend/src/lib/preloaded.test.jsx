import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetPreloaded, takePreloaded } from "./preloaded";
import { mockFetch } from "./testing/mockFetch";
import { useApi } from "./useApi";

function writePreload(answers) {
  const script = document.createElement("script");
  script.id = "api-preload";
  script.type = "application/json";
  script.textContent = JSON.stringify(answers);
  document.body.append(script);
}

function Names({ path }) {
  const { data, loading } = useApi(path);
  if (loading) return <p>loading</p>;
  return <p>{data.categories.join(", ")}</p>;
}

beforeEach(() => resetPreloaded());
afterEach(() => {
  document.getElementById("api-preload")?.remove();
  resetPreloaded();
});

describe("preloaded answers", () => {
  it("are taken once each, by their exact path", () => {
    writePreload({ "/api/products/categories": { categories: ["OILS"] } });
    expect(takePreloaded("/api/products/categories?x=1")).toBeUndefined();
    expect(takePreloaded("/api/products/categories")).toEqual({ categories: ["OILS"] });
    expect(takePreloaded("/api/products/categories")).toBeUndefined();
  });

  it("are none when the page has no script", () => {
    expect(takePreloaded("/api/products/categories")).toBeUndefined();
  });

  it("let useApi show the answer in its first render, with no request", () => {
    const fetchMock = mockFetch({});
    writePreload({ "/api/products/categories": { categories: ["OILS", "SNACKS"] } });
    render(<Names path="/api/products/categories" />);
    expect(screen.getByText("OILS, SNACKS")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("leave a path the page did not answer to a fetch", async () => {
    const fetchMock = mockFetch({ "GET /api/products/categories": { body: { categories: ["RICE"] } } });
    writePreload({ "/api/products/featured": { categories: [] } });
    render(<Names path="/api/products/categories" />);
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByText("RICE")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
