// pa11y (HTML_CodeSniffer and axe runners, WCAG 2 AA) on pages of a served site, in the light and the dark theme,
// in Debian's Chromium (no browser download). Usage: node pa11y_run.cjs <base-url> <page>... ; prints one JSON object:
// {"<page> <theme>": [{runner, code, selector, message}], ...} with the errors only. tests/test_validators.py runs it.
"use strict";
const path = require("path");
const root = path.resolve(__dirname, "..", "..");
const pa11y = require(path.join(root, "node_modules", "pa11y"));
const puppeteer = require(path.join(root, "node_modules", "puppeteer"));

async function main() {
  const [base, ...pages] = process.argv.slice(2);
  const browser = await puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--headless=new", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const out = {};
  try {
    for (const theme of ["light", "dark"]) {
      for (const name of pages) {
        const page = await browser.newPage();
        await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: theme }]);
        const result = await pa11y(base + "/" + name, {
          browser, page, runners: ["htmlcs", "axe"], standard: "WCAG2AA", timeout: 120000,
          chromeLaunchConfig: { executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] },
        });
        out[name + " " + theme] = result.issues.filter((i) => i.type === "error")
          .map((i) => ({ runner: i.runner, code: i.code, selector: i.selector, message: i.message }));
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => { process.stderr.write(String(error && error.stack || error) + "\n"); process.exit(2); });
