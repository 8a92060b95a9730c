// Console errors and uncaught errors, kept in the page for a driver that cannot read the browser's
// console (Selenium with WebKitGTK's WebDriver has no log endpoint and no BiDi).  Evaluated by
// tests/web/enginepage.py right after each load, so it sees everything from then on: the start of
// Python, the game, the service worker's messages to the page (an error before the load event
// would show as a page that never becomes interactive).
(() => {
  if (window.__engineErrors) return;
  const errors = [];
  Object.defineProperty(window, "__engineErrors", { value: errors });
  // an Error's stack in JavaScriptCore does not repeat its message
  const text = (v) => (v instanceof Error ? `${v.name}: ${v.message}${v.stack ? "\n" + v.stack : ""}` : String(v));
  const original = console.error.bind(console);
  console.error = (...args) => {
    errors.push("console.error: " + args.map(text).join(" "));
    original(...args);
  };
  addEventListener("error", (e) => errors.push(`uncaught: ${e.message} (${e.filename}:${e.lineno})`));
  addEventListener("unhandledrejection", (e) => errors.push("unhandled rejection: " + text(e.reason)));
})();
