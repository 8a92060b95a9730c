// Test-only hooks, injected by the test suite (conftest.py, before any script of the page) into
// every page it opens; the site itself has no globals for tests.  A driver with no init script
// (Selenium with WebKitGTK: tests/web/enginepage.py) evaluates it right after the load instead: it
// then finds the announcer and the page's modules already there.
//
//   window.__cambria.state()        {mode, view, partial, opts, busy, replay}: the controller's state
//   window.__cambria.request(t, p)  a request through the page's own engine (no busy state)
//   window.__cambria.engine()       the page's engine host (engine.js): .bridge.worker, .restart()
//   window.__cambria.setLimit(ms, type?)  the bound on requests (engine.js LIMITS; of one type, or the
//                                   default), to test a hang quickly
//   window.__cambria.setPause(ms)   the pause before a computer seat moves, at every pace (pace.js PAUSE)
//   window.__cambriaAnnounced       every text the live region announced (a11y.js), in order
//   window.__cambriaPassScreen = true   (set by a test's own init script) keeps the pass screen
//                                   between people (cues.js), which the hooks otherwise turn off:
//                                   most tests play several people's turns by taps
//
// The page's modules are reached by importing them again: a module has one instance per URL,
// so `import(<app.js's own URL>)` gives the very objects the page runs.
(() => {
  if (window.top !== window) return;
  const announced = [];
  Object.defineProperty(window, "__cambriaAnnounced", { value: announced });
  function watchAnnouncer() {
    const node = document.getElementById("announcer");
    if (!node) return false;
    new MutationObserver(() => {
      const text = node.textContent;
      if (text) announced.push(text);
    }).observe(node, { childList: true, characterData: true, subtree: true });
    return true;
  }
  if (!watchAnnouncer()) {
    new MutationObserver((_, observer) => {
      if (watchAnnouncer()) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }

  let page = null;
  let engineModule = null;
  let paceModule = null;
  async function loadModules() {
    const script = document.querySelector('script[type="module"][src*="app.js"]');
    if (!script) return;
    engineModule = await import(new URL("engine.js", script.src).href);
    paceModule = await import(new URL("pace.js", script.src).href);
    const cuesModule = await import(new URL("cues.js", script.src).href);
    if (!window.__cambriaPassScreen) cuesModule.PASS_SCREEN.on = false;
    page = await import(script.src);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", loadModules);
  else loadModules();

  function need() {
    if (!page) throw new Error("tests/web/hooks.js: the page's modules are not loaded yet");
    return page;
  }

  Object.defineProperty(window, "__cambria", {
    value: {
      state() {
        const s = need().controller.state;
        return {
          mode: s.mode, view: s.view, partial: s.partial.slice(), opts: s.opts, busy: Boolean(s.busy),
          replay: s.replay ? { at: s.replay.at, total: s.replay.total } : null,
        };
      },
      request: (type, payload) => need().controller.request(type, payload),
      engine: () => need().engine,
      setLimit(ms, type = "default") {
        engineModule.LIMITS[type] = ms;
      },
      limits: () => ({ ...engineModule.LIMITS }),
      setPause(ms) {
        for (const k of Object.keys(paceModule.PAUSE)) paceModule.PAUSE[k] = ms;
      },
      get loaded() {
        return page !== null;
      },
    },
  });
})();
