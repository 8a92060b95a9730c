// The loading card: the engine's progress while Python starts, and what to do if it cannot.
//
//   import { loadingProgress, loadingFailed, loadingDone, retranslateLoading } from "./loading.js";

import { el } from "./dom.js";
import { formatPercent, t } from "./i18n.js";
import { stageText } from "./words.js";

const $ = (id) => document.getElementById(id);
let stage = null; // the last stage reported, for a language switch

export function loadingProgress({ stage: name, fraction }) {
  const pct = Math.round(Math.max(0, Math.min(1, fraction || 0)) * 100);
  stage = name || "";
  $("loading").hidden = false;
  $("loading-text").removeAttribute("data-i18n");
  $("loading-text").textContent = t("loading.stage", { stage: stageText(stage) });
  $("loading-pct").textContent = formatPercent(pct / 100);
  $("loading-bar").setAttribute("aria-valuenow", String(pct));
  $("loading-bar").style.setProperty("--pct", `${pct}%`);
}

export function loadingDone() {
  $("loading").hidden = true;
}

export function loadingFailed(err) {
  const box = $("loading");
  box.hidden = false;
  box.classList.add("failed");
  $("loading-text").removeAttribute("data-i18n");
  $("loading-text").textContent = t("loading.failed", { detail: err.message || String(err) });
  $("loading-pct").textContent = "";
  if (!box.querySelector(".reload")) {
    box.append(el("button", {
      type: "button", class: "primary reload", "data-i18n": "loading.reload", text: t("loading.reload"),
      onclick: () => location.reload(),
    }));
  }
}

export function retranslateLoading() {
  const box = $("loading");
  if (stage !== null && !box.hidden && !box.classList.contains("failed")) {
    $("loading-text").textContent = t("loading.stage", { stage: stageText(stage) });
  }
}
