// Names of the things on a Cambria board, in the player's language, read from the drawing:
// forts are proper nouns (data-name on each fort), a road is named by its two forts (data-forts
// on its slot), boats by their number.  The words module asks here for {"road": n} and
// {"fort": n} references; translate() gives the drawing its labels for screen readers.

import { t } from "../../i18n.js";
import { mapRegion } from "../../words.js";

function fortName(svg, f) {
  const node = svg && svg.querySelector(`.fort[data-fort="${Number(f)}"]`);
  return node ? node.dataset.name || node.querySelector(".fort-name")?.textContent || String(f) : String(f);
}

function roadForts(svg, road) {
  const slot = svg && svg.querySelector(`.slot[data-road="${Number(road)}"]`);
  if (!slot || !slot.dataset.forts) return null;
  return slot.dataset.forts.split(",").map(Number);
}

/** {road(n), fort(n)}: the names of roads and forts on this drawing. */
export function names(svg) {
  return {
    road(n) {
      const forts = roadForts(svg, n);
      if (!forts) return t("road.numbered", { n: Number(n) });
      return t("road.name", { a: fortName(svg, forts[0]), b: fortName(svg, forts[1]) });
    },
    fort: (n) => fortName(svg, n),
  };
}

/** Give the drawing's roads, boats, forts, eagle and region their words in this language. */
export function translate(svg) {
  const map = svg.dataset.map;
  const title = svg.querySelector(".map-title")?.textContent || map;
  const region = mapRegion(map);
  const niceTitle = title.charAt(0) + title.slice(1).toLowerCase();
  svg.setAttribute("aria-label", region ? t("board.mapRegion", { title: niceTitle, region }) : t("board.map", { title: niceTitle }));
  svg.setAttribute("aria-description", t("board.keys"));
  const regionText = svg.querySelector(".map-region");
  if (regionText && region) regionText.textContent = region;
  for (const slot of svg.querySelectorAll(".slot")) {
    const forts = roadForts(svg, slot.dataset.road);
    if (forts && forts.length === 2) {
      slot.setAttribute("aria-label", t("road.label", { a: fortName(svg, forts[0]), b: fortName(svg, forts[1]) }));
    }
  }
  for (const boat of svg.querySelectorAll(".boat")) boat.setAttribute("aria-label", t("boat.label", { n: Number(boat.dataset.boat) }));
  for (const fort of svg.querySelectorAll(".fort")) {
    const name = fort.dataset.name;
    if (!name) continue;
    const number = Number(fort.dataset.number);
    const label = fort.dataset.modern
      ? t("fort.labelModern", { name, modern: fort.dataset.modern, number })
      : t("fort.label", { name, number });
    fort.setAttribute("aria-label", label);
    const text = fort.querySelector("title");
    if (text) text.textContent = label;
  }
  const eagle = svg.querySelector(".eagle");
  if (eagle) eagle.setAttribute("aria-label", t("eagle.label"));
  const eagleText = svg.querySelector(".eagle-label");
  if (eagleText) eagleText.textContent = t("eagle.text");
}
