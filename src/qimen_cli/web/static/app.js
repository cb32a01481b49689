// qimen web: the page's form is made from /api/meta (every art's options, from the records);
// the chart is the server's view (/view/ART/fragment), the JSON the command line's (/api/ART).
// Everything the page shows is in its address (?art=…&at=…&tz=…), so a link reproduces it.
"use strict";

const TIME_SHOWN = ["at", "tz", "lon", "solar_time", "day_change"];   // the instant panel's first row
const TIME_HIDDEN = ["start", "end", "every", "keep_going"];           // a range: the API's, not the page's
const FIND_SHOWN = ["start", "end", "tz", "lon", "where", "any_of", "stats", "first"];
let META = null, LANG = document.documentElement.dataset.lang || "zh", ART = "cast";
let REGISTRY = null;

const $ = (id) => document.getElementById(id);
const word = (key) => (META.words[key] || {})[LANG] || key;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v; else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c);
  return node;
}

function command(name) { return META.commands.find((c) => c.name === name); }

// --- the fields ---------------------------------------------------------------------------

function field(prefix, option) {
  const id = `${prefix}-${option.name}`;
  const box = el("div", { class: "field" + (option.multiple ? " wide" : "") + (option.form === "flag" ? " check" : "") });
  const label = el("label", { for: id, text: option.flag });
  const hint = el("span", { class: "hint", id: `${id}-hint`, text: option.help });
  const err = el("span", { class: "error", id: `${id}-error`, role: "alert", hidden: true });
  let input;
  if (option.form === "choice") {
    input = el("select", { id, name: option.name });
    input.append(el("option", { value: "", text: `${option.default ?? ""} ${word("default")}`.trim() }));
    for (const c of option.choices) input.append(el("option", { value: c, text: c }));
  } else if (option.form === "flag") {
    input = el("input", { id, name: option.name, type: "checkbox" });
  } else if (option.multiple) {
    input = el("textarea", { id, name: option.name, rows: 3, spellcheck: "false" });
  } else if (option.name === "at") {
    input = el("input", { id, name: option.name, type: "datetime-local", step: 1 });
  } else {
    input = el("input", { id, name: option.name, type: "text", autocomplete: "off", spellcheck: "false",
      placeholder: option.default ?? "" });
    if (option.form === "zone") input.setAttribute("list", "zones");
    if (option.form === "degrees" || option.form === "whole") input.setAttribute("inputmode", "decimal");
  }
  input.setAttribute("aria-describedby", `${id}-hint ${id}-error`);
  input.dataset.option = option.name;
  if (option.form === "flag") box.append(input, label, err); else box.append(label, input, hint, err);
  if (option.form === "flag") box.append(hint);
  return box;
}

function fillFields(prefix, options, shown, hidden) {
  const first = $(prefix === "f" ? "fields" : "find-fields"), more = $(prefix === "f" ? "art-fields" : "find-art-fields");
  first.replaceChildren(); more.replaceChildren();
  for (const name of shown) {
    const option = options.find((o) => o.name === name);
    if (option) first.append(field(prefix, option));
  }
  for (const option of options) {
    if (shown.includes(option.name) || hidden.includes(option.name)) continue;
    more.append(field(prefix, option));
  }
}

function inputs(prefix) { return [...document.querySelectorAll(`[id^="${prefix}-"][data-option]`)]; }

function readForm(prefix) {
  const pairs = [];
  for (const input of inputs(prefix)) {
    const name = input.dataset.option;
    if (input.type === "checkbox") { if (input.checked) pairs.push([name, "true"]); continue; }
    if (input.tagName === "TEXTAREA") {
      for (const line of input.value.split("\n")) if (line.trim()) pairs.push([name, line.trim()]);
      continue;
    }
    if (input.value !== "") pairs.push([name, input.value]);
  }
  return pairs;
}

function writeForm(prefix, params) {
  for (const input of inputs(prefix)) {
    const values = params.getAll(input.dataset.option);
    if (input.type === "checkbox") input.checked = values[0] === "true";
    else if (input.tagName === "TEXTAREA") input.value = values.join("\n");
    else if (values.length) input.value = values[0];
  }
}

function query(pairs) { return new URLSearchParams(pairs).toString(); }

// --- errors: the command line's line, beside its field -------------------------------------------

function clearErrors() {
  for (const e of document.querySelectorAll(".error")) { e.hidden = true; e.textContent = ""; }
  for (const i of document.querySelectorAll("[aria-invalid]")) i.removeAttribute("aria-invalid");
}

function showError(prefix, data) {
  const box = $(prefix === "f" ? "error" : "find-error");
  box.textContent = data.error; box.hidden = false;
  const input = data.field && $(`${prefix}-${data.field}`);
  if (input) {
    input.setAttribute("aria-invalid", "true");
    const err = $(`${prefix}-${data.field}-error`);
    err.textContent = data.error; err.hidden = false;
  }
}

async function get(url) {
  const response = await fetch(url);
  if (response.status >= 400) {
    let data; try { data = await response.json(); } catch { data = { error: `HTTP ${response.status}`, field: null }; }
    throw Object.assign(new Error(data.error), { data });
  }
  return response;
}

// --- the instant ------------------------------------------------------------------------------

function two(n) { return String(n).padStart(2, "0"); }
function naive(date) {  // a Date read on UTC as a wall clock → "YYYY-MM-DDTHH:MM:SS"
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}T` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

function nowIn(tz) {  // now on the clock of tz (an IANA name or an offset), else the browser's
  const now = new Date();
  const offset = /^([+-])(\d{2}):?(\d{2})?$/.exec(tz || "");
  if (offset) {
    const sign = offset[1] === "-" ? -1 : 1;
    return naive(new Date(now.getTime() + sign * (Number(offset[2]) * 60 + Number(offset[3] || 0)) * 60000));
  }
  try {
    const parts = Object.fromEntries(new Intl.DateTimeFormat("en-CA", { timeZone: tz || undefined, hourCycle: "h23",
      year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(now).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  } catch {
    return naive(new Date(now.getTime() - now.getTimezoneOffset() * 60000));
  }
}

function step(minutes) {
  const at = $("f-at"), tz = $("f-tz");
  if (!at.value) at.value = nowIn(tz && tz.value);
  const [d, t] = at.value.split("T");
  const [y, m, day] = d.split("-").map(Number), [hh, mm, ss] = (t || "0:0").split(":").map(Number);
  at.value = naive(new Date(Date.UTC(y, m - 1, day, hh, mm + minutes, ss || 0)));
  show();
}

function address(pairs) {
  const params = new URLSearchParams([["art", ART], ["lang", LANG], ...pairs]);
  history.replaceState(null, "", `?${params}`);
}

function setLinks(pairs) {
  const q = query(pairs), ql = query([...pairs, ["lang", LANG]]);
  $("json").href = `/api/${ART}?${q}`; $("json").setAttribute("download", `qimen-${ART}.json`);
  $("svg").href = `/view/${ART}/svg?${ql}`; $("html").href = `/view/${ART}/html?${ql}`;
}

function cellWidth() {
  const chart = $("chart"), phone = window.matchMedia("(max-width: 600px)").matches;
  const cell = phone ? 8 : 9, padding = phone ? 12 : 24;
  return Math.max(36, Math.min(120, Math.floor((chart.clientWidth - padding) / cell)));
}

async function show(event) {
  if (event) event.preventDefault();
  clearErrors();
  if (!$("f-at").value) $("f-at").value = nowIn($("f-tz") && $("f-tz").value);
  const pairs = readForm("f");
  address(pairs); setLinks(pairs);
  $("status").textContent = word("loading");
  try {
    const view = await get(`/view/${ART}/fragment?${query([...pairs, ["lang", LANG], ["width", cellWidth()]])}`);
    $("chart").innerHTML = await view.text();
    fit();
    await showPatterns(pairs);
    $("status").textContent = "";
  } catch (exc) {
    $("status").textContent = "";
    if (exc.data) showError("f", exc.data); else throw exc;
  }
}

function fit() {  // a view wider than the screen is drawn smaller (down to 70%), the rest scrolls
  const chart = $("chart"), pre = chart.querySelector(".qimen-view");
  if (!pre) return;
  pre.style.zoom = "";
  const ratio = chart.clientWidth / pre.scrollWidth;
  if (ratio < 1) pre.style.zoom = String(Math.max(0.7, ratio));
}

async function registry() {
  if (REGISTRY === null) {
    const text = await (await get("/api/patterns")).text();
    REGISTRY = text.split("\n").filter(Boolean).map((line) => JSON.parse(line));
  }
  return REGISTRY;
}

async function showPatterns(pairs) {
  const box = $("patterns-box"), list = $("patterns");
  list.replaceChildren();
  if (ART !== "cast") { box.hidden = true; return; }
  const chart = await (await get(`/api/cast?${query(pairs)}`)).json();
  const rules = new Map((await registry()).filter((r) => r.art === "cast").map((r) => [r.name, r]));
  for (const p of chart.patterns || []) {
    const rule = rules.get(p.name);
    const summary = el("summary", {}, el("span", { class: `verdict-${p.verdict || ""}`, text: p.verdict ? `[${p.verdict}] ` : "" }),
      `${p.name}  ${p.palace ?? ""}  ${p.detail || ""}`);
    const details = el("details", {}, summary);
    if (rule) {
      details.append(el("blockquote", { text: rule.quote }), el("p", { text: rule.checks }),
        el("p", { class: "muted", text: `${rule.source} ${word("line")} ${rule.line} · ${rule.chapter || ""}` }));
    } else {
      details.append(el("p", { class: "muted", text: `${p.source || ""} ${p.chapter || ""}` }));
    }
    list.append(el("li", {}, details));
  }
  box.hidden = !list.children.length;
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); }
  catch {
    const area = el("textarea", {}); area.value = text; document.body.append(area); area.select();
    document.execCommand("copy"); area.remove();
  }
  $("status").textContent = word("copied");
}

// --- 擇時 -----------------------------------------------------------------------------------

async function fillRegistry() {
  const select = $("registry");
  select.replaceChildren();
  for (const r of await registry()) {
    const verdict = r.verdict ? `[${r.verdict}] ` : "";
    select.append(el("option", { value: `${r.art}:${r.name}`, text: `${r.art}:${r.name} ${verdict}${r.source}:${r.line}` }));
  }
}

function addCondition(target) {
  const area = $(`g-${target}`), value = $("registry").value;
  if (!area || !value) return;
  area.value = (area.value.trim() ? area.value.trim() + "\n" : "") + value;
}

function windowItem(w) {
  const head = el("summary", {}, `${w.start} – ${w.end}  (${w.day}日 ${w.hour}時, ${w.count} × 時辰)`);
  const details = el("details", {}, head);
  const matched = el("ul");
  for (const [cond, values] of Object.entries(w.matched)) matched.append(el("li", { text: `${cond}: ${JSON.stringify(values)}` }));
  details.append(el("h3", { text: word("matched") }), matched);
  if (w.places && w.places.length) {
    const places = el("ul");
    for (const p of w.places) places.append(el("li", { text: Object.entries(p).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ") }));
    details.append(el("h3", { text: word("places") }), places);
  }
  const reasons = el("ul");
  for (const why of w.explain || []) {
    for (const rule of why.rules || []) {
      reasons.append(el("li", {}, el("span", { class: `verdict-${rule.verdict || ""}`, text: `[${rule.verdict || ""}] ` }),
        `${rule.name} (${why.condition})`, el("blockquote", { text: rule.quote || "" }),
        el("span", { class: "muted", text: `${rule.source} ${word("line")} ${rule.line}` })));
    }
  }
  if (reasons.children.length) details.append(el("h3", { text: word("reasons") }), reasons);
  return el("li", {}, details);
}

function statsTable(s) {
  const table = el("table");
  table.append(el("tr", {}, el("th", { text: word("condition") }), el("th", { text: word("count") }),
    el("th", { text: word("share") }), el("th", { text: word("gap") })));
  for (const row of [...s.conditions, { ...s.all, condition: `${word("all")}: ${s.all.condition}` }]) {
    table.append(el("tr", {}, el("td", { text: row.condition }), el("td", { text: `${row.count} / ${s.shichen}` }),
      el("td", { text: `${(row.share * 100).toFixed(1)}%` }), el("td", { text: row.longest_gap ? JSON.stringify(row.longest_gap) : "—" })));
  }
  return table;
}

async function search(event) {
  if (event) event.preventDefault();
  clearErrors();
  const pairs = readForm("g");
  address(pairs);
  const plain = pairs.filter(([k]) => k !== "stats");
  $("ics").href = `/ics?${query(plain)}`; $("jsonl").href = `/api/find?${query(plain)}`;
  $("jsonl").setAttribute("download", "qimen-find.jsonl");
  $("windows").replaceChildren(); $("stats").replaceChildren();
  try {
    const response = await get(`/api/find?${query(pairs)}`);
    if (pairs.some(([k]) => k === "stats")) { $("stats").append(statsTable(await response.json())); return; }
    const lines = (await response.text()).split("\n").filter(Boolean);
    for (const line of lines) $("windows").append(windowItem(JSON.parse(line)));
    if (!lines.length) $("windows").append(el("li", { text: word("none") }));
  } catch (exc) {
    if (exc.data) showError("g", exc.data); else throw exc;
  }
}

// --- the tabs and the words ------------------------------------------------------------------

function label() {
  const entry = META.langs[LANG];
  document.documentElement.lang = entry.html;
  document.title = `qimen · ${word("title")}`;
  for (const key of ["title", "now", "prev_hour", "next_hour", "prev_day", "next_day", "copy_link", "copy_text", "json",
    "svg", "html", "show", "search", "ics", "jsonl", "add"]) if ($(key)) $(key).textContent = word(key);
  $("lang-label").textContent = word("lang"); $("more-label").textContent = word("options");
  $("find-more-label").textContent = word("options"); $("patterns-title").textContent = word("patterns");
  $("windows-title").textContent = word("windows"); $("registry-label").textContent = word("registry");
  $("add-any").textContent = `${word("add")} (--any)`; $("find-copy-link").textContent = word("copy_link");
  for (const [name, key] of [["where", "where"], ["any_of", "any"], ["start", "from"], ["end", "to"], ["tz", "tz"], ["lon", "lon"]]) {
    const l = document.querySelector(`label[for="g-${name}"]`); if (l) l.textContent = `${word(key)} (${l.textContent.split(" (").pop().replace(")", "")})`;
  }
  for (const [name, key] of [["at", "at"], ["tz", "tz"], ["lon", "lon"]]) {
    const l = document.querySelector(`label[for="f-${name}"]`); if (l) l.textContent = `${word(key)} (${l.textContent.split(" (").pop().replace(")", "")})`;
  }
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const name = tab.dataset.art;
    tab.textContent = name === "find" ? word("find") : (META.words[`art:${name}`] ? word(`art:${name}`) : name);
  }
}

function select(name, focus = false) {
  const keep = ART !== "find" && name !== "find" ? readForm("f").filter(([k]) => TIME_SHOWN.includes(k)) : null;
  ART = name;
  for (const tab of document.querySelectorAll("[role=tab]")) {
    const on = tab.dataset.art === name;
    tab.setAttribute("aria-selected", String(on)); tab.tabIndex = on ? 0 : -1;
    if (on && focus) tab.focus();
  }
  $("instant-panel").hidden = name === "find"; $("find-panel").hidden = name !== "find";
  if (name === "find") return;
  fillFields("f", command(name).options, TIME_SHOWN, TIME_HIDDEN);
  if (keep) writeForm("f", new URLSearchParams(keep));
  label();
}

function tabs() {
  const nav = $("tabs");
  const names = META.commands.filter((c) => c.art && c.view).map((c) => c.name);
  for (const name of [...names, "find"]) {
    const tab = el("button", { type: "button", role: "tab", id: `tab-${name}`, "data-art": name, text: name,
      "aria-controls": name === "find" ? "find-panel" : "instant-panel" });
    tab.addEventListener("click", () => { select(name); if (name === "find") search(); else show(); });
    tab.addEventListener("keydown", (e) => {
      const all = [...nav.children], i = all.indexOf(tab);
      const to = e.key === "ArrowRight" ? all[(i + 1) % all.length] : e.key === "ArrowLeft" ? all[(i - 1 + all.length) % all.length] : null;
      if (to) { e.preventDefault(); select(to.dataset.art, true); if (to.dataset.art !== "find") show(); }
    });
    nav.append(tab);
  }
  $("instant-panel").setAttribute("role", "tabpanel"); $("find-panel").setAttribute("role", "tabpanel");
}

async function start() {
  META = await (await fetch("/api/meta")).json();
  const params = new URLSearchParams(location.search);
  if (params.get("lang") && META.langs[params.get("lang")]) LANG = params.get("lang");
  const langs = $("lang");
  for (const [code, entry] of Object.entries(META.langs)) langs.append(el("option", { value: code, text: entry.name }));
  langs.value = LANG;
  langs.addEventListener("change", () => { LANG = langs.value; label(); if (ART === "find") search(); else show(); });
  const zones = el("datalist", { id: "zones" });
  document.body.append(zones);
  fetch("/api/zones").then((r) => r.json()).then((list) => { for (const z of list) zones.append(el("option", { value: z })); });
  tabs();
  fillFields("g", command("find").options, FIND_SHOWN, ["keep_going"]);
  await fillRegistry();
  const wanted = params.get("art");
  const first = wanted && document.querySelector(`[data-art="${CSS.escape(wanted)}"]`) ? wanted : "cast";
  select(first);
  label();
  $("form").addEventListener("submit", show);
  $("find-form").addEventListener("submit", search);
  $("prev_hour").addEventListener("click", () => step(-120)); $("next_hour").addEventListener("click", () => step(120));
  $("prev_day").addEventListener("click", () => step(-1440)); $("next_day").addEventListener("click", () => step(1440));
  $("now").addEventListener("click", () => { $("f-at").value = nowIn($("f-tz") && $("f-tz").value); show(); });
  $("copy_link").addEventListener("click", () => copy(location.href));
  $("find-copy-link").addEventListener("click", () => copy(location.href));
  $("copy_text").addEventListener("click", async () => {
    const pairs = readForm("f");
    try { copy(await (await get(`/view/${ART}/text?${query([...pairs, ["lang", LANG]])}`)).text()); }
    catch (exc) { if (exc.data) showError("f", exc.data); }
  });
  $("add").addEventListener("click", () => addCondition("where"));
  $("add-any").addEventListener("click", () => addCondition("any_of"));
  if (first === "find") {
    writeForm("g", params);
    if (params.has("start")) await search();
  } else {
    writeForm("f", params);
    await show();
  }
  document.body.dataset.ready = "true";
}

start();
