// The error banner: a sentence in the player's language for what went wrong (by the error's
// code, web/words.js), with the engine's own English words as the detail.
//
//   import { showError, clearError, catchUncaught } from "./errors.js";
//   showError(err)       // an EngineError, an Error, or {i18n: "a translated sentence"}
//   clearError()
//   catchUncaught()      // once: uncaught errors of the page are shown too, not lost

import { el } from "./dom.js";
import { errorDetail, errorText } from "./words.js";

export function showError(err) {
  const detail = errorDetail(err);
  document.getElementById("error-text").replaceChildren(
    document.createTextNode(errorText(err)),
    ...(detail ? [" ", el("span", { class: "error-detail", lang: "en", text: `(${detail})` })] : []),
  );
  document.getElementById("error").hidden = false;
}

export function clearError() {
  document.getElementById("error").hidden = true;
}

export function catchUncaught() {
  window.addEventListener("error", (event) => showError(event.error || { message: event.message }));
  window.addEventListener("unhandledrejection", (event) => {
    event.preventDefault();
    showError(event.reason);
  });
  document.getElementById("error-close").addEventListener("click", clearError);
}
