// Firefox for the browser tests: Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi,
// one page, spoken to in JSON lines on stdin/stdout (tests/web/engines/backends.py is the other end).
//
//   node puppeteer_driver.mjs            PUPPETEER_MODULES: the node_modules that hold puppeteer-core
//                                        (.cache/engines-node/node_modules: `npm ci` of package.json here)
// Each request is one line {id, cmd, ...}; each answer one line {id, ok: true, value} or
// {id, ok: false, error}.  Commands:
//   launch {width, height, touch, mobile, scale, reducedMotion, initScript, prefs}   start Firefox and open a page
//   goto {url}   reload   evaluate {expression} (a promise is awaited)
//   click {x, y}   tap {x, y}   clickSelector {selector}   tapSelector {selector}
//   fill {selector, value} (real keystrokes)   select {selector, value}   screenshot {path}
//   errors   the console errors and uncaught errors since the last call      close
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import path from "node:path";

const modules = process.env.PUPPETEER_MODULES;
if (!modules) throw new Error("PUPPETEER_MODULES must name the node_modules folder holding puppeteer-core");
const puppeteer = createRequire(path.join(modules, "noop.js"))("puppeteer-core");

let browser = null;
let page = null;
const errors = [];

function describe(message) {
  const where = message.location && message.location();
  return where && where.url ? `${message.text()} (${where.url}:${where.lineNumber})` : message.text();
}

async function element(selector) {
  const handle = await page.$(selector);
  if (!handle) throw new Error(`no element matches ${selector}`);
  return handle;
}

const commands = {
  async launch(r) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: r.executable || "/usr/bin/firefox-esr",
      headless: true,
      protocol: "webDriverBiDi",
      timeout: 180000, // a start on a busy machine
      extraPrefsFirefox: { ...(r.reducedMotion ? { "ui.prefersReducedMotion": 1 } : {}), ...(r.prefs || {}) },
    });
    page = await browser.newPage();
    page.on("console", (m) => { if (m.type() === "error") errors.push(`console.error: ${describe(m)}`); });
    page.on("pageerror", (e) => errors.push(`uncaught: ${e && e.message ? e.message : e}`));
    page.on("dialog", (d) => d.accept());
    await page.setViewport({
      width: r.width, height: r.height, isMobile: Boolean(r.mobile), hasTouch: Boolean(r.touch),
      deviceScaleFactor: r.scale || 1,
    });
    if (r.initScript) await page.evaluateOnNewDocument(r.initScript);
    return await browser.version();
  },
  async goto(r) {
    await page.goto(r.url, { waitUntil: "load", timeout: r.timeout || 120000 });
  },
  async reload(r) {
    await page.reload({ waitUntil: "load", timeout: r.timeout || 120000 });
  },
  async evaluate(r) {
    return await page.evaluate(r.expression);
  },
  async click(r) {
    await page.mouse.click(r.x, r.y);
  },
  async tap(r) {
    await page.touchscreen.tap(r.x, r.y);
  },
  async clickSelector(r) {
    await (await element(r.selector)).click();
  },
  async tapSelector(r) {
    await (await element(r.selector)).tap();
  },
  async fill(r) {
    const handle = await element(r.selector);
    await handle.click({ count: 3 });
    await handle.evaluate((el) => { el.select(); });
    await page.keyboard.press("Backspace");
    await handle.type(r.value);
  },
  async select(r) {
    await page.select(r.selector, r.value);
  },
  async screenshot(r) {
    await page.screenshot({ path: r.path });
  },
  async errors() {
    return errors.splice(0, errors.length);
  },
  async close() {
    if (browser) await browser.close();
    browser = null;
  },
};

const lines = createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on("line", (line) => {
  // one request at a time, in order: the Python side waits for each answer
  queue = queue.then(async () => {
    let request;
    try {
      request = JSON.parse(line);
      const value = await commands[request.cmd](request);
      process.stdout.write(JSON.stringify({ id: request.id, ok: true, value: value === undefined ? null : value }) + "\n");
    } catch (e) {
      const id = request ? request.id : null;
      process.stdout.write(JSON.stringify({ id, ok: false, error: String(e && e.stack ? e.stack : e) }) + "\n");
    }
  });
});
lines.on("close", () => {
  queue.then(() => commands.close()).finally(() => process.exit(0));
});
