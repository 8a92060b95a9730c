// A menu setting chosen among a few values and remembered on this device: the pace, sound and
// win chances.  What is stored is trusted only through the module's own reader (anything else
// gives its default); storage that refuses keeps the choice for this visit only.
//
//   import { rememberedSetting } from "./setting.js";
//   const pace = rememberedSetting({ key: "cambria:pace", name: "pace", values: PACES,
//                                    read: readPace, label: (v) => ..., changed: (v) => ... });
//   pace.value()         // the value chosen
//   pace.set(v)          // choose (nothing unless one of values): remembered, buttons marked, changed(v)
//   pace.buttons(cls)    // the menu's buttons, one per value, data-<name>, data-testid "<name>-<value>",
//                        // aria-pressed on the chosen one; worded again in a new language

import { onLanguage } from "./i18n.js";
import { el } from "./dom.js";

export function rememberedSetting({ key, name, values, read, label, changed = () => {} }) {
  let current;
  try {
    current = read(localStorage.getItem(key));
  } catch {
    current = read(null); // storage blocked: the default, this visit only
  }
  const made = []; // every button made, in every menu

  function mark(buttons) {
    for (const b of buttons) {
      b.setAttribute("aria-pressed", String(b.dataset[name] === current));
      b.textContent = label(b.dataset[name]);
    }
  }

  function set(value) {
    if (!values.includes(value)) return;
    current = value;
    try {
      localStorage.setItem(key, value);
    } catch {
      // not remembered: this visit only
    }
    mark(made);
    changed(value);
  }

  function buttons(cls) {
    const out = values.map((v) => el("button", {
      type: "button", class: cls, [`data-${name}`]: v, "data-testid": `${name}-${v}`,
      "aria-pressed": String(v === current), text: label(v), onclick: () => set(v),
    }));
    made.push(...out);
    onLanguage(() => mark(out));
    return out;
  }

  return { value: () => current, set, buttons };
}
