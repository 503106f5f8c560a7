// Lighthouse's benchmark index of this host, read as Lighthouse reads it: its own page function, in
// Chromium launched the way its command line launches it (chrome-launcher with its default flags
// and the flags bench/lighthouse.py passes), so the figure matches the reports' "benchmarkIndex".
//
//   node bench/benchmark_index.mjs [samples]     prints the readings as a JSON array
//
// CHROME_PATH names the browser (bench/lighthouse.py sets Debian's Chromium). Used by
// `bench/lighthouse.py --calibrate`.
import * as ChromeLauncher from "chrome-launcher";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import puppeteer from "puppeteer-core";

const samples = Number(process.argv[2] ?? 5);
const chrome = await ChromeLauncher.launch({ chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const [page] = await browser.pages();
  const readings = [];
  for (let sample = 0; sample < samples; sample += 1) {
    readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  }
  await browser.disconnect();
  console.log(JSON.stringify(readings));
} finally {
  chrome.kill();
}
