// sapper in the browser. This one script is both the page and its Web
// Worker: in a window it builds the forms from describe.json and shows the
// results; in a worker it loads the engine (sapper.wasm) and runs command
// lines with --format json, so that the page never freezes.
"use strict";

if (typeof document === "undefined") {
  workerMain();
} else {
  pageMain();
}

// ---------------------------------------------------------------- worker

function workerMain() {
  importScripts("wasm_exec.js");
  const go = new Go();
  const load = (async () => {
    let result;
    try {
      result = await WebAssembly.instantiateStreaming(fetch("sapper.wasm"), go.importObject);
    } catch (e) {
      // A server that does not say application/wasm: compile the bytes.
      const bytes = await (await fetch("sapper.wasm")).arrayBuffer();
      result = await WebAssembly.instantiate(bytes, go.importObject);
    }
    go.run(result.instance);
  })();
  load.then(
    () => postMessage({ type: "ready" }),
    (e) => postMessage({ type: "fatal", text: "the engine did not load: " + e }),
  );
  onmessage = async (e) => {
    await load;
    if (e.data.type === "cancel") {
      self.sapperCancel(); // the run resolves with its partial result
      return;
    }
    const t0 = performance.now();
    const res = await self.sapperRun(e.data.args, (text) => postMessage({ type: "stderr", id: e.data.id, text }), e.data.files || {});
    postMessage({ type: "done", id: e.data.id, code: res.code, stdout: res.stdout, stderr: res.stderr, field: res.field, ms: performance.now() - t0 });
  };
}

// ------------------------------------------------------------------ page

function pageMain() {
  // Inputs the browser does not offer: the worker count does not change a
  // result, the output is the page, and the page writes no files.
  const HIDDEN = new Set(["workers", "format", "progress", "cpuprofile", "plot", "explain"]);
  const FOLDED = new Set(["advanced", "run", "output"]);
  const GROUPS = ["attack", "target", "terrain", "advanced", "run", "output"];
  const COUNTERS = ["4-6-7", "4-4-7", "5-4-8", "6-2-8", "hs:2-4-7", "leader:8-1", "leader:9-2"];
  const WORDS = { tem: "TEM", drm: "DRM", elr: "ELR", cx: "CX", afph: "AFPh", dff: "DFF", ec: "EC", sw: "SW", af: "AF", ce: "CE", cs: "CS", ml: "ML", hob: "HoB", ip: "IP", ac: "AC", mfa: "MFA", mv: "MV", sadrm: "SA DRM", mdrm: "M DRM", atdrm: "AT DRM", tk: "TK", afv: "AFV", a5: "A5" };

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, ...kids) => {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "text") n.textContent = v;
      else if (k === "class") n.className = v;
      else if (k.startsWith("on")) n.addEventListener(k.slice(2), v);
      else n.setAttribute(k, v === true ? "" : v);
    }
    for (const k of kids) if (k !== null && k !== undefined) n.append(k);
    return n;
  };

  let commands = [];
  let current = null; // the command whose form is shown
  let worker = null;
  let workerReady = false;
  let running = null; // {id, cmd, argv, t0, timer}
  let runSeq = 0;
  // files are the input files the player gave (a crossing, its tables),
  // by name: the engine has no disk, and a permalink carries them.
  const files = {};
  const MAX_FILE = 32 << 10;

  // ---- the worker

  $("cancel").onclick = cancel;

  // A page served by sapper serve runs its work on the server's native
  // engine (SERVED); a static site, in a Web Worker. Both answer with the
  // same messages.
  const SERVED = !!document.querySelector('meta[name="sapper-engine"][content="server"]');

  function startWorker() {
    workerReady = false;
    worker = SERVED ? serverEngine() : new Worker("app.js");
    worker.onmessage = onWorker;
    worker.onerror = (e) => fail("The engine failed: " + (e.message || "unknown error"));
  }

  // serverEngine is the server as a worker: postMessage starts a run (POST
  // run, whose answer streams the worker's messages as JSON lines) or
  // cancels it (POST cancel, with the token the run started with).
  function serverEngine() {
    const w = { onmessage: null, onerror: null };
    let token = null;
    let pendingCancel = false;
    let abort = null;
    const post = (data) => w.onmessage && w.onmessage({ data });
    const cancelRun = () => {
      if (!token) {
        pendingCancel = true;
        return;
      }
      fetch("cancel", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) }).catch(() => {});
    };
    w.postMessage = async (msg) => {
      if (msg.type === "cancel") {
        cancelRun();
        return;
      }
      token = null;
      pendingCancel = false;
      abort = new AbortController();
      const t0 = performance.now();
      try {
        const res = await fetch("run", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ args: msg.args, files: msg.files || {} }), signal: abort.signal });
        if (!res.ok) {
          post({ type: "done", id: msg.id, code: 1, stdout: "", stderr: "sapper serve: " + (await res.text()).trim() });
          return;
        }
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let nl;
          while ((nl = buf.indexOf("\n")) >= 0) {
            const m = JSON.parse(buf.slice(0, nl));
            buf = buf.slice(nl + 1);
            if (m.type === "started") {
              token = m.token;
              if (pendingCancel) cancelRun();
            } else if (m.type === "stderr") {
              post({ type: "stderr", id: msg.id, text: m.text });
            } else if (m.type === "done") {
              const stderr = (m.stderr || "") + (m.stopped ? "\nsapper serve: " + m.stopped : "");
              post({ type: "done", id: msg.id, code: m.code, stdout: m.stdout || "", stderr, field: m.field, ms: performance.now() - t0 });
            }
          }
        }
      } catch (e) {
        if (e.name !== "AbortError") post({ type: "done", id: msg.id, code: 1, stdout: "", stderr: "sapper serve: the server did not answer: " + e.message });
      }
    };
    w.terminate = () => abort && abort.abort();
    setTimeout(() => post({ type: "ready" }), 0);
    return w;
  }

  function onWorker(e) {
    const m = e.data;
    if (m.type === "ready") {
      workerReady = true;
      if (!running) setStatus("");
      return;
    }
    if (m.type === "fatal") {
      fail("The engine did not load (" + m.text + "). Reload the page to try again.");
      return;
    }
    if (!running || m.id !== running.id) return;
    if (m.type === "stderr") {
      // A --progress always line: "\r[bar] 72%  14,352,384/20,000,000 trials  0.9s".
      const line = m.text.replace(/\r|\x1b\[K/g, "").replace(/^\[[^\]]*\]\s*/, "").trim();
      const pct = /^(\d+)%/.exec(line);
      const bar = $("status").querySelector("progress");
      if (pct && bar) bar.value = pct[1] / 100;
      const counted = /([\d,]+(?:\/[\d,]+)? [a-z]+)/.exec(line);
      if (counted && $("counted")) $("counted").textContent = counted[1];
      return;
    }
    if (m.type === "done") finish(m);
  }

  // ---- describe.json and the routes

  async function init() {
    startWorker();
    setStatus("Loading the engine…");
    try {
      const res = await fetch("describe.json");
      commands = (await res.json()).commands;
    } catch (e) {
      fail("describe.json did not load: " + e);
      return;
    }
    const ul = $("commands");
    for (const c of commands) {
      ul.append(el("li", {}, el("a", { href: "#" + c.name, "data-cmd": c.name, text: c.name, title: c.summary })));
    }
    window.addEventListener("hashchange", route);
    route();
    if (SERVED) {
      $("offline").textContent = "";
      document.querySelector("header.top p").textContent = "The odds of a wargame attack, by Monte Carlo or exact enumeration, computed by the sapper serve this page came from.";
      document.querySelector("footer p").firstChild.textContent = "This page runs on the sapper serve of the machine it came from, with its native engine. ";
    } else if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
      navigator.serviceWorker.register("sw.js").then(
        () => ($("offline").textContent = "It works offline once loaded, and can be installed as an app."),
        () => {},
      );
    }
  }

  // route shows the form the hash names, filled from its query, and runs
  // it when the hash carries inputs: a permalink reruns its work.
  function route() {
    const raw = location.hash.slice(1);
    const q = raw.indexOf("?");
    const name = decodeURIComponent(q < 0 ? raw : raw.slice(0, q));
    const params = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
    for (const [k, v] of params) if (k.startsWith("file:")) files[k.slice(5)] = v;
    const cmd = commands.find((c) => c.name === name) || commands[0];
    if (!cmd) return;
    if (current !== cmd || q >= 0) showForm(cmd, params);
    if (q >= 0) run();
    else document.body.dataset.state = "idle";
  }

  // ---- the form

  function inputsOf(cmd) {
    return (cmd.args || []).map((a) => ({ ...a, positional: true })).concat(cmd.inputs.filter((i) => !HIDDEN.has(i.name)));
  }

  function label(name) {
    const s = name.split("-").map((w) => WORDS[w] || w).join(" ");
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  function showForm(cmd, params) {
    current = cmd;
    document.title = "sapper " + cmd.name + " — the odds of a wargame attack";
    for (const a of document.querySelectorAll("#commands a")) {
      if (a.dataset.cmd === cmd.name) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    $("cmd-title").textContent = "sapper " + cmd.name;
    $("cmd-summary").textContent = cmd.summary;
    const form = $("form");
    form.replaceChildren();
    clearErrors();
    if (!running) setStatus("");
    $("result").hidden = true;
    const inputs = inputsOf(cmd);
    for (const g of GROUPS) {
      const mine = inputs.filter((i) => i.group === g);
      if (!mine.length) continue;
      const box = FOLDED.has(g) ? el("details", { class: "group", id: "group-" + g }, el("summary", { text: g })) : el("fieldset", { class: "group", id: "group-" + g }, el("legend", { text: g }));
      const grid = el("div", { class: "fields" });
      for (const i of mine) grid.append(field(i, params.getAll(i.name)));
      box.append(grid);
      form.append(box);
    }
    $("defaults").onclick = () => {
      history.replaceState(null, "", "#" + cmd.name);
      showForm(cmd, new URLSearchParams());
    };
    form.onsubmit = (e) => {
      e.preventDefault();
      const argv = argvOf();
      history.replaceState(null, "", "#" + permalink(argv.params));
      run();
    };
    // a value given in the link opens its folded group
    for (const d of form.querySelectorAll("details")) if ([...params.keys()].some((k) => d.querySelector('[data-name="' + CSS.escape(k) + '"]'))) d.open = true;
  }

  function field(i, given) {
    const id = "in-" + i.name;
    const wrap = el("div", { class: "field kind-" + i.kind.replace("/", ""), id: "field-" + i.name, "data-name": i.name });
    const help = el("p", { class: "help", id: "help-" + i.name }, i.help || "");
    if (i.rule) help.append(" ", el("span", { class: "rule", text: i.rule }));
    const err = el("p", { class: "field-error", id: "err-" + i.name, hidden: true });
    const describedby = "help-" + i.name + " err-" + i.name;
    if (i.repeatable) {
      const values = given.length ? given : i.default ? i.default.split(",").filter((s) => s !== "") : [];
      const list = el("div", { class: "list", id: id, "data-name": i.name, role: "group", "aria-labelledby": "lbl-" + i.name, "aria-describedby": describedby });
      const addRow = (v) => {
        const n = list.querySelectorAll("input").length + 1;
        const input = el("input", { type: i.kind === "integer" ? "number" : "text", value: v || "", min: i.min, max: i.max, step: i.kind === "integer" ? 1 : undefined, "aria-label": label(i.name) + " " + n, placeholder: i.placeholder, autocomplete: "off", autocapitalize: "off", spellcheck: "false", list: i.kind === "units" ? "counters" : undefined });
        const row = el("div", { class: "row" }, input, el("button", { type: "button", class: "remove", "aria-label": "Remove " + label(i.name) + " " + n, text: "✕", onclick: () => { row.remove(); } }));
        list.append(row);
        return input;
      };
      for (const v of values) addRow(v);
      const add = el("button", { type: "button", class: "add", text: "Add another", onclick: () => addRow("").focus() });
      const tools = el("div", { class: "list-tools" }, add);
      if (i.kind === "units") {
        const pick = el("select", { "aria-label": "Add a common counter to " + label(i.name), onchange: () => { if (pick.value) { addRow(pick.value); pick.value = ""; } } }, el("option", { value: "", text: "Add a counter…" }), ...COUNTERS.map((c) => el("option", { value: c, text: c })));
        tools.append(pick);
      }
      wrap.append(el("span", { class: "label", id: "lbl-" + i.name, text: label(i.name) }), list, tools, help, err);
      return wrap;
    }
    const value = given.length ? given[given.length - 1] : i.default;
    let control;
    if (i.kind === "yes/no") {
      control = el("input", { type: "checkbox", id, "data-name": i.name, "aria-describedby": describedby });
      control.checked = value === "true";
      wrap.append(el("div", { class: "check" }, control, el("label", { for: id, text: label(i.name) })), help, err);
      return wrap;
    }
    if (i.kind === "file") {
      // A file: a built-in one by name, or one the player uploads.
      control = el("select", { id, "data-name": i.name, "aria-describedby": describedby });
      const names = [...new Set([...(i.choices || []), ...Object.keys(files), ...(value ? [value] : [])])];
      if (!(i.choices || []).includes(i.default)) control.append(el("option", { value: i.default || "", text: i.default || "(none)" }));
      for (const c of names) if (c !== i.default || (i.choices || []).includes(c)) control.append(el("option", { value: c, text: c }));
      control.value = value || "";
      const upload = el("input", { type: "file", id: "up-" + i.name, class: "upload", accept: ".yaml,.yml,.json,.txt,text/plain", "aria-label": "Upload a file for " + label(i.name) });
      upload.onchange = async () => {
        const f = upload.files[0];
        if (!f) return;
        if (f.size > MAX_FILE) {
          showError("--" + i.name + " " + f.name + ": the file is " + f.size + " bytes; the page takes files up to " + MAX_FILE, i.name);
          return;
        }
        files[f.name] = await f.text();
        if (![...control.options].some((o) => o.value === f.name)) control.append(el("option", { value: f.name, text: f.name }));
        control.value = f.name;
      };
      wrap.append(el("label", { for: id, class: "label", text: label(i.name) }), control, el("div", { class: "upload-row" }, el("label", { for: "up-" + i.name, class: "small", text: "or upload one:" }), upload), help, err);
      return wrap;
    }
    if (i.choices && i.choices.length) {
      control = el("select", { id, "data-name": i.name, "aria-describedby": describedby });
      if (!i.choices.includes(i.default)) control.append(el("option", { value: i.default || "", text: i.default ? i.default : "(none)" }));
      for (const c of i.choices) control.append(el("option", { value: c, text: c }));
      control.value = value || "";
      if (control.value !== (value || "")) control.append(el("option", { value, text: value, selected: true }));
    } else if (i.kind === "integer" || i.kind === "number") {
      control = el("input", { type: "number", id, "data-name": i.name, value, min: i.min, max: i.max, step: i.kind === "integer" ? 1 : "any", inputmode: i.kind === "integer" ? "numeric" : "decimal", "aria-describedby": describedby });
    } else {
      control = el("input", { type: "text", id, "data-name": i.name, value, placeholder: i.placeholder, autocomplete: "off", autocapitalize: "off", spellcheck: "false", list: i.kind === "unit" ? "counters" : undefined, "aria-describedby": describedby });
    }
    wrap.append(el("label", { for: id, class: "label", text: label(i.name) }), control, help, err);
    return wrap;
  }

  // argvOf reads the form: the command line (without "sapper") and the
  // permalink's parameters. An input at its default is left out of both,
  // but for the seed, which a result always names.
  function argvOf() {
    const argv = [current.name];
    const params = [];
    const exact = $("in-method") && $("in-method").value === "exact";
    for (const i of inputsOf(current)) {
      if (i.repeatable) {
        for (const input of document.querySelectorAll("#in-" + CSS.escape(i.name) + " input")) {
          const v = input.value.trim();
          if (v === "") continue;
          argv.push(...flag(i.name, v));
          params.push([i.name, v]);
        }
        continue;
      }
      const c = $("in-" + i.name);
      if (!c) continue;
      const v = i.kind === "yes/no" ? String(c.checked) : c.value.trim();
      // The seed is named even at its default, as a result names it, but
      // for an exact run, which draws no random numbers.
      if (v === i.default && !i.positional && !(i.name === "seed" && !exact)) continue;
      if (i.positional) argv.splice(1, 0, v);
      else if (i.kind === "yes/no") argv.push(v === "true" ? "--" + i.name : "--" + i.name + "=false");
      else argv.push(...flag(i.name, v));
      params.push([i.name, v]);
    }
    // The files the command line names, and those they name (a crossing's
    // tables): every file given, as the page cannot tell which.
    const given = {};
    const takesFiles = inputsOf(current).some((i) => i.kind === "file");
    for (const [name, text] of takesFiles ? Object.entries(files) : []) {
      given[name] = text;
      params.push(["file:" + name, text]);
    }
    return { argv, params, files: given };
  }

  function flag(name, v) {
    return v.startsWith("-") ? ["--" + name + "=" + v] : ["--" + name, v];
  }

  function permalink(params) {
    const q = new URLSearchParams(params).toString();
    return current.name + (q ? "?" + q : "");
  }

  function shellWord(s) {
    return /^[A-Za-z0-9_.,:=+\/@%-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
  }

  // ---- running

  function run() {
    if (!current) return;
    const { argv, params, files: given } = argvOf();
    if (running) cancel(true);
    clearErrors();
    const id = ++runSeq;
    running = { id, cmd: current, argv, params, t0: performance.now() };
    document.body.dataset.state = "running";
    $("status").setAttribute("aria-busy", "true");
    $("run").disabled = true;
    $("cancel").hidden = false;
    $("status").replaceChildren(el("span", { id: "elapsed", text: "Running…" }), el("progress", { "aria-label": "Progress of the run" }), el("span", { id: "counted", class: "counted" }));
    running.timer = setInterval(() => {
      const s = ((performance.now() - running.t0) / 1000).toFixed(1);
      $("elapsed").textContent = (workerReady ? "Running… " : "Loading the engine… ") + s + " s";
    }, 200);
    worker.postMessage({ id, args: argv.concat(["--format", "json", "--progress", "always"]), files: given });
  }

  function stopRunning() {
    if (!running) return;
    clearInterval(running.timer);
    running = null;
    $("status").setAttribute("aria-busy", "false");
    $("run").disabled = false;
    $("cancel").hidden = true;
  }

  // cancel asks the engine to stop the run, which then answers with its
  // partial result, marked partial, as Ctrl-C does on the command line. A
  // run that does not answer within two seconds (still loading, or busy
  // outside its trials) is stopped by ending its worker, with no result.
  function cancel(quiet) {
    if (!running) return;
    const r = running;
    if (quiet === true) {
      hardStop(r, true);
      return;
    }
    r.cancelled = true;
    worker.postMessage({ type: "cancel" });
    setTimeout(() => {
      if (running === r) hardStop(r, false);
    }, 2000);
  }

  function hardStop(r, quiet) {
    const s = ((performance.now() - r.t0) / 1000).toFixed(1);
    worker.terminate();
    stopRunning();
    startWorker();
    if (!quiet) {
      setStatus("Cancelled after " + s + " s: the run was stopped and shows no result.");
      document.body.dataset.state = "cancelled";
    }
  }

  function finish(m) {
    const r = running;
    stopRunning();
    const wall = performance.now() - r.t0;
    const stderr = m.stderr.replace(/\r[^\r\n]*/g, "").replace(/\x1b\[K/g, "").trim();
    const partial = m.code === 130 && m.stdout !== "";
    if (m.code !== 0 && !partial) {
      setStatus("");
      showError(stderr || "the run failed (exit status " + m.code + ")", m.field);
      document.body.dataset.state = "error";
      return;
    }
    let data;
    try {
      data = JSON.parse(m.stdout);
    } catch (e) {
      showError("the engine's output is not JSON: " + e);
      document.body.dataset.state = "error";
      return;
    }
    if (partial) {
      setStatus("Cancelled after " + (wall / 1000).toFixed(1) + " s: the figures below are PARTIAL, from the trials run so far.");
    } else {
      setStatus("Done in " + (wall / 1000).toFixed(2) + " s.");
    }
    showResult(r, data);
    const h = $("result-title");
    h.focus({ preventScroll: true });
    h.scrollIntoView({ block: "start" });
    window.sapperTiming = { firstResultMs: performance.now(), runMs: wall, engineMs: m.ms };
    document.body.dataset.state = partial ? "partial" : "done";
  }

  function setStatus(text) {
    $("status").textContent = text;
  }

  function fail(text) {
    stopRunning();
    showError(text);
    document.body.dataset.state = "error";
  }

  function clearErrors() {
    $("error").hidden = true;
    $("error").textContent = "";
    for (const e of document.querySelectorAll(".field-error")) {
      e.hidden = true;
      e.textContent = "";
    }
    for (const e of document.querySelectorAll("[aria-invalid]")) e.removeAttribute("aria-invalid");
  }

  // showError shows the engine's one line, and again under the field the
  // engine says it is about, whose folded group it opens.
  function showError(line, name) {
    $("error").hidden = false;
    $("error").textContent = line;
    $("result").hidden = true;
    const f = name && $("field-" + name);
    if (!f) {
      $("error").scrollIntoView({ block: "center" });
      return;
    }
    const msg = line.replace(/^sapper [a-z]+: /, "");
    const err = $("err-" + name);
    err.textContent = msg;
    err.hidden = false;
    const d = f.closest("details");
    if (d) d.open = true;
    const c = $("in-" + name);
    if (c) c.setAttribute("aria-invalid", "true");
    f.scrollIntoView({ block: "center" });
  }

  // ---- results

  const pct = (p) => (100 * p).toFixed(2) + "%";
  const num = (n) => Number(n).toLocaleString("en-US");

  function showResult(r, data) {
    const sec = $("result");
    sec.replaceChildren();
    sec.hidden = false;
    sec.append(el("h2", { id: "result-title", tabindex: "-1", text: "Result" }));
    sec.append(el("p", { class: "headline", id: "headline", text: headline(data) }));
    const runs = data.runs || [{ label: "", ...data }];
    sec.append(el("p", { class: "meta", text: methodLine(runs[0]) }));
    if (runs.some((x) => x.complete === false)) sec.append(el("p", { class: "error", text: "The run stopped early: these figures are partial." }));
    if (data.runs) {
      sec.append(figuresTable(data.runs));
      sec.append(chartBox(figureSeries(data.runs)));
      for (const run of data.runs) {
        const d = el("details", { class: "run" }, el("summary", { text: run.label + ": every metric" }));
        d.append(el("div", { class: "tables" }, ...run.metrics.map((m) => metricTable(m, run.label))));
        sec.append(d);
      }
    } else {
      sec.append(el("div", { class: "tables" }, ...data.metrics.map((m) => metricTable(m, ""))));
      sec.append(chartBox(data.metrics.filter((m) => m.outcomes).map((m) => ({ title: m.title || m.name, rows: m.outcomes.map((o) => ({ label: o.value, bars: [o] })) }))));
    }
    const line = "sapper " + r.argv.map(shellWord).join(" ");
    const link = location.href.replace(/[?#].*$/, "") + "#" + permalink(r.params);
    sec.append(
      el("h3", { text: "Run it again" }),
      el("p", { text: "On the command line, the same inputs and seed give the same figures:" }),
      el("div", { class: "copy" }, el("pre", {}, el("code", { id: "cmdline", text: line })), copyButton(line, "Copy the command")),
      el("p", {}, "This page, with these inputs: ", el("a", { href: link, id: "permalink", text: "permalink" }), " ", copyButton(link, "Copy the link")),
    );
  }

  function copyButton(text, what) {
    const b = el("button", { type: "button", class: "small", text: what });
    b.onclick = async () => {
      try {
        await navigator.clipboard.writeText(text);
        b.textContent = "Copied";
      } catch (e) {
        b.textContent = "Select and copy";
      }
      setTimeout(() => (b.textContent = what), 2000);
    };
    return b;
  }

  function methodLine(x) {
    const when = x.elapsed_seconds !== undefined ? "; " + x.elapsed_seconds.toFixed(2) + " s in the engine" : "";
    if (x.method === "exact") return "Exact enumeration of " + num(x.paths) + " dice paths (intervals are points)" + when + ".";
    return "Monte Carlo: " + num(x.trials) + " trials, seed " + x.seed + ", rng " + x.rng + ", chunk " + x.chunk + ", " + Math.round(x.confidence * 1000) / 10 + "% intervals" + when + ".";
  }

  // headline is the result's one sentence, the engine's own (report
  // Headline): the question the command exists for, answered first.
  function headline(data) {
    return data.headline ? data.headline.text : "Done.";
  }

  function interval(o) {
    if (o.lo === undefined || o.lo === o.hi) return "";
    return " [" + (100 * o.lo).toFixed(2) + ", " + (100 * o.hi).toFixed(2) + "]";
  }

  function cell(o, isMean) {
    const td = el("td", { "data-p": isMean ? o.mean : o.p, "data-lo": o.lo, "data-hi": o.hi });
    td.append(isMean ? o.mean.toFixed(3) : pct(o.p));
    if (o.lo !== undefined && o.lo !== o.hi) td.append(el("span", { class: "ci", text: isMean ? " [" + o.lo.toFixed(3) + ", " + o.hi.toFixed(3) + "]" : interval(o) }));
    return td;
  }

  // figuresTable puts compare's headline figures side by side: a row
  // per figure, a column per way, narrow enough for a phone.
  function figuresTable(runs) {
    const names = runs[0].figures.map((f) => f.name);
    const head = el("tr", {}, el("th", { scope: "col", text: "" }), ...runs.map((run) => el("th", { scope: "col", text: run.label })));
    const body = names.map((n) => el("tr", { "data-figure": n }, el("th", { scope: "row", text: n }), ...runs.map((run) => {
      const f = run.figures.find((x) => x.name === n);
      if (!f || (f.p === undefined && f.mean === undefined)) return el("td", { text: "—" });
      const td = cell(f, f.mean !== undefined);
      td.dataset.run = run.label;
      return td;
    })));
    return el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Side by side" }, el("table", { id: "figures", class: "figures" }, el("caption", { text: "Side by side" }), el("thead", {}, head), el("tbody", {}, ...body)));
  }

  function metricTable(m, run) {
    if (!m.outcomes) {
      return el("p", { text: (m.title || m.name) + ": " + JSON.stringify(m) });
    }
    const cum = m.outcomes.some((o) => o.at_least !== undefined);
    const head = el("tr", {}, el("th", { scope: "col", text: "outcome" }), el("th", { scope: "col", text: "p [interval]" }), cum ? el("th", { scope: "col", text: "at least" }) : null, cum ? el("th", { scope: "col", text: "at most" }) : null, m.outcomes.some((o) => o.fraction) ? el("th", { scope: "col", text: "fraction" }) : null);
    const rows = m.outcomes.map((o) =>
      el("tr", { "data-value": o.value }, el("th", { scope: "row", text: o.value }), cell(o, false), cum ? el("td", { text: o.at_least !== undefined ? pct(o.at_least) : "" }) : null, cum ? el("td", { text: o.at_most !== undefined ? pct(o.at_most) : "" }) : null, o.fraction ? el("td", { class: "frac", text: o.fraction }) : null),
    );
    const title = m.title || m.name;
    const caption = el("caption", { text: title });
    if (m.title && m.title !== m.name) caption.append(" ", el("code", { text: m.name }));
    return el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": (run ? run + ": " : "") + title }, el("table", { class: "metric", "data-metric": m.name, "data-run": run }, caption, el("thead", {}, head), el("tbody", {}, ...rows)));
  }

  // ---- the chart, inline SVG drawn from the same figures

  const COLORS = ["#1f4d36", "#a4410e", "#1d4f8c", "#6b3fa0", "#5c5c00"];

  function figureSeries(runs) {
    const names = runs[0].figures.filter((f) => f.p !== undefined).map((f) => f.name);
    return [{ title: "Side by side", legend: runs.map((r) => r.label), rows: names.map((n) => ({ label: n, bars: runs.map((r) => r.figures.find((f) => f.name === n) || {}) })) }];
  }

  function chartBox(panels) {
    const box = el("figure", { class: "chart", id: "chart" });
    box.append(el("figcaption", { text: "Chart: each bar is p, each whisker its interval." }));
    const draw = () => {
      box.querySelectorAll("svg").forEach((s) => s.remove());
      const w = Math.max(260, Math.min(box.clientWidth || 600, 900));
      for (const p of panels) box.append(svgPanel(p, w));
    };
    requestAnimationFrame(draw);
    let t;
    window.addEventListener("resize", () => {
      clearTimeout(t);
      t = setTimeout(() => box.isConnected && draw(), 150);
    });
    return box;
  }

  function svgPanel(p, w) {
    const NS = "http://www.w3.org/2000/svg";
    const s = (tag, attrs, text) => {
      const n = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
      if (text !== undefined) n.textContent = text;
      return n;
    };
    const nb = p.rows[0] ? p.rows[0].bars.length : 1;
    const barH = 14, gap = 8, rowH = nb * barH + gap;
    const labelW = Math.min(140, Math.round(w * 0.3));
    const right = 70;
    const legendH = p.legend ? 22 : 0;
    const top = 24 + legendH;
    const h = top + p.rows.length * rowH + 22;
    const plotW = w - labelW - right;
    const svg = s("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, role: "img", "aria-label": p.title, class: "panel" });
    svg.append(s("text", { x: 0, y: 15, class: "ptitle" }, p.title));
    if (p.legend) {
      let x = 0;
      p.legend.forEach((name, k) => {
        svg.append(s("rect", { x, y: 24, width: 12, height: 12, fill: COLORS[k % COLORS.length] }));
        svg.append(s("text", { x: x + 16, y: 34 }, name));
        x += 24 + name.length * 8;
      });
    }
    for (const t of [0, 0.5, 1]) {
      const x = labelW + t * plotW;
      svg.append(s("line", { x1: x, x2: x, y1: top - 4, y2: h - 18, class: "grid" }));
      svg.append(s("text", { x, y: h - 4, "text-anchor": "middle", class: "tick" }, t * 100 + "%"));
    }
    p.rows.forEach((row, i) => {
      const y0 = top + i * rowH;
      svg.append(s("text", { x: labelW - 6, y: y0 + (nb * barH) / 2 + 4, "text-anchor": "end" }, row.label));
      row.bars.forEach((b, k) => {
        if (b.p === undefined) return;
        const y = y0 + k * barH;
        const color = nb > 1 ? COLORS[k % COLORS.length] : COLORS[0];
        svg.append(s("rect", { x: labelW, y: y + 1, width: Math.max(b.p * plotW, 0.5), height: barH - 2, fill: color }));
        if (b.lo !== undefined && b.lo !== b.hi) {
          const yl = y + barH / 2;
          svg.append(s("line", { x1: labelW + b.lo * plotW, x2: labelW + b.hi * plotW, y1: yl, y2: yl, class: "whisker" }));
        }
        svg.append(s("text", { x: labelW + b.p * plotW + 4, y: y + barH - 3, class: "val" }, pct(b.p)));
      });
    });
    return svg;
  }

  // the counters a unit input suggests
  document.body.append(el("datalist", { id: "counters" }, ...COUNTERS.map((c) => el("option", { value: c }))));
  init();
}
