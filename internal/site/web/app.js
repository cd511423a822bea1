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
    // The engine is some megabytes: the page shows them arrive, the
    // total only when the server sends them as they are (a compressed
    // answer's length is not the engine's).
    const res = await fetch("sapper.wasm");
    if (!res.ok) throw new Error("sapper.wasm: " + res.status + " " + res.statusText);
    const total = res.headers.get("content-encoding") ? 0 : Number(res.headers.get("content-length")) || 0;
    let got = 0;
    let told = 0;
    const counted = (reader) =>
      new ReadableStream({
        async pull(c) {
          const { done, value } = await reader.read();
          if (done) {
            postMessage({ type: "loading", got, total });
            c.close();
            return;
          }
          got += value.length;
          if (got - told >= 256 << 10) {
            told = got;
            postMessage({ type: "loading", got, total });
          }
          c.enqueue(value);
        },
      });
    // Compiled as it arrives, whatever type the server says it is; a
    // browser that cannot compiles the bytes once they are all here.
    const wasm = new Response(res.body ? counted(res.body.getReader()) : null, { headers: { "content-type": "application/wasm" } });
    let result;
    if (WebAssembly.instantiateStreaming) {
      result = await WebAssembly.instantiateStreaming(wasm, go.importObject);
    } else {
      result = await WebAssembly.instantiate(await wasm.arrayBuffer(), go.importObject);
    }
    // The Go program ends only by dying (out of the browser's memory, or
    // a bug), which leaves a run unanswered: the page starts another.
    go.run(result.instance).then(() => postMessage({ type: "exited" }));
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
  // result, the output is the page, and the page writes no files. The page
  // reads the JSON, which lists every outcome with every view and, from
  // an exact run, its fraction, and draws its own chart: the flags that
  // shape the table or the chart (--hide-zero, --view, --fractions,
  // --cumulative, a sweep's too: its JSON is the same with it) are the
  // page's to show, not the engine's.
  // RUN is the query of a permalink to a form at its defaults (permalink).
  const RUN = "run";
  const HIDDEN = new Set(["workers", "format", "progress", "cpuprofile", "plot", "explain", "hide-zero", "view", "fractions", "cumulative"]);
  const FOLDED = new Set(["advanced", "run", "output"]);
  // A group's name says whose inputs it holds where describe's word
  // would read the wrong way round to a player: activate's target is his
  // own moving stack, its attack the ENEMY's S?.
  const GROUP_SAYS = { activate: { target: "Target: your moving stack", attack: "Attack: the crossing and the ENEMY" } };
  // aslCounters are the ASL counters a unit input offers (describe's
  // suggest for dc's targets), for the crossing builder's moving units.
  const aslCounters = () => ((commands.find((c) => c.name === "dc") || { inputs: [] }).inputs.find((i) => i.name === "target") || {}).suggest || [];
  const WORDS = { tem: "TEM", drm: "DRM", elr: "ELR", cx: "CX", afph: "AFPh", dff: "DFF", ec: "EC", sw: "SW", af: "AF", ce: "CE", cs: "CS", ml: "ML", hob: "HoB", ip: "IP", ac: "AC", mfa: "MFA", mv: "MV", sadrm: "SA DRM", mdrm: "M DRM", atdrm: "AT DRM", tk: "TK", afv: "AFV", a5: "A5", fp: "FP", mg: "MG", at: "AT", lr: "LR", he: "HE", ft: "FT", wp: "WP" };

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

  // keypad is the inputmode of a number box whose least value is min: a
  // phone's numeric and decimal keypads have no minus key, so a box that
  // takes a value below zero (a DRM) keeps the full keyboard.
  const keypad = (min, whole) => (min !== undefined && min !== null && min !== "" && Number(min) >= 0 ? (whole ? "numeric" : "decimal") : undefined);

  // picker is a select of common values that adds the one picked: at once
  // when picked with the mouse, but from the keyboard only on Enter, since
  // the arrow keys on a closed select change its value (and fire change)
  // as they pass each option.
  const picker = (attrs, first, values, onPick) => {
    const pick = el("select", attrs, el("option", { value: "", text: first }), ...values.map((v) => el("option", { value: v, text: v })));
    return onEnter(pick, () => {
      if (!pick.value) return;
      const v = pick.value;
      pick.value = "";
      onPick(v);
    });
  };

  // onEnter makes sel act on its value, by take, when one is picked with
  // the mouse or a touch, but from the keyboard only on Enter: the arrow
  // keys on a closed select change its value, and fire change, as they
  // pass each option.
  const onEnter = (sel, take) => {
    let keyed = false;
    sel.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        take();
      } else if (e.key.startsWith("Arrow") || e.key.startsWith("Page") || e.key === "Home" || e.key === "End" || e.key.length === 1) {
        keyed = true;
      }
    });
    sel.addEventListener("change", (e) => {
      if (keyed) {
        // the form still hears of it, but nothing is taken yet
        keyed = false;
        e.stopPropagation();
        return;
      }
      take();
    });
    sel.addEventListener("mousedown", () => (keyed = false));
    return sel;
  };

  // counters keeps each unit in a line of text (4-6-8,class=elite,
  // leader:8-1), and each flag (--tem), whole where the line breaks: a
  // browser may break after any hyphen, and "4-6-" over "8", or "--"
  // over "tem", reads as neither.
  const counters = (line) => line.split(/(\S*\b\d{1,2}[-+]\d{1,2}\b\S*|--?[a-z][\w-]*)/).map((part, i) => (i % 2 ? el("span", { class: "counter", text: part }) : part));

  let commands = [];
  let scenarios = []; // the built-in scenarios a form can start from (describe's)
  let current = null; // the command whose form is shown
  // sweep is the page of sapper sweep: a form of the command it sweeps
  // (target), and the input to vary, its range, and a goal.
  // Its own inputs (--vary, --metric, --goal, --cumulative) come from the
  // description, as every command's do, and take their own widgets here.
  let sweep = { name: "sweep", sweep: true, summary: "vary one input over a range: how the odds move, as a line chart; with a goal, how much is needed", inputs: [] };
  let target = null; // the command a sweep varies
  let metrics = {}; // metric lists by command, read off a one-trial probe run
  let probing = null; // {id, key}
  let asking = null; // a question to the engine that is not a run: { id, then }
  let probeTimer = 0;
  let worker = null;
  let workerReady = false;
  let loaded = ""; // how much of the engine has arrived, while it loads
  // keepStatus: the status says how a cancelled run ended, which the
  // engine's reload after it must not write over
  let keepStatus = false;
  let running = null; // {id, cmd, argv, t0, timer}
  let runSeq = 0;
  const kept = {}; // by command, the inputs its form had when the player left it
  const addressOf = {}; // by command, the address its form last had
  const ranOf = {}; // by command, whether that address was run (setAddress)
  // by command, the finished result its form showed when the player left
  // it, with the status beside it: given back with the form
  const keptResult = {};
  // by address, the results of the last RAN_KEPT runs that finished
  // whole, the form unchanged: Back or Forward to one shows it again
  // rather than running it again (route)
  const ranResults = new Map();
  const RAN_KEPT = 8;

  // setAddress sets the page's address for the form shown, without a run:
  // the form given back later gets it again (route). ran says whether the
  // address is of a run, or only of inputs typed: the page's history
  // keeps it, so that Back or a reload to inputs never run shows the form
  // without starting a run the player did not ask for (route), while a
  // link opened afresh runs.
  //
  // A run that finished whole keeps its own entry in that history: inputs
  // changed after it take a new one, so that Back returns to the run and
  // shows its result again (route), as Back from one command to another
  // does; inputs changed again, not yet run, change that one entry.
  function setAddress(hash, ran) {
    const typedOnly = history.state && history.state.ran === false;
    const afterRun = hash !== location.hash && ranResults.has(location.hash) && !typedOnly;
    if (afterRun) history.pushState({ ran: !!ran }, "", hash);
    else history.replaceState({ ran: !!ran }, "", hash);
    if (current) {
      addressOf[current.name] = hash;
      ranOf[current.name] = !!ran;
    }
  }
  // leftOut are the parts of the link that made the form that it could
  // not take: an input the command does not have, a value no choice has.
  let leftOut = [];
  // scenarioRun is the built-in scenario the form was last filled from,
  // with the form's inputs then (q): a run of those inputs is the
  // scenario's, and shows its title as sapper run NAME prints it, and its
  // link names the scenario.
  let scenarioRun = null; // {cmd, name, title, q}
  // files are the input files the player gave (a crossing, its tables),
  // by name: the engine has no disk, and a permalink carries them.
  const files = {};
  const MAX_FILE = 32 << 10;
  const PREVIEW = 50000; // the trials of a first look

  // ---- the worker

  $("cancel").onclick = cancel;
  // Escape stops a run, as the Cancel button does, wherever the focus is
  // (a select's own Escape closes it first).
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && running && !e.defaultPrevented) cancel();
  });

  // A page served by sapper serve runs its work on the server's native
  // engine (SERVED); a static site, in a Web Worker. Both answer with the
  // same messages.
  const SERVED = !!document.querySelector('meta[name="sapper-engine"][content="server"]');

  function startWorker() {
    workerReady = false;
    loaded = "";
    // a question the engine replaced will never be answered: say so
    if (asking) {
      const then = asking.then;
      asking = null;
      then({ code: 1, stdout: "", stderr: "the engine was restarted before it answered; try again" });
    }
    worker = SERVED ? serverEngine() : new Worker("app.js");
    worker.onmessage = onWorker;
    worker.onerror = (e) => {
      // An engine that threw may never answer again: a new one takes
      // the next run.
      restartWorker();
      fail("The engine failed: " + (e.message || "unknown error") + ". It has been restarted for the next run.");
    };
  }

  // restartWorker ends the engine and starts another. An event the old
  // one queued before it ended (an error of its own ending among them)
  // must not reach the page that replaced it.
  function restartWorker() {
    worker.onmessage = worker.onerror = null;
    worker.terminate();
    startWorker();
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
        const refused = await serveRun(msg.args, msg.files, abort.signal, (m) => {
          if (m.type === "started") {
            token = m.token;
            if (pendingCancel) cancelRun();
          } else if (m.type === "stderr") {
            post({ type: "stderr", id: msg.id, text: m.text });
          } else if (m.type === "done") {
            const stderr = (m.stderr || "") + (m.stopped ? "\nsapper serve: " + m.stopped : "");
            post({ type: "done", id: msg.id, code: m.code, stdout: m.stdout || "", stderr, field: m.field, ms: performance.now() - t0 });
          }
        });
        if (refused) post({ type: "done", id: msg.id, code: 1, stdout: "", stderr: "sapper serve: " + refused });
      } catch (e) {
        if (e.name !== "AbortError") post({ type: "done", id: msg.id, code: 1, stdout: "", stderr: "sapper serve: the server did not answer: " + e.message });
      }
    };
    w.terminate = () => abort && abort.abort();
    setTimeout(() => post({ type: "ready" }), 0);
    return w;
  }

  // serveRun posts a run to the server and hands each line of its answer,
  // a JSON message, to onLine as it comes; it returns the server's refusal
  // of the run as text ("" when it ran), and throws when the server does
  // not answer.
  async function serveRun(args, files, signal, onLine) {
    const res = await fetch("run", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ args, files: files || {} }), signal });
    if (!res.ok) return (await res.text()).trim() || "refused (" + res.status + ")";
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return "";
      buf += value;
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        onLine(JSON.parse(line));
      }
    }
  }

  function onWorker(e) {
    const m = e.data;
    if (m.type === "ready") {
      workerReady = true;
      if (!running && !keepStatus) setStatus("");
      // The bar showed the engine's download; the run's own progress
      // takes it from here, and an exact run, whose lines give no share,
      // leaves it moving, not full.
      const bar = running && $("status").querySelector("progress");
      if (bar) bar.removeAttribute("value");
      return;
    }
    if (m.type === "loading") {
      // decimal megabytes, as sapper site counts them
      const mb = (n) => (n / 1e6).toFixed(1);
      // the whole download then compiles, for seconds on a phone: the
      // status says so rather than stand at "11.3 of 11.3 MB"
      loaded = m.total && m.got >= m.total ? " (" + mb(m.got) + " MB arrived; compiling it)" : " (" + mb(m.got) + (m.total ? " of " + mb(m.total) : "") + " MB)";
      window.sapperLoaded = m.got;
      if (!running && !keepStatus) setStatus("Loading the engine…" + loaded);
      const bar = running && $("status").querySelector("progress");
      if (bar && m.total) bar.value = m.got / m.total;
      return;
    }
    if (m.type === "fatal") {
      fail("The engine did not load (" + m.text + "). Reload the page to try again.");
      return;
    }
    if (m.type === "exited") {
      // The engine died, most likely out of the browser's memory, which
      // holds a WebAssembly program to 4 GB: a new one takes the next
      // run, and the run it left says why it has no result.
      const was = running;
      restartWorker();
      probing = null;
      if (was) {
        const s = ((performance.now() - was.t0) / 1000).toFixed(1);
        fail("The engine stopped after " + s + " s with no result, most likely out of the browser's memory (at most 4 GB): lower Max memory, or run Monte Carlo. It has been restarted for the next run.");
      }
      return;
    }
    if (probing && m.id === probing.id) {
      if (m.type === "done") probed(m);
      return;
    }
    if (asking && m.id === asking.id) {
      if (m.type === "done") {
        const then = asking.then;
        asking = null;
        then(m);
      }
      return;
    }
    if (!running || m.id !== running.id) return;
    if (m.type === "stderr") {
      // A --progress always line: "\r[bar] 72%  14,352,384/20,000,000 trials  0.9s",
      // after "6 runs " when the command's runs share its workers, or
      // "tem=2 (3 of 6) " when they run one after another.
      let line = m.text.replace(/\r|\x1b\[K/g, "").trim();
      const of = /^(.*\(\d+ of \d+\)|\d+ runs)\s*(.*)$/.exec(line);
      if (of) line = of[2];
      line = line.replace(/^\[[^\]]*\]\s*/, "");
      const pct = /^(\d+)%/.exec(line);
      const bar = $("status").querySelector("progress");
      if (pct && bar) bar.value = pct[1] / 100;
      // Monte Carlo counts "14,352,384/20,000,000 trials", an exact run
      // "131,072 of at most 20,000,000 paths"
      const counted = /([\d,]+(?:\/[\d,]+| of at most [\d,]+)? [a-z]+)/.exec(line);
      // and the time left at the rate so far: "12s left", or for an exact
      // run "at most ~4m30s more" before its budget is spent
      const left = /, ((?:at most ~)?\S+ (?:left|more))$/.exec(line);
      // An exact walk that merges states goes on to its path budget, which
      // can be minutes away here: past ten seconds it says, as the
      // command line's note does, what would not wait.
      const slow = / of at most /.test(line) && performance.now() - running.t0 > 10000 ? "; Method auto runs Monte Carlo on a walk this long" : "";
      // a first look's count is of its own trials, and says so
      if (counted && $("counted")) $("counted").textContent = (running.preview ? "first look, " : "") + (of ? of[1] + ": " : "") + counted[1] + (left ? ", " + left[1] : "") + slow;
      return;
    }
    if (m.type === "done") {
      if (running.preview && m.code === 0 && !running.cancelled) firstLook(m);
      else finish(m, !!running.preview && (m.code === 0 || m.code === 130));
    }
  }

  // ---- describe.json and the routes

  async function init() {
    // A control the player changes is touched: argvOf gives it even at
    // its default.
    // One given of two ways of saying one thing (describe's excludes:
    // afv's armor or its named vehicle) clears the other, which the run
    // would refuse beside it.
    const touch = (e) => {
      const t = e.target;
      if (!t.dataset || !t.dataset.name) return;
      t.dataset.touched = "1";
      if (!t.dataset.excludes || t.value.trim() === "") return;
      for (const name of t.dataset.excludes.split(" ")) {
        const other = $("in-" + name);
        if (!other || other.value === "") continue;
        other.value = "";
        delete other.dataset.touched;
      }
    };
    $("form").addEventListener("input", touch);
    $("form").addEventListener("change", touch);
    // A result answers the form it ran: once an input changes, it says
    // so, until the next run replaces it.
    const stale = () => {
      if (["done", "partial"].includes(document.body.dataset.state)) markStale();
    };
    $("form").addEventListener("input", stale);
    $("form").addEventListener("change", stale);
    $("form").addEventListener("beforeinput", numberTyping);
    $("form").addEventListener("input", numberEdited);
    if (location.protocol === "file:") {
      // A browser starts no Worker and fetches nothing from a file: the
      // engine would never load, and the page would say "Loading…" for good.
      $("cmd-title").textContent = "Open this page over HTTP";
      $("actions").hidden = true;
      const dir = decodeURIComponent(location.pathname.replace(/\/[^/]*$/, "")) || "/";
      fail("This page runs its engine in the browser, which a page opened as a file cannot start: serve its folder over HTTP, e.g. python3 -m http.server -d " + dir + ", and open http://localhost:8000/");
      return;
    }
    startWorker();
    setStatus("Loading the engine…");
    try {
      const res = await fetch("describe.json");
      const described = await res.json();
      commands = described.commands;
      scenarios = described.scenarios || [];
      // the counters the builder's moving units suggest
      document.body.append(el("datalist", { id: "counters" }, ...aslCounters().map((c) => el("option", { value: c }))));
    } catch (e) {
      fail("describe.json did not load: " + e);
      return;
    }
    const ul = $("commands");
    const described = commands.find((c) => c.name === "sweep");
    if (described) sweep = Object.assign(described, { sweep: true });
    for (const c of described ? commands : commands.concat(commands.some((c) => c.sweepable) ? [sweep] : [])) {
      ul.append(el("li", {}, el("a", { href: "#" + c.name, "data-cmd": c.name, text: c.name, title: c.summary })));
    }
    window.addEventListener("hashchange", route);
    // The skip link moves focus to the form on show; followed as a link,
    // its #form would read as a command's name.
    document.querySelector(".skip").addEventListener("click", (e) => {
      e.preventDefault();
      const first = $("form").querySelector("input, select, textarea, button");
      (first || $("form")).focus();
    });
    let resized;
    window.addEventListener("resize", () => {
      clearTimeout(resized);
      resized = setTimeout(markScrolling, 150);
    });
    // a table in a fold is measured once it opens
    $("result").addEventListener("toggle", markScrolling, true);
    if (SERVED) {
      $("offline").textContent = "";
      document.querySelector("header.top p").textContent = "The odds of a wargame attack, by Monte Carlo or exact enumeration, computed by the sapper serve this page came from.";
      const about = document.querySelector('meta[name="description"]');
      about.content = about.content.replace("computed in your browser", "computed by the sapper serve it came from");
      document.querySelector("footer p").firstChild.textContent = "This page runs on the sapper serve of the machine it came from, with its native engine. ";
    } else if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
      navigator.serviceWorker.register("sw.js").then(
        () => ($("offline").textContent = "It works offline once loaded, and can be installed as an app."),
        () => {},
      );
    }
    // last, so that a link route cannot take does not leave the page
    // saying where it runs wrongly
    route();
  }

  // route shows the form the hash names, filled from its query, and runs
  // it when the hash carries inputs: a permalink reruns its work.
  function route() {
    const raw = location.hash.slice(1);
    const q = raw.indexOf("?");
    let name;
    try {
      name = decodeURIComponent(q < 0 ? raw : raw.slice(0, q));
    } catch {
      name = q < 0 ? raw : raw.slice(0, q); // a bad escape: the notice below names it as written
    }
    let params = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1));
    if (params.get(RUN) === "") params.delete(RUN);
    for (const [k, v] of params) if (k.startsWith("file:")) files[k.slice(5)] = v;
    const cmd = name === "sweep" ? sweep : commands.find((c) => c.name === name) || commands[0];
    if (!cmd) return;
    // A link that names a built-in scenario of the form and nothing else,
    // as a player writes one by hand (#plans?scenario=plans-fire-group),
    // gives the scenario's inputs, as the form's picker does.
    // A built-in crossing is activate's file input (crossing=NAME).
    const alone = params.getAll("scenario").length === 1 && [...params.keys()].every((k) => k === "scenario");
    const named = alone && scenarios.find((s) => s.name === params.get("scenario"));
    const builtin = alone && !cmd.sweep && inputsOf(cmd).find((i) => i.kind === "file" && (i.choices || []).includes(params.get("scenario")));
    if (named && ownScenario(cmd, named)) {
      params = scenarioParams(named);
      params.append("scenario", named.name);
    } else if (builtin) params = new URLSearchParams([[builtin.name, params.get("scenario")]]);
    if (named || builtin) history.replaceState(history.state, "", "#" + cmd.name + "?" + params.toString());
    // The tab of the form shown leaves the form as it is, and so the
    // address that gives it, for a copy or a reload.
    const same = current === cmd && q < 0;
    let restored = null;
    let mislabelled = false;
    // An address the form had when the player left it, come back to by
    // Back, gives the form back as he left it, its result too, not run
    // again.
    const back = kept[cmd.name] && (q < 0 || current !== cmd && addressOf[cmd.name] === location.hash);
    // An address whose run finished whole on this page, come back to by
    // Back or Forward, shows that run's result again, not run again.
    const typedOnly = history.state && history.state.ran === false;
    const again = !back && q >= 0 && !typedOnly && ranResults.get(location.hash);
    if (current !== cmd || q >= 0) {
      restored = (back && keptResult[cmd.name]) || again;
      showForm(cmd, back ? new URLSearchParams(kept[cmd.name]) : params);
      if (q >= 0) {
        const s = scenarioOf(params);
        scenarioRun = s ? { cmd: cmd.name, name: s.name, title: s.title, q: new URLSearchParams(argvOf().params).toString() } : null;
        mislabelled = !s && params.has("scenario") && !leftOut.length;
      }
      if (restored) {
        if (restored.last) window.sapperLast = restored.last;
        $("result").replaceChildren(...restored.nodes);
        $("result").className = restored.cls;
        $("result").hidden = !restored.nodes.length;
        setStatus(restored.status);
        // what the engine's loading says does not write over it
        keepStatus = !!restored.status;
        markScrolling();
      }
      // A form given back as the player left it: the address is again the
      // one it had then, its inputs if he gave any, so that a copy or a
      // reload keeps them (and a form he never touched stays bare).
      if (back && addressOf[cmd.name]) history.replaceState(history.state, "", addressOf[cmd.name]);
    }
    const unknown = name !== "" && cmd.name !== name;
    // The form's own tab gives its address back, and whether it was run
    // there: a reload of inputs typed and not run only shows them.
    if (same && addressOf[cmd.name] && addressOf[cmd.name] !== location.hash) history.replaceState({ ran: !!ranOf[cmd.name] }, "", addressOf[cmd.name]);
    else if (!unknown) addressOf[cmd.name] = location.hash;
    if (unknown) showNotice("This link's command, " + JSON.stringify(name) + ", is not one of sapper's: here is " + cmd.name + " instead, not run. Check the form, then Run.");
    // A link the form could not take whole is not run on what was left:
    // its figures would answer another question. Nor is an address of
    // inputs typed and never run, come back to by Back or a reload.
    if (again) ranOf[cmd.name] = true;
    if (q >= 0 && !leftOut.length && !unknown && !back && !typedOnly && !again) {
      ranOf[cmd.name] = true;
      run();
    } else document.body.dataset.state = restored ? restored.state : "idle";
    // A link the form could not take whole leaves the address of what it
    // took, not run: a copy or a reload then gives the form as it shows,
    // and does not name again what the notice said was left out.
    if (q >= 0 && leftOut.length && !unknown && !back) setAddress("#" + permalink(argvOf().params));
    // A link whose inputs are not the scenario it names runs them under
    // no title, and its address no longer names the scenario.
    if (mislabelled && !unknown) {
      setAddress("#" + permalink(argvOf().params), true);
      showNotice("This link names the built-in scenario " + params.get("scenario") + ", but its inputs are not the scenario's: here they run as given, under no title.");
    }
  }

  // ---- the form

  function inputsOf(cmd) {
    // A positional argument is required: the form starts it at describe's
    // example, and treats that as its starting value.
    return (cmd.args || []).map((a) => ({ ...a, positional: true, default: (a.example || [])[0] || "" })).concat(cmd.inputs.filter((i) => !HIDDEN.has(i.name)));
  }

  function label(name) {
    const s = name.split("-").map((w) => WORDS[w] || w).join(" ");
    return s.charAt(0).toUpperCase() + s.slice(1);
  }

  // formCmd is the command whose inputs the form shows: the one swept, on
  // the sweep page.
  function formCmd() {
    return current.sweep ? target : current;
  }

  function showForm(cmd, params) {
    // What the player gave the form left is kept, and given back when he
    // returns to it by its link, with its result if a run had finished:
    // the form is given back as it was, and the result stands under it
    // (marked out of date if he changed the form after the run).
    if (current && $("form").childElementCount) {
      kept[current.name] = argvOf().params.filter(([k]) => !k.startsWith("file:"));
      delete keptResult[current.name];
      if (!running && !$("result").hidden) {
        keptResult[current.name] = { nodes: [...$("result").childNodes], cls: $("result").className, status: $("status").textContent, state: document.body.dataset.state };
      } else if (running) {
        // A run left unfinished says so when its form comes back.
        keptResult[current.name] = { nodes: [], cls: "", status: "Its run was stopped when you left this form: Run starts it again.", state: "idle" };
      }
    }
    // Leaving a form, or resetting it, stops its run: a result must stand
    // under the form and the permalink that made it.
    if (running) {
      cancel(true);
      document.body.dataset.state = "idle";
    }
    current = cmd;
    leftOut = [];
    if (cmd.sweep) {
      const sweepable = commands.filter((c) => c.sweepable && c.sweepable.length);
      target = sweepable.find((c) => c.name === params.get("command")) || (target && sweepable.includes(target) ? target : sweepable.find((c) => c.name === "dc") || sweepable[0]);
      if (params.get("command") && params.get("command") !== target.name) leftOut.push("command=" + params.get("command"));
    }
    document.title = "sapper " + cmd.name + " — the odds of a wargame attack";
    for (const a of document.querySelectorAll("#commands a")) {
      if (a.dataset.cmd === cmd.name) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    $("cmd-title").textContent = "sapper " + cmd.name;
    $("cmd-summary").replaceChildren(...helpWords(cmd.summary));
    const form = $("form");
    // A box left with an edit not yet committed fires change as it goes:
    // the old form's handler would set the address now shown (Back's, say)
    // to the inputs of a form half gone.
    form.oninput = form.onchange = null;
    form.replaceChildren();
    clearErrors();
    keepStatus = false;
    setStatus(workerReady ? "" : "Loading the engine…");
    $("result").hidden = true;
    if (cmd.sweep) {
      form.append(sweepFields(params));
      fillMetrics();
    }
    const picker = scenarioField(cmd);
    if (picker) form.append(picker);
    // The picker names the scenario whose inputs the form holds, and
    // none once one is changed (form.oninput).
    const shown = picker && scenarioOf(params);
    if (shown) $("in-scenario").value = shown.name;
    const inputs = inputsOf(formCmd());
    const crossing = inputs.find((i) => i.positional && i.name === "crossing");
    // A form given no inputs starts from the command's examples for those a
    // run needs (describe's example): its first run answers, and shows
    // what to change.
    const fresh = ![...params.keys()].some((k) => k !== "command");
    const given = (i) => {
      const v = params.getAll(i.name);
      return v.length || !fresh ? v : i.example || [];
    };
    // the groups in describe's order, which lists each command's inputs
    // group by group
    for (const g of new Set(inputs.map((i) => i.group))) {
      const mine = inputs.filter((i) => i.group === g);
      if (!mine.length) continue;
      const says = (GROUP_SAYS[formCmd().name] || {})[g];
      const head = says ? { text: says, class: "says" } : { text: g };
      const box = FOLDED.has(g) ? el("details", { class: "group", id: "group-" + g }, el("summary", head)) : el("fieldset", { class: "group", id: "group-" + g }, el("legend", head));
      const grid = el("div", { class: "fields" });
      for (const i of mine) grid.append(field(i, given(i)));
      box.append(grid);
      form.append(box);
      if (crossing && g === crossing.group) form.append(pathBuilder(crossing));
    }
    $("defaults").onclick = () => {
      // What the form had, plans and a built path included, to give back
      // on Undo: one press of Defaults wipes it all.
      const before = argvOf().params;
      const builtBefore = { built, file: files[BUILT] };
      setAddress("#" + cmd.name);
      current = null; // nothing of this form is kept
      delete kept[cmd.name];
      delete keptResult[cmd.name];
      // the path builder too starts again from its own example
      built = null;
      delete files[BUILT];
      showForm(cmd, cmd.sweep ? new URLSearchParams({ command: target.name }) : new URLSearchParams());
      const undo = el("button", { type: "button", class: "small", id: "undo-defaults", text: "Undo" });
      undo.onclick = () => {
        built = builtBefore.built;
        if (builtBefore.file !== undefined) files[BUILT] = builtBefore.file;
        showForm(cmd, new URLSearchParams(before));
        setAddress("#" + permalink(argvOf().params));
        $("form").querySelector("input, select")?.focus();
      };
      $("notice").replaceChildren("The form is back at its defaults. ", undo);
      $("notice").hidden = false;
    };
    // The address follows the form, so that a copy or a reload keeps what
    // was given (a copy runs it where it is opened, a reload does not:
    // setAddress); and the metrics a goal names depend on the inputs (a
    // target's units) and the range swept (a count's outcomes).
    form.oninput = form.onchange = (e) => {
      if ($("in-scenario") && !e.target.closest("#field-scenario")) $("in-scenario").value = "";
      applyOnly();
      setAddress("#" + permalink(argvOf().params));
      if (cmd.sweep && (!e.target.closest("#group-sweep") || e.target.closest("#field-vary"))) probeSoon();
    };
    if (cmd.sweep) probeSoon();
    form.onsubmit = (e) => {
      e.preventDefault();
      const argv = argvOf();
      setAddress("#" + permalink(argv.params), true);
      run();
    };
    // Enter in a box submits the form through its Run button, which a
    // run under way disables: Enter then still runs the form as it now
    // is, in the old run's place.
    form.onkeydown = (e) => {
      if (e.key !== "Enter" || !running || e.defaultPrevented || !e.target.matches("input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=button])")) return;
      form.onsubmit(e);
    };
    markVaried();
    applyOnly();
    const known = new Set(inputsOf(formCmd()).map((i) => i.name));
    if (cmd.sweep) for (const n of ["command", "vary", "metric", "goal", ...sweepExtras().map((i) => i.name)]) known.add(n);
    known.add("scenario");
    // A scenario of another form is named as such, not run as this
    // form's inputs under a notice that they are not the scenario's.
    const [scen, ...extra] = params.getAll("scenario");
    const named = scenarios.find((s) => s.name === scen);
    const own = named && ownScenario(cmd, named);
    if (scen !== undefined && !own) leftOut.push("scenario=" + scen + (named ? " (a scenario of sapper " + (named.vary ? "sweep" : named.command) + ")" : ""));
    for (const x of extra) leftOut.push("scenario=" + x + " (a second scenario)");
    for (const [k, v] of params) if (!k.startsWith("file:") && !known.has(k)) leftOut.push(k + "=" + v);
    // a file given twice keeps its last copy, as an input does; the
    // earlier are named, not quoted whole
    for (const k of new Set([...params.keys()].filter((k) => k.startsWith("file:")))) {
      for (let n = params.getAll(k).length - 1; n > 0; n--) leftOut.push(k + " (an earlier copy)");
    }
    showNotice(leftOut.length ? "This link gave what the " + (cmd.sweep ? "sweep" : cmd.name) + " form does not take, and it was left out: " + leftOut.join(", ") + ". The form shows what it took: check it, then Run." : "");
    // a value given in the link opens its folded group
    for (const d of form.querySelectorAll("details")) if ([...params.keys()].some((k) => d.querySelector('[data-name="' + CSS.escape(k) + '"]'))) d.open = true;
  }

  // applyOnly hides the inputs that the value of another rules out, as
  // describe's only says (dc's --thrower but with --mode thrown), so that
  // a form shows what the attack takes; one given stays in sight, for the
  // run to refuse where it can be mended.
  function applyOnly() {
    const given = new Set(argvOf().params.map(([k]) => k));
    for (const f of $("form").querySelectorAll("[data-only-input]")) {
      const c = $("in-" + f.dataset.onlyInput);
      if (c) f.hidden = !f.dataset.onlyValues.split(" ").includes(c.value) && !given.has(f.dataset.name);
    }
  }

  // varied is the input a sweep varies, "" on any other page.
  function varied() {
    return current && current.sweep && $("in-vary-name") ? $("in-vary-name").value : "";
  }

  // markVaried sets the varied input's own field aside: the sweep gives
  // it its values, and the command would refuse one given beside them.
  function markVaried() {
    const v = varied();
    for (const f of $("form").querySelectorAll(".field[data-name]")) {
      const on = f.dataset.name === v;
      f.classList.toggle("varied", on);
      for (const c of f.querySelectorAll("input, select, button")) c.disabled = on;
    }
  }

  // ---- citations of the manual and the rules reference

  // GAMES is each command's page of the rules reference, whose items a
  // bare citation names ("§4", "[M1]": docs/rules/README.md).
  const GAMES = { compare: "asl", dc: "asl", afv: "asl", fire: "asl", plans: "asl", building: "toi", activate: "sasl", lhy: "lhy" };

  // CITE finds a citation: a page named, with an item or without
  // ("rules/sasl.md S29", "asl.md §8.54", "docs/engine.md"), or a bare
  // item of the command's page (a section sign and a number, M and a
  // number in brackets, or a decision of the game's own letter).
  const CITE = /\b(?:rules\/)?(asl|toi|sasl|lhy)\.md(?: (§\d+(?:\.\d+)?|\[M\d+(?:\.\d+)?\]|[SLRD]\d+b?)\b)?|docs\/([a-z-]+)\.md|§\d+(?:\.\d+)?|\[M\d+(?:\.\d+)?\]|\b[SLRD]\d+b?\b(?!\.\d)/g;

  // OWN are the items of each page that a rule badge names bare (S29 is
  // Solitaire ASL's decision; A23.3 the ASL Rulebook's, which the site
  // does not hold).
  const OWN = { asl: /^(R\d+b?|§\d+(\.\d+)?|\[M\d+(\.\d+)?\])$/, toi: /^(D\d+|§\d+|\[M\d+\])$/, sasl: /^(S\d+|§\d+|\[M\d+\])$/, lhy: /^(L\d+|§\d+(\.\d+)?|\[M\d+\])$/ };

  // cited is text in nodes, each citation a link to its page and item.
  // The page opens in a tab of its own, so that the form stays as it is.
  function cited(text) {
    const game = current && GAMES[formCmd().name];
    const out = [];
    let last = 0;
    for (const m of text.matchAll(CITE)) {
      // a bare decision (S29, D4) is its game's only: asl's D5.6 is the
      // ASL Rulebook's
      if (/^[SLRD]/.test(m[0]) && !(game && OWN[game].test(m[0]))) continue;
      const href = m[3] ? "docs/" + m[3] + ".html" : citeHref(m[1] || game, m[1] ? m[2] : m[0]);
      if (!href) continue;
      out.push(text.slice(last, m.index), el("a", { href, target: "_blank", rel: "noopener", text: m[0] }));
      last = m.index + m[0].length;
    }
    out.push(text.slice(last));
    return out.filter((x) => x !== "");
  }

  // citeHref is the address of item on the rules page of game: a
  // section's anchor is its number; a decision's of ASL its number (the
  // 8.14 of "rules/asl.md [M8.14]"), another game's M and its number.
  function citeHref(game, item) {
    if (!game) return "";
    let anchor = item || "";
    if (anchor.startsWith("§")) anchor = anchor.slice(1);
    else if (anchor.startsWith("[M")) anchor = game === "asl" ? anchor.slice(2, -1) : anchor.slice(1, -1);
    return "docs/rules/" + game + ".html" + (anchor ? "#" + anchor : "");
  }

  // helpWords is a help text as the form says it: its flags as the
  // fields (flagWords), its citations as links (cited).
  function helpWords(text) {
    return flagWords(text).flatMap((w) => (typeof w === "string" ? cited(w) : [w]));
  }

  // ruleBadge is a field's rule, linked when it is an item of the
  // command's page.
  function ruleBadge(rule) {
    const game = GAMES[formCmd().name];
    if (game && OWN[game].test(rule)) return el("a", { class: "rule", href: citeHref(game, rule), target: "_blank", rel: "noopener", text: rule });
    return el("span", { class: "rule", text: rule });
  }

  // flagWords is a text as the form says it, in nodes: a flag the form has
  // a field of, not given a value (asField), is that field (--tem is TEM;
  // marked, a span kept on one line, as under a field); any other flag
  // stays command line (sapper serve --max-trials, --target 4-6-7, --mode
  // placed|thrown|set), its dashes kept on their line, after which a
  // browser may break.
  function flagWords(text, marked) {
    const parts = text.split(/(--[a-z][a-z0-9-]*)/);
    return parts.map((part, k) => {
      if (k % 2 === 0) return part;
      const name = part.slice(2);
      // a flag of a command line the text quotes ("sapper serve
      // --max-paths") is that command's, not the form's field
      const quoted = /sapper [a-z]+ $/.test(parts[k - 1]);
      if (quoted || !asField(name, (/^ \S+/.exec(parts[k + 1]) || [])[0])) return el("span", { class: "flag", text: part });
      return marked ? el("span", { class: "flag", text: label(name) }) : label(name);
    });
  }

  // asField reports whether the flag --name, followed in a text by next
  // (" 4-6-7", or undefined), reads as its field: a field of the form, not
  // given a value (a number, a unit), or given one of its choices, or
  // several joined by |, which read as the field and the choice ("Breach
  // rowhouse", "Mode placed|thrown|set"). A quoted value
  // is the one a message quotes back (--target "4-6-x": …), which reads as
  // well under the field's name.
  function asField(name, next) {
    const i = current && inputsOf(formCmd()).find((x) => x.name === name);
    if (!i) return false;
    const v = (next || "").trim().replace(/[),.;:]+$/, "");
    if (v === "" || v.startsWith('"')) return true;
    if ((i.choices || []).includes(v)) return true; // --breach rowhouse: Breach rowhouse
    if (v.includes("|") && v.split("|").every((c) => (i.choices || []).includes(c))) return true; // --mode placed|thrown|set: Mode placed|thrown|set
    if (i.kind === "yes/no") return true; // --cx is given alone
    return !/[\d|:=<>]|^[A-Z][A-Z,.]*$/.test(v);
  }

  function field(i, given) {
    const id = "in-" + i.name;
    // a plan is a sentence of attacks: it takes the row's width
    const wide = i.name === "plan" ? " wide" : "";
    const wrap = el("div", { class: "field kind-" + i.kind.replace("/", "") + wide, id: "field-" + i.name, "data-name": i.name });
    // an input another's value rules out (a thrower but for a Thrown DC)
    // is hidden under that value (applyOnly)
    if (i.only) Object.assign(wrap.dataset, { onlyInput: i.only.input, onlyValues: i.only.values.join(" ") });
    const help = el("p", { class: "help", id: "help-" + i.name }, ...helpWords(i.help || ""));
    if (i.rule && !(i.help || "").includes(i.rule)) help.append(" ", ruleBadge(i.rule));
    const err = el("p", { class: "field-error", id: "err-" + i.name, hidden: true });
    const describedby = "help-" + i.name + " err-" + i.name;
    if (i.switches) {
      // The modeling switches, one choice each: its default (no --rule)
      // or a value; a permalink's rule=KEY=VALUE sets its choice.
      const set = Object.fromEntries(given.map((g) => [g.slice(0, g.indexOf("=")), g.slice(g.indexOf("=") + 1)]));
      given.forEach((g, k) => {
        const key = g.slice(0, g.indexOf("="));
        const sw = i.switches.find((x) => x.key === key);
        // a switch given twice keeps its last value; the others are left out
        const later = given.slice(k + 1).some((x) => x.slice(0, x.indexOf("=")) === key);
        if (!sw || !sw.values.includes(set[sw.key]) || later) leftOut.push(i.name + "=" + g);
      });
      const list = el("div", { class: "switches", id, "data-name": i.name, role: "group", "aria-labelledby": "lbl-" + i.name, "aria-describedby": describedby });
      for (const sw of i.switches) {
        const sid = id + "-" + sw.key;
        const pick = el("select", { id: sid, "data-key": sw.key, "aria-describedby": sid + "-help" },
          el("option", { value: "", text: "default" }), ...sw.values.map((v) => el("option", { value: v, text: v })));
        pick.value = sw.values.includes(set[sw.key]) ? set[sw.key] : "";
        list.append(el("div", { class: "switch" }, el("label", { for: sid, text: sw.key }), pick, el("p", { class: "help", id: sid + "-help" }, ...cited(sw.help + "; default: " + sw.default))));
      }
      // The input's help is the command line's (KEY=BOOL, "Rules
      // below"): the form says what its choices are instead, above them.
      const rule = help.querySelector(".rule");
      help.replaceChildren("The modeling decisions of the rules, each at its default unless chosen here.", ...(rule ? [" ", rule] : []));
      wrap.append(el("span", { class: "label", id: "lbl-" + i.name, text: label(i.name) }), help, list, err);
      return wrap;
    }
    // The units a unit input offers, as describe lists them: ASL
    // counters, or a command's own (lhy's NAME:COHESION).
    const suggest = i.suggest || [];
    const listId = suggest.length ? "suggest-" + i.name : undefined;
    if (listId) wrap.append(el("datalist", { id: listId }, ...suggest.map((c) => el("option", { value: c }))));
    if (i.repeatable) {
      // Rows stand for what the run reads: the input's defaults (describe's
      // defaults) when it is not given, so that adding a unit adds to them.
      const values = given.length ? given : i.defaults || [];
      const list = el("div", { class: "list", id: id, "data-name": i.name, role: "group", "aria-labelledby": "lbl-" + i.name, "aria-describedby": describedby });
      // emptied, the list stands for its defaults again, and says so
      if (i.defaults) list.dataset.empty = "None given: the run takes the default, " + i.defaults.join(" and ") + ".";
      const addRow = (v) => {
        const n = list.querySelectorAll("input").length + 1;
        const input = el("input", { type: i.kind === "integer" ? "number" : "text", value: v || "", min: i.min, max: i.max, step: i.kind === "integer" ? 1 : undefined, "aria-label": label(i.name) + " " + n, "aria-describedby": describedby, placeholder: i.placeholder, autocomplete: "off", autocapitalize: "off", spellcheck: "false", list: listId });
        const row = el("div", { class: "row" }, input, el("button", { type: "button", class: "remove", "aria-label": "Remove " + label(i.name) + " " + n, text: "✕", onclick: () => {
          // focus stays in the list: on the next row's ✕, else the last's,
          // else the button that adds one
          const next = row.nextElementSibling || row.previousElementSibling;
          row.remove();
          renumber();
          (next ? next.querySelector("button.remove") : add).focus();
          // the address follows the form, as it does any edit
          list.dispatchEvent(new Event("change", { bubbles: true }));
        } }));
        list.append(row);
        return input;
      };
      const renumber = () => list.querySelectorAll(".row").forEach((r, k) => {
        r.querySelector("input").setAttribute("aria-label", label(i.name) + " " + (k + 1));
        r.querySelector("button.remove").setAttribute("aria-label", "Remove " + label(i.name) + " " + (k + 1));
      });
      for (const v of values) addRow(v);
      const add = el("button", { type: "button", class: "add", text: "Add another", "aria-label": "Add another " + label(i.name), onclick: () => addRow("").focus() });
      const tools = el("div", { class: "list-tools" }, add);
      if (suggest.length) {
        tools.append(picker({ "aria-label": "Add a common unit to " + label(i.name) + " (Enter adds the one chosen)" }, "Add a unit…", suggest, (v) => {
          addRow(v);
          list.dispatchEvent(new Event("change", { bubbles: true }));
        }));
      }
      wrap.append(el("span", { class: "label", id: "lbl-" + i.name, text: label(i.name) }), list, tools, help, err);
      return wrap;
    }
    // An input of one value given twice (a link's tem=1&tem=3) keeps the
    // last, as a form shows one; the others are left out, and said so.
    for (const v of given.slice(0, -1)) leftOut.push(i.name + "=" + v);
    const value = given.length ? given[given.length - 1] : i.default;
    let control;
    if (i.kind === "yes/no") {
      control = el("input", { type: "checkbox", id, "data-name": i.name, "aria-describedby": describedby });
      control.checked = value === "true";
      // a box is true or false: concealed=yes is no answer, not a false one
      if (given.length && value !== "true" && value !== "false") leftOut.push(i.name + "=" + value);
      if (given.length) control.dataset.touched = "1";
      wrap.append(el("div", { class: "check" }, control, el("label", { for: id, text: label(i.name) })), help, err);
      return wrap;
    }
    if (i.kind === "file") {
      // A file: a built-in one by name, or one the player uploads.
      control = el("select", { id, "data-name": i.name, "aria-describedby": describedby });
      const names = [...new Set([...(i.choices || []), ...Object.keys(files), ...(value ? [value] : [])])];
      if (!(i.choices || []).includes(i.default)) control.append(el("option", { value: i.default || "", text: i.default || (i.computed ? "(automatic)" : "(none)") }));
      // a built-in crossing by its name and title, as the scenario
      // pickers name theirs
      const titled = (c) => {
        const t = (i.titles || [])[(i.choices || []).indexOf(c)];
        return t ? c + " — " + t : c;
      };
      for (const c of names) if (c !== i.default || (i.choices || []).includes(c)) control.append(el("option", { value: c, text: titled(c) }));
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
        control.dataset.touched = "1";
        // chosen as a player's pick is: the address and the builder follow
        control.dispatchEvent(new Event("change", { bubbles: true }));
        // a crossing built in the page takes the ENEMY nationality of the
        // tables chosen, which must match, when it is the crossing chosen:
        // an edit of the builder chooses its crossing, which tables must
        // not do in the player's stead
        const nat = i.name === "tables" && /^nationality:\s*([^\s#]+)/m.exec(files[f.name]);
        const builtChosen = [...$("form").querySelectorAll("select")].some((s) => s.value === BUILT);
        const field = nat && builtChosen && $("b-enemy-nationality");
        if (field) {
          field.value = nat[1];
          field.dispatchEvent(new Event("input", { bubbles: true }));
        }
      };
      wrap.append(el("label", { for: id, class: "label", text: label(i.name) }), control, el("div", { class: "upload-row" }, el("label", { for: "up-" + i.name, class: "small", text: "or upload one:" }), upload), help, err);
      return wrap;
    }
    if (i.choices && i.choices.length) {
      control = el("select", { id, "data-name": i.name, "aria-describedby": describedby });
      // A choice the engine makes from other inputs (the firer from the
      // weapon, a crossing's attitude from its file) reads as automatic.
      if (!i.choices.includes(i.default)) control.append(el("option", { value: i.default || "", text: i.default ? i.default : i.computed ? "(automatic)" : "(none)" }));
      for (const c of i.choices) control.append(el("option", { value: c, text: c }));
      control.value = value || "";
      if (control.value !== (value || "")) control.append(el("option", { value, text: value, selected: true }));
    } else if ((i.kind === "integer" || i.kind === "number") && !notNumber(value)) {
      // Emptied, the box runs at its default, which it then shows.
      const shown = i.default ? i.default : i.computed ? "automatic" : undefined;
      control = el("input", { type: "number", id, "data-name": i.name, value, min: i.min, max: i.max, step: i.kind === "integer" ? 1 : "any", inputmode: keypad(i.min, i.kind === "integer"), placeholder: shown, "aria-describedby": describedby });
    } else {
      control = el("input", { type: "text", id, "data-name": i.name, value, placeholder: i.placeholder, autocomplete: "off", autocapitalize: "off", spellcheck: "false", list: listId, "aria-describedby": describedby });
    }
    if (given.length) control.dataset.touched = "1";
    if (i.excludes) control.dataset.excludes = i.excludes.join(" ");
    wrap.append(el("label", { for: id, class: "label", text: label(i.name) }), control, help, err);
    return wrap;
  }

  // ownScenario reports whether the built-in scenario s is the form
  // cmd's: a sweep's for the sweep form, whatever command it sweeps.
  function ownScenario(cmd, s) {
    return cmd.sweep ? !!s.vary : !s.vary && s.command === cmd.name;
  }

  // scenarioParams are the inputs of the built-in scenario s, as a link
  // of its form gives them.
  function scenarioParams(s) {
    const p = new URLSearchParams();
    if (s.vary) {
      p.append("command", s.command);
      p.append("vary", s.vary);
      if (s.metric) p.append("metric", s.metric);
    }
    for (const [k, v] of Object.entries(s.flags || {})) for (const x of [].concat(v)) p.append(k, String(x));
    return p;
  }

  // scenarioOf is the built-in scenario a link names, when the link's
  // inputs are the scenario's, in any order; null otherwise: a title
  // stands only over the figures of the inputs it names.
  function scenarioOf(params) {
    const s = scenarios.find((x) => x.name === params.get("scenario"));
    if (!s) return null;
    const pairs = (p) => [...p].filter(([k]) => k !== "scenario").map(([k, v]) => k + "=" + v).sort().join("&");
    const mine = pairs(params);
    return mine === pairs(scenarioParams(s)) ? s : null;
  }

  // scenarioField offers the built-in scenarios of the form's command (a
  // sweep's, every sweep): one chosen is followed as a link
  // of its inputs, which fills the form and runs it, as sapper run NAME
  // runs it. null for a command with none.
  function scenarioField(cmd) {
    // a sweep offers every built-in sweep: one of another command's
    // switches the command swept
    const mine = scenarios.filter((s) => ownScenario(cmd, s));
    if (!mine.length) return null;
    const sel = el("select", { id: "in-scenario", "aria-describedby": "help-scenario" },
      el("option", { value: "", text: "(none: the form as it is)" }),
      ...mine.map((s) => el("option", { value: s.name, text: s.name + ": " + (cmd.sweep ? "sweep " + s.command + ": " : "") + s.title })));
    // not an input of the run: the form's address is not its
    sel.addEventListener("change", (e) => e.stopPropagation());
    onEnter(sel, () => {
      const s = mine.find((x) => x.name === sel.value);
      if (!s) return;
      const p = scenarioParams(s);
      p.append("scenario", s.name);
      location.hash = (s.vary ? "sweep" : s.command) + "?" + p.toString();
    });
    return el("div", { class: "field", id: "field-scenario" },
      el("label", { for: "in-scenario", class: "label", text: "Start from a built-in scenario" }), sel,
      el("p", { class: "help", id: "help-scenario", text: "Fills the form with the scenario's inputs and runs them, as sapper run NAME does (from the keyboard, Enter picks one); sapper scenarios NAME prints its file." }));
  }

  // notNumber reports a value a number field would empty without a word
  // (a link's tem=abc): the form shows it as text instead, and the run
  // refuses it on its field, as the command line does.
  function notNumber(v) {
    if (v === undefined || v === "") return false;
    const probe = document.createElement("input");
    probe.type = "number";
    probe.value = v;
    return probe.value === "";
  }

  // argvOf reads the form: the command line (without "sapper") and the
  // permalink's parameters. An input the player did not touch at its
  // default is left out of both, but for the seed, which a result always
  // names; one touched is given even at its default value, but for a
  // box. An input whose default is worked out from others (describe's
  // computed: a TEM from the building, a crossing file's AC#) is given
  // only when touched, so that an unticked box never overrides what the
  // crossing says.
  function argvOf(probe) {
    const cmd = formCmd();
    const argv = current.sweep ? ["sweep", cmd.name] : [cmd.name];
    const params = current.sweep ? [["command", cmd.name]] : [];
    for (const i of inputsOf(cmd)) {
      // a probe lists the metrics: it runs one trial, whatever the form says
      if (probe && (i.group === "run" || i.group === "output")) continue;
      if (i.name === varied()) continue;
      if (i.switches) {
        for (const pick of document.querySelectorAll("#in-" + CSS.escape(i.name) + " select")) {
          if (pick.value === "") continue;
          const v = pick.dataset.key + "=" + pick.value;
          argv.push(...flag(i.name, v));
          params.push([i.name, v]);
        }
        continue;
      }
      if (i.repeatable) {
        const vs = [...document.querySelectorAll("#in-" + CSS.escape(i.name) + " input")].map((input) => input.value.trim()).filter((v) => v !== "");
        // rows still at the input's defaults are left to the engine
        if (i.defaults && vs.length === i.defaults.length && vs.every((v, k) => v === i.defaults[k])) continue;
        for (const v of vs) {
          argv.push(...flag(i.name, v));
          params.push([i.name, v]);
        }
        continue;
      }
      const c = $("in-" + i.name);
      if (!c) continue;
      const v = i.kind === "yes/no" ? String(c.checked) : c.value.trim();
      const touched = c.dataset.touched === "1";
      // An untouched seed is left to the engine, whose default it is: a
      // seed given would override a crossing file's method: exact.
      const untouched = !touched && (v === i.default || i.computed);
      if (untouched && !i.positional) continue;
      // a box ticked and unticked again says what its default says, and
      // given would be refused where the box does not apply (--cx with
      // --mode set); a computed one's default is another input's
      if (i.kind === "yes/no" && v === i.default && !i.computed) continue;
      if (v === "" && !i.positional) continue;
      if (i.positional) argv.splice(current.sweep ? 2 : 1, 0, v);
      else if (i.kind === "yes/no") argv.push(v === "true" ? "--" + i.name : "--" + i.name + "=false");
      else argv.push(...flag(i.name, v));
      params.push([i.name, v]);
    }
    if (current.sweep && !probe) {
      for (const [name, v, yesno] of sweepArgs()) {
        argv.push(...(yesno ? [v === "true" ? "--" + name : "--" + name + "=false"] : flag(name, v)));
        params.push([name, v]);
      }
    }
    // The files the command line names, and the tables file a crossing
    // among them names: not every file uploaded or linked before, which
    // would pile up past what a server takes.
    const given = {};
    const fileInputs = inputsOf(cmd).filter((i) => i.kind === "file").map((i) => i.name);
    const named = params.filter(([k, v]) => fileInputs.includes(k) && Object.hasOwn(files, v)).map(([, v]) => v);
    for (const n of [...named]) {
      const t = /^tables:[ \t]*["']?([^"'\s#]+)/m.exec(files[n]);
      if (t && Object.hasOwn(files, t[1]) && !named.includes(t[1])) named.push(t[1]);
    }
    for (const name of named) {
      given[name] = files[name];
      params.push(["file:" + name, files[name]]);
    }
    return { argv, params, files: given };
  }

  function flag(name, v) {
    return v.startsWith("-") ? ["--" + name + "=" + v] : ["--" + name, v];
  }

  // permalink is the address of the form's inputs params, which opened
  // afresh runs them: a query, if only "?run" for a form left at its
  // defaults (a bare "#compare" shows the form and waits).
  function permalink(params) {
    let q = new URLSearchParams(params).toString();
    if (ofScenario(params)) q += (q ? "&" : "") + "scenario=" + encodeURIComponent(scenarioRun.name);
    return current.name + "?" + (q || RUN);
  }

  // ofScenario reports whether the form's inputs params are still those
  // of the built-in scenario it was filled from.
  function ofScenario(params) {
    return !!scenarioRun && scenarioRun.cmd === current.name && new URLSearchParams(params).toString() === scenarioRun.q;
  }

  // ---- activate's path builder

  // The crossing a player builds in the page is a crossing file like any
  // other (sapper help activate), written one field a line, each value
  // as JSON (which YAML reads as it is): the engine reads it as it reads
  // an uploaded one, a permalink carries it, and the page reads it back.
  const BUILT = "my-crossing.yaml";
  const ITEMS = ["S", "HS", "L", "SW", "Gun", "AFV", "SPG", "F"];
  const defaultCrossing = () => ({
    stack: ["4-6-7"],
    enemy: { ac: 3, attitude: "hold", mission_drm: 0, a5_drm: 0, nationality: "russian", date: "1941-08" },
    sq: [{ id: "A", loc: "", ac_drm: 0, site: "outside", forbid: [] }],
    path: [{ name: "open ground", mf: 1, tem: 0, open: true, eligible: [{ id: "A", range: 3, hindrance: 0, long_range: false }] }],
  });
  let built = null; // the crossing being built

  // ask runs args on the engine and hands its answer (code, stdout,
  // stderr) to then: the page's questions that are not runs. On a served
  // page it is a request of its own, so that the engine's one run keeps
  // its token, which Cancel sends; in the browser the engine answers in
  // turn, and a hard stop, which replaces it, answers a pending question
  // with its end (startWorker).
  function ask(args, then) {
    if (SERVED) {
      askServer(args).then(then);
      return;
    }
    asking = { id: ++runSeq, then };
    worker.postMessage({ id: asking.id, args, files: {} });
  }

  async function askServer(args) {
    const failed = (why) => ({ code: 1, stdout: "", stderr: "sapper serve: " + why });
    let done = null;
    try {
      const refused = await serveRun(args, {}, undefined, (m) => {
        if (m.type === "done") done = m;
      });
      if (refused) return failed(refused);
    } catch (e) {
      return failed("the server did not answer: " + e.message);
    }
    return done ? { code: done.code, stdout: done.stdout || "", stderr: done.stderr || "" } : failed("no answer");
  }

  // fromScenario reads a built-in crossing (sapper scenarios NAME --format
  // json) into the builder's form, or returns the fields it has that the
  // builder does not set, so that nothing is dropped without a word.
  function fromScenario(doc) {
    const own = { command: 1, title: 1, description: 1, flags: 1, tables: 1, stack: 1, enemy: 1, sq: 1, path: 1 };
    const extra = (o, keys, where) => Object.keys(o || {}).filter((k) => !keys.includes(k)).map((k) => where + k);
    const off = [
      ...Object.keys(doc).filter((k) => !own[k]),
      ...(doc.tables && doc.tables !== "illustrative" ? ["tables: " + doc.tables] : []),
      ...extra(doc.enemy, ["ac", "attitude", "mission_drm", "a5_drm", "nationality", "date"], "enemy."),
      ...(doc.sq || []).flatMap((q) => extra(q, ["id", "loc", "ac_drm", "site", "forbid"], "sq.")),
      ...(doc.path || []).flatMap((st) => extra(st, ["name", "mf", "tem", "open", "eligible"], "path.").concat((st.eligible || []).flatMap((e) => extra(e, ["id", "range", "hindrance", "long_range"], "eligible.")))),
    ];
    if (off.length) return { off: [...new Set(off)] };
    const base = defaultCrossing();
    return {
      crossing: {
        stack: (doc.stack || []).map(String),
        enemy: { ...base.enemy, ...doc.enemy, date: String((doc.enemy || {}).date || base.enemy.date) },
        sq: (doc.sq || []).map((q) => ({ id: String(q.id), loc: q.loc || "", ac_drm: q.ac_drm || 0, site: q.site || "outside", forbid: q.forbid || [] })),
        path: (doc.path || []).map((st) => ({ name: st.name || "", mf: st.mf, tem: st.tem || 0, open: !!st.open, eligible: (st.eligible || []).map((e) => ({ id: String(e.id), range: e.range, hindrance: e.hindrance || 0, long_range: !!e.long_range })) })),
      },
    };
  }

  function crossingYAML(c) {
    const j = (v) => JSON.stringify(v).replace(/":/g, '": ').replace(/,"/g, ', "');
    const out = ["command: activate", "title: " + JSON.stringify("A crossing built in the page"), "tables: illustrative", "stack: " + j(c.stack), "enemy: " + j(c.enemy)];
    // no S? at all leaves sq out: an empty sq is refused, as any empty list
    if (c.sq.length) out.push("sq:");
    for (const q of c.sq) {
      const o = { id: q.id };
      if (q.loc) o.loc = q.loc;
      o.ac_drm = q.ac_drm;
      o.site = q.site;
      if (q.forbid.length) o.forbid = q.forbid;
      out.push("  - " + j(o));
    }
    out.push("path:");
    for (const st of c.path) {
      const o = { name: st.name, mf: st.mf, tem: st.tem };
      if (st.open) o.open = true;
      const el = st.eligible.map((e) => {
        const x = { id: e.id, range: e.range };
        if (e.hindrance) x.hindrance = e.hindrance;
        if (e.long_range) x.long_range = true;
        return x;
      });
      if (el.length) o.eligible = el;
      out.push("  - " + j(o));
    }
    return out.join("\n") + "\n";
  }

  // readCrossing reads back a crossing the page wrote; null for any other.
  function readCrossing(text) {
    const c = { sq: [], path: [] };
    let list = null;
    try {
      for (const line of text.split("\n")) {
        if (line.trim() === "") continue;
        const item = /^  - (.*)$/.exec(line);
        if (item) {
          if (!list) return null;
          c[list].push(JSON.parse(item[1]));
          continue;
        }
        const kv = /^([a-z_]+):\s*(.*)$/.exec(line);
        if (!kv) return null;
        if (kv[1] === "sq" || kv[1] === "path") list = kv[1];
        else if (kv[1] === "stack" || kv[1] === "enemy") c[kv[1]] = JSON.parse(kv[2]);
      }
    } catch (e) {
      return null;
    }
    if (!c.stack || !c.enemy) return null;
    for (const q of c.sq) {
      q.loc = q.loc || "";
      q.forbid = q.forbid || [];
    }
    for (const st of c.path) {
      st.open = !!st.open;
      st.eligible = (st.eligible || []).map((e) => ({ hindrance: 0, long_range: false, ...e }));
    }
    return c;
  }

  // pathBuilder is the form of a crossing: the moving stack, the ENEMY,
  // each S? and each Location of the path, with the S? eligible from it.
  function pathBuilder(arg) {
    if (files[BUILT]) built = readCrossing(files[BUILT]) || built;
    if (!built) built = defaultCrossing();
    const box = el("details", { class: "group builder", id: "group-builder" }, el("summary", { text: "path builder" }));
    const body = el("div", { id: "builder" });
    // Start from the built-in crossing chosen above, rather than the
    // builder's own small example.
    const load = el("button", { type: "button", class: "add", id: "builder-load" });
    const said = el("span", { class: "help", id: "builder-load-note" });
    const chosen = () => {
      const sel = $("in-" + arg.name);
      const name = sel && sel.value;
      load.hidden = !(arg.choices || []).includes(name);
      load.textContent = "Start from " + name;
      load.dataset.name = name || "";
    };
    load.onclick = () => {
      const name = load.dataset.name;
      said.textContent = "Reading " + name + "…";
      ask(["scenarios", name, "--format", "json"], (m) => {
        // an answer for a builder since replaced (Defaults, another form)
        // is dropped: it would fill a crossing no longer shown
        if (!box.isConnected) return;
        let got, flags;
        try {
          if (m.code !== 0) throw new Error(m.stderr.trim());
          const doc = JSON.parse(m.stdout);
          flags = Object.entries(doc.flags || {}).map(([k, v]) => [k, String(v)]);
          got = fromScenario(doc);
        } catch (e) {
          said.textContent = "Could not read " + name + ": " + e.message;
          return;
        }
        if (got.off) {
          said.textContent = name + " has what the builder does not set (" + got.off.join(", ") + "): it is left as it was.";
          return;
        }
        built = got.crossing;
        redraw();
        box.open = true;
        // the choice changed as a player's would: the address, a result's
        // out-of-date mark and this button follow it
        $("in-" + arg.name).dispatchEvent(new Event("change", { bubbles: true }));
        // The file's own flags (hedgerow-crossing's method: exact,
        // village-crossing's trials: 200000) set its run: the form takes
        // those it has a box for, as a player would set them, so that the
        // path unchanged runs as the file does; any other is said.
        const carried = [], left = [];
        for (const [k, v] of flags) {
          const c = $("in-" + k);
          const fits = c && (c.tagName === "SELECT" ? [...c.options].some((o) => o.value === v) : c.tagName === "INPUT" && c.type !== "checkbox");
          if (!fits) {
            left.push(k + ": " + v);
            continue;
          }
          c.value = v;
          c.dispatchEvent(new Event(c.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
          carried.push(k + ": " + v);
        }
        said.textContent = "The builder now holds " + name + ", to change" +
          (carried.length ? "; the form takes its " + carried.join(", ") : "") +
          (left.length ? "; its " + left.join(", ") + " the form has no box for: not carried" : "") + ".";
      });
    };
    requestAnimationFrame(() => {
      const sel = $("in-" + arg.name);
      if (sel) sel.addEventListener("change", chosen);
      chosen();
    });
    box.append(
      el("p", { class: "help", text: "Build the path here instead of writing a crossing file: the stack, the ENEMY, each S? and each Location with the S? eligible from it. It starts from a small example of its own; to change a built-in crossing, start from it. Once you change anything here, running uses it as " + BUILT + ", chosen above (the flags above and below still apply, and the ENEMY fields above override the builder's); choose another crossing there to run that instead." }),
      el("div", { class: "list-tools" }, load, said),
      body,
    );
    const use = () => {
      files[BUILT] = crossingYAML(built);
      const sel = $("in-" + arg.name);
      if (![...sel.options].some((o) => o.value === BUILT)) sel.append(el("option", { value: BUILT, text: BUILT + " (built here)" }));
      sel.value = BUILT;
      const a = $("builder-download");
      if (a) {
        a.parentElement.hidden = false;
        if (a.dataset.url) URL.revokeObjectURL(a.dataset.url);
        a.dataset.url = URL.createObjectURL(new Blob([files[BUILT]], { type: "text/yaml" }));
        a.href = a.dataset.url;
      }
    };
    // every edit rebuilds the file; a Location or S? added or removed
    // redraws the builder
    // A redraw keeps the focus: the box that has it is found again by its
    // id in the new fields, where it would otherwise fall to the page.
    const redraw = () => {
      const had = body.contains(document.activeElement) ? document.activeElement.id : "";
      body.replaceChildren(...builderFields(redraw));
      use();
      if (had && $(had)) $(had).focus();
    };
    body.addEventListener("input", use);
    body.addEventListener("change", use);
    body.replaceChildren(...builderFields(redraw));
    // the built crossing is chosen when the player changes it (opening
    // the builder to look changes nothing), or when a permalink chose it
    requestAnimationFrame(() => {
      if ($("in-" + arg.name) && $("in-" + arg.name).value === BUILT) box.open = true;
    });
    return box;
  }

  function builderFields(redraw) {
    const c = built;
    // each field's id is its place in the crossing: b-loc-1-tem
    const num = (id, lbl, obj, key, lo, hi, step) => {
      const input = el("input", { type: "number", id, value: obj[key], min: lo, max: hi, step: step || 1, inputmode: keypad(lo, !step) });
      // an emptied box is no value: null, which the run refuses on the box
      input.addEventListener("input", () => (obj[key] = input.value === "" ? null : Number(input.value)), true);
      return el("div", { class: "bfield" }, el("label", { for: id, text: lbl }), input);
    };
    const text = (id, lbl, obj, key, placeholder) => {
      const input = el("input", { type: "text", id, value: obj[key], placeholder, autocomplete: "off", autocapitalize: "off", spellcheck: "false" });
      input.addEventListener("input", () => (obj[key] = input.value.trim()), true);
      return el("div", { class: "bfield" }, el("label", { for: id, text: lbl }), input);
    };
    const check = (id, lbl, obj, key) => {
      const input = el("input", { type: "checkbox", id });
      input.checked = !!obj[key];
      input.addEventListener("change", () => (obj[key] = input.checked), true);
      return el("div", { class: "check" }, input, el("label", { for: id, text: lbl }));
    };
    const choice = (id, lbl, obj, key, choices) => {
      const sel = el("select", { id }, ...choices.map((v) => el("option", { value: v, text: v })));
      sel.value = obj[key];
      sel.addEventListener("change", () => (obj[key] = sel.value), true);
      return el("div", { class: "bfield" }, el("label", { for: id, text: lbl }), sel);
    };
    const out = [];

    // the moving stack
    const stack = el("div", { class: "list", id: "b-stack", role: "group", "aria-label": "Moving units" });
    const syncStack = () => (c.stack = [...stack.querySelectorAll("input")].map((i) => i.value.trim()).filter(Boolean));
    const addUnit = (v) => {
      const n = stack.children.length + 1;
      const input = el("input", { type: "text", value: v, "aria-label": "Moving unit " + n, list: "counters", autocomplete: "off", autocapitalize: "off", spellcheck: "false" });
      input.addEventListener("input", syncStack, true);
      const row = el("div", { class: "row" }, input, el("button", { type: "button", class: "remove", "aria-label": "Remove moving unit " + n, text: "✕", onclick: () => { row.remove(); syncStack(); redraw(); } }));
      stack.append(row);
      return input;
    };
    c.stack.forEach(addUnit);
    const pick = picker({ "aria-label": "Add a common counter to the moving units (Enter adds the one chosen)" }, "Add a counter…", aslCounters(), (v) => {
      addUnit(v);
      syncStack();
      redraw();
    });
    out.push(el("fieldset", { class: "bpart" }, el("legend", { text: "Moving units" }), stack,
      el("div", { class: "list-tools" }, el("button", { type: "button", class: "add", text: "Add a unit", onclick: () => addUnit("").focus() }), pick)));

    // the ENEMY
    out.push(el("fieldset", { class: "bpart" }, el("legend", { text: "ENEMY" }),
      el("div", { class: "bgrid" },
        num("b-enemy-ac", "AC#", c.enemy, "ac", 0, 6), choice("b-enemy-attitude", "Attitude", c.enemy, "attitude", ["hold", "advance"]),
        num("b-enemy-mission_drm", "Mission DRM", c.enemy, "mission_drm", -6, 6), num("b-enemy-a5_drm", "A5 drm", c.enemy, "a5_drm", -6, 6),
        text("b-enemy-nationality", "Nationality", c.enemy, "nationality", "the tables' (illustrative: russian)"), text("b-enemy-date", "Date", c.enemy, "date", "YYYY-MM"))));

    // each S?
    const sqs = el("fieldset", { class: "bpart", id: "b-sq" }, el("legend", { text: "S? counters" }));
    c.sq.forEach((q, k) => {
      const forbid = el("div", { class: "forbid", role: "group", "aria-label": "S? " + (q.id || k + 1) + " may not generate" }, el("span", { class: "small", text: "may not generate:" }), ...ITEMS.map((it) => {
        const id = "b-f-" + k + "-" + it;
        const cb = el("input", { type: "checkbox", id, value: it });
        cb.checked = q.forbid.includes(it);
        cb.addEventListener("change", () => (q.forbid = ITEMS.filter((x) => x === it ? cb.checked : q.forbid.includes(x))), true);
        return el("span", { class: "chip" }, cb, el("label", { for: id, text: it }));
      }));
      const idField = text("b-sq-" + k + "-id", "Name", q, "id", "A");
      let was = q.id;
      idField.querySelector("input").addEventListener("change", () => {
        // the Locations it is eligible from follow its new name
        for (const st of c.path) for (const e of st.eligible) if (e.id === was) e.id = q.id;
        was = q.id;
        // after the focus has moved on (a Tab), so that redraw finds it
        setTimeout(redraw);
      });
      sqs.append(el("div", { class: "bitem", "data-sq": k },
        el("div", { class: "bgrid" }, idField, text("b-sq-" + k + "-loc", "Location (shared)", q, "loc", "its own"), num("b-sq-" + k + "-ac_drm", "AC DRM", q, "ac_drm", -6, 6), choice("b-sq-" + k + "-site", "Site", q, "site", ["outside", "inside"])),
        forbid,
        el("button", { type: "button", class: "remove-item", text: "Remove S? " + (q.id || k + 1), onclick: () => {
          c.sq.splice(k, 1);
          for (const st of c.path) st.eligible = st.eligible.filter((e) => e.id !== q.id);
          redraw();
        } })));
    });
    sqs.append(el("button", { type: "button", class: "add", id: "b-add-sq", text: "Add an S?", onclick: () => {
      let n = c.sq.length;
      let id;
      do id = String.fromCharCode(65 + (n++ % 26)) + (n > 26 ? n : ""); while (c.sq.some((q) => q.id === id));
      c.sq.push({ id, loc: "", ac_drm: 0, site: "outside", forbid: [] });
      // eligible from the last Location to start with: an S? eligible
      // from none is refused by the run (S2), and this one is ticked below
      // where the player looks next
      const last = c.path[c.path.length - 1];
      if (last) last.eligible.push({ id, range: 1, hindrance: 0, long_range: false });
      redraw();
    } }));
    out.push(sqs);

    // the path, Location by Location
    const path = el("fieldset", { class: "bpart", id: "b-path" }, el("legend", { text: "Path, in order" }));
    c.path.forEach((st, k) => {
      const elig = el("div", { class: "eligible", role: "group", "aria-label": "S? eligible from Location " + (k + 1) });
      for (const q of c.sq) {
        let e = st.eligible.find((x) => x.id === q.id);
        const on = !!e;
        if (!e) e = { id: q.id, range: 3, hindrance: 0, long_range: false };
        const id = "b-e-" + k + "-" + q.id.replace(/\W/g, "_");
        const cb = el("input", { type: "checkbox", id, "data-sq": q.id });
        cb.checked = on;
        const details = el("div", { class: "bgrid" }, num(id + "-range", "Range", e, "range", 0, 16), num(id + "-hindrance", "Hindrance", e, "hindrance", 0, 6), check(id + "-long_range", "Long Range only", e, "long_range"));
        details.hidden = !on;
        cb.addEventListener("change", () => {
          st.eligible = st.eligible.filter((x) => x.id !== q.id);
          if (cb.checked) st.eligible.push(e);
          st.eligible.sort((a, b) => c.sq.findIndex((x) => x.id === a.id) - c.sq.findIndex((x) => x.id === b.id));
          details.hidden = !cb.checked;
        }, true);
        elig.append(el("div", { class: "elig" }, el("div", { class: "check" }, cb, el("label", { for: id, text: "S? " + q.id + " eligible" })), details));
      }
      const temField = num("b-loc-" + k + "-tem", "TEM", st, "tem", 0, 8);
      const openField = check("b-loc-" + k + "-open", "Open Ground (FFMO, at TEM 0 only)", st, "open");
      // FFMO applies only at TEM 0 (S12), and the run refuses open ground
      // anywhere else: the box follows the TEM
      const temInput = temField.querySelector("input");
      const openBox = openField.querySelector("input");
      const follow = () => {
        openBox.disabled = Number(temInput.value || 0) !== 0;
        if (openBox.disabled && openBox.checked) {
          openBox.checked = false;
          st.open = false;
        }
      };
      temInput.addEventListener("input", follow);
      follow();
      path.append(el("div", { class: "bitem", "data-loc": k },
        el("h4", { text: "Location " + (k + 1) }),
        el("div", { class: "bgrid" }, text("b-loc-" + k + "-name", "Name", st, "name", "M5"), num("b-loc-" + k + "-mf", "MF", st, "mf", 0.01, 16, "any"), temField, openField),
        elig,
        el("button", { type: "button", class: "remove-item", text: "Remove Location " + (k + 1), onclick: () => { c.path.splice(k, 1); redraw(); } })));
    });
    path.append(el("button", { type: "button", class: "add", id: "b-add-loc", text: "Add a Location", onclick: () => {
      c.path.push({ name: "M" + (c.path.length + 1), mf: 1, tem: 0, open: false, eligible: [] });
      redraw();
    } }));
    out.push(path);
    out.push(el("p", { class: "small", hidden: !files[BUILT] }, el("a", { id: "builder-download", download: BUILT, text: "Download " + BUILT }), " to run it on the command line: sapper activate " + BUILT + "."));
    return out;
  }

  // ---- the sweep's own inputs: --vary, --metric and --goal

  // sweepFields builds the sweep's group: the command to sweep, the input
  // to vary and its range, the metric to tabulate, and the goal, an
  // inverse question: the first value at which a chance reaches P.
  function sweepFields(params) {
    const box = el("fieldset", { class: "group", id: "group-sweep" }, el("legend", { text: "sweep" }));
    const grid = el("div", { class: "fields" });
    const vary = params.get("vary") || "";
    const spec = (v) => /^([a-z0-9-]+)=(-?[\d.]+)\.\.(-?[\d.]+)(?::([\d.]+))?$/.exec(v);
    const given = spec(vary);
    // The address's input, if the command has it; else the command's own
    // first sweep (describe's vary), one its first run can answer.
    const first = spec(target.vary || "");
    const m = given && target.sweepable.includes(given[1]) ? given : first;
    const name = m ? m[1] : target.sweepable[0];
    if (vary && m !== given) leftOut.push("vary=" + vary);
    // The input varied, given a value of its own too, is asked two
    // things: the sweep takes the range, and says the value was left
    // out, as the command line refuses --fp with --vary fp.
    if (m === given) for (const v of params.getAll(name)) leftOut.push(name + "=" + v);
    const input = inputsOf(target).find((i) => i.name === name) || {};

    // the description's words for the sweep's own inputs
    const own = (name, fallback) => {
      const i = (sweep.args || []).concat(sweep.inputs || []).find((x) => x.name === name);
      return i && i.help ? i.help : fallback;
    };
    const cmdSel = el("select", { id: "in-command", "aria-describedby": "help-command" }, ...commands.filter((c) => c.sweepable && c.sweepable.length).map((c) => el("option", { value: c.name, text: c.name })));
    cmdSel.value = target.name;
    cmdSel.onchange = () => {
      setAddress("#sweep");
      showForm(sweep, new URLSearchParams({ command: cmdSel.value }));
    };
    grid.append(el("div", { class: "field", id: "field-command" }, el("label", { for: "in-command", class: "label", text: "Command to sweep" }), cmdSel, el("p", { class: "help", id: "help-command", text: own("command", "its inputs are below; every one but the varied one stays as given") })));

    const nameSel = el("select", { id: "in-vary-name", "aria-describedby": "help-vary err-vary" }, ...target.sweepable.map((n) => el("option", { value: n, text: label(n) })));
    nameSel.value = name;
    // a value swept may be below zero (a DRM): the phone's full keyboard
    const num = (id, lbl, v, extra) => el("div", { class: "range-part" }, el("label", { for: id, text: lbl }), el("input", { type: "number", id, value: v, step: "any", "aria-describedby": "help-vary err-vary", ...extra }));
    const whole = (i) => i.kind === "integer";
    const lo = input.min !== undefined ? Number(input.min) : 0;
    const hi = input.max !== undefined ? Math.min(Number(input.max), lo + 10) : lo + 5;
    const range = el("div", { class: "range" },
      num("in-vary-from", "from", m ? m[2] : lo),
      num("in-vary-to", "to", m ? m[3] : hi),
      num("in-vary-step", "step", m && m[4] ? m[4] : 1, { min: 0 }));
    nameSel.onchange = () => {
      const i = inputsOf(target).find((x) => x.name === nameSel.value) || {};
      const a = i.min !== undefined ? Number(i.min) : 0;
      const back = first && first[1] === nameSel.value;
      $("in-vary-from").value = back ? first[2] : a;
      $("in-vary-to").value = back ? first[3] : i.max !== undefined ? Math.min(Number(i.max), a + 10) : a + 5;
      $("in-vary-step").value = 1;
      for (const id of ["in-vary-from", "in-vary-to", "in-vary-step"]) $(id).step = whole(i) ? 1 : "any";
      markVaried();
    };
    if (whole(input)) for (const n of range.querySelectorAll("input")) n.step = 1;
    grid.append(el("div", { class: "field", id: "field-vary" },
      el("label", { for: "in-vary-name", class: "label", text: "Input to vary" }), nameSel, range,
      el("p", { class: "help", id: "help-vary", text: own("vary", "one run for each value from FROM to TO by STEP, the same seed each time; at most 200 values") }),
      el("p", { class: "field-error", id: "err-vary", hidden: true })));

    // --metric: the summary figures, or one metric's outcomes
    const metricSel = el("select", { id: "in-metric", "aria-describedby": "help-metric err-metric" }, el("option", { value: "", text: "the summary figures" }));
    grid.append(el("div", { class: "field", id: "field-metric" },
      el("label", { for: "in-metric", class: "label", text: "Columns" }), metricSel,
      el("p", { class: "help", id: "help-metric", text: own("metric", "the table's and chart's columns: the summary figures, or the outcomes of one metric") }),
      el("p", { class: "field-error", id: "err-metric", hidden: true })));

    // --goal METRIC=OUTCOME|OUTCOME>=P, or METRIC.mean>=X
    const goal = /^([a-z0-9_.]+?)(?:=([^<>]+)|\.mean)(>=|<=)(-?[\d.]+(?:[eE][-+]?\d+)?)$/.exec(params.get("goal") || "");
    if (params.get("goal") && !goal) leftOut.push("goal=" + params.get("goal"));
    const goalSel = el("select", { id: "in-goal-metric", "aria-describedby": "help-goal err-goal" }, el("option", { value: "", text: "no goal" }));
    const outcomes = el("div", { class: "outcomes", id: "in-goal-outcome", role: "group", "aria-label": "Goal outcomes" });
    const op = el("select", { id: "in-goal-op", "aria-label": "at least or at most" }, el("option", { value: ">=", text: "at least" }), el("option", { value: "<=", text: "at most" }));
    const value = el("input", { type: "number", id: "in-goal-value", step: "any", min: 0, inputmode: "decimal", value: goal ? goal[4] : "0.5", "aria-label": "Goal value", "aria-describedby": "help-goal err-goal" });
    if (goal) op.value = goal[3];
    goalSel.onchange = () => fillOutcomes();
    grid.append(el("div", { class: "field wide", id: "field-goal" },
      el("label", { for: "in-goal-metric", class: "label", text: "Goal: how much is needed?" }), goalSel, outcomes,
      el("div", { class: "goal-line" }, op, value),
      el("p", { class: "help", id: "help-goal", text: "the first value whose chance of the outcomes ticked reaches the goal (a chance from 0 to 1), or whose average count does; Tide of Iron's building asks it directly: Needed, under advanced" }),
      el("p", { class: "field-error", id: "err-goal", hidden: true })));
    // the sweep's other inputs, as any command's
    for (const i of sweepExtras()) grid.append(field(i, params.getAll(i.name)));
    box.append(grid);
    box.dataset.metric = params.get("metric") || "";
    box.dataset.goalMetric = goal ? goal[1] : "";
    box.dataset.goalOutcomes = goal ? (goal[2] === undefined ? ".mean" : goal[2]) : "";
    return box;
  }

  // fillMetrics lists the metrics of the command swept, as its probe run
  // names them, keeping what is chosen (or what the permalink gave).
  function fillMetrics() {
    const box = $("group-sweep");
    if (!box) return;
    const list = metrics[target.name] || [];
    const keep = (sel, given, first) => {
      const v = sel.options.length > 1 || !given ? sel.value || given : given;
      sel.replaceChildren(first);
      const names = list.map((m) => m.name);
      if (v && !names.includes(v)) sel.append(el("option", { value: v, text: v }));
      for (const m of list) sel.append(el("option", { value: m.name, text: m.title && m.title !== m.name ? m.name + ": " + m.title : m.name }));
      sel.value = v || "";
    };
    keep($("in-metric"), box.dataset.metric, el("option", { value: "", text: "the summary figures" }));
    box.dataset.metric = "";
    keep($("in-goal-metric"), box.dataset.goalMetric, el("option", { value: "", text: "no goal" }));
    box.dataset.goalMetric = "";
    fillOutcomes();
  }

  // fillOutcomes offers the goal metric's outcomes as checkboxes (ticking
  // several sums them), and its average for a count.
  function fillOutcomes() {
    const box = $("group-sweep");
    const wrap = $("in-goal-outcome");
    const name = $("in-goal-metric").value;
    const given = box.dataset.goalOutcomes ? box.dataset.goalOutcomes.split("|") : [...wrap.querySelectorAll("input:checked")].map((c) => c.value);
    box.dataset.goalOutcomes = "";
    wrap.replaceChildren();
    $("field-goal").querySelector(".goal-line").hidden = !name;
    if (!name) return;
    const m = (metrics[target.name] || []).find((x) => x.name === name);
    const values = m ? (m.mean ? [".mean"] : []).concat(m.outcomes) : given;
    values.forEach((v, k) => {
      const id = "goal-o-" + k;
      const c = el("input", { type: values.length > 1 && v !== ".mean" ? "checkbox" : "radio", name: "goal-o", id, value: v });
      c.checked = given.includes(v);
      c.onchange = () => {
        // the average is a goal of its own; outcomes sum
        if (v === ".mean" && c.checked) for (const o of wrap.querySelectorAll("input")) o.checked = o === c;
        if (v !== ".mean" && c.checked) { const mean = wrap.querySelector('input[value=".mean"]'); if (mean) mean.checked = false; }
      };
      wrap.append(el("div", { class: "check" }, c, el("label", { for: id, text: v === ".mean" ? "average (" + name + ".mean)" : v })));
    });
    if (!wrap.querySelector("input:checked") && wrap.querySelector("input")) wrap.querySelector("input").checked = true;
  }

  // sweepArgs are --vary, --metric and --goal as the form gives them.
  // sweepExtras are the sweep's own inputs that take no widget of their
  // own here nor are the swept command's too.
  function sweepExtras() {
    const theirs = new Set(inputsOf(target).map((i) => i.name));
    return (sweep.inputs || []).filter((i) => !["vary", "metric", "goal"].includes(i.name) && !HIDDEN.has(i.name) && !theirs.has(i.name));
  }

  function sweepArgs() {
    const out = [["vary", $("in-vary-name").value + "=" + $("in-vary-from").value.trim() + ".." + $("in-vary-to").value.trim() + ($("in-vary-step").value.trim() && $("in-vary-step").value.trim() !== "1" ? ":" + $("in-vary-step").value.trim() : "")]];
    if ($("in-metric").value) out.push(["metric", $("in-metric").value]);
    const g = $("in-goal-metric").value;
    if (g) {
      const picked = [...document.querySelectorAll("#in-goal-outcome input:checked")].map((c) => c.value);
      const what = picked.includes(".mean") ? g + ".mean" : g + "=" + picked.join("|");
      out.push(["goal", what + $("in-goal-op").value + $("in-goal-value").value.trim()]);
    }
    for (const i of sweepExtras()) {
      const c = $("in-" + i.name);
      const v = !c ? "" : i.kind === "yes/no" ? String(c.checked) : c.value.trim();
      if (c && v !== i.default && v !== "") out.push([i.name, v, i.kind === "yes/no"]);
    }
    return out;
  }

  // probeSoon lists the metrics of the command swept, with the inputs the
  // form has now (a target's metrics depend on its units): the engine
  // runs one trial of it, and fillMetrics offers what that run reports.
  function probeSoon() {
    clearTimeout(probeTimer);
    probeTimer = setTimeout(probe, 250);
  }

  function probe() {
    if (!current || !current.sweep) return;
    if (running || !worker) {
      probeSoon();
      return;
    }
    const { argv, files: given } = argvOf(true);
    // The sweep itself, a trial a value, where its range reads: a count's
    // outcomes grow with the input (hits with the dice), and a goal may
    // name one only the last values have. Else the command alone.
    let vary = [];
    try {
      vary = ["--vary", sweepArgs()[0][1]];
    } catch (e) {
      vary = [];
    }
    const tail = ["--method", "mc", "--trials", "1", "--format", "json", "--progress", "never"];
    const args = (vary.length ? argv.concat(vary) : argv.slice(1)).concat(tail);
    probing = { id: ++runSeq, key: target.name, plain: vary.length ? argv.slice(1).concat(tail) : null };
    worker.postMessage({ id: probing.id, args, files: given });
  }

  function probed(m) {
    const { key, plain } = probing;
    probing = null;
    if (m.code !== 0 && plain && worker) {
      // A range not yet right (being typed): the command alone.
      probing = { id: ++runSeq, key, plain: null };
      worker.postMessage({ id: probing.id, args: plain, files: argvOf(true).files });
      return;
    }
    if (m.code !== 0) return; // a bad input: the run itself will say so
    try {
      // A side by side (compare, plans) and a sweep have their metrics
      // per run: each metric once, as the run that lists the most
      // outcomes of it has it.
      const d = parseResult(m.stdout);
      const all = d.metrics || (d.runs || []).flatMap((r) => r.metrics || []);
      const names = [...new Set(all.map((x) => x.name))];
      metrics[key] = names.map((n) => widest(all.filter((x) => x.name === n))).map((x) => ({ name: x.name, title: x.title, mean: x.mean !== undefined, outcomes: x.outcomes.map((o) => o.value) }));
    } catch (e) {
      return;
    }
    if (current && current.sweep && target.name === key) fillMetrics();
  }

  function shellWord(s) {
    return /^[A-Za-z0-9_.,:=+\/@%-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
  }

  // numberTyping keeps a number box from dropping what it cannot hold as
  // it is typed or pasted, as it otherwise does, keeping only the rest: a
  // minus typed as a dash (–2) would run as 2, 2abc as 2. The minus sign −
  // goes in as -, as the command line reads it. Any other insertion the box
  // would cut is refused whole, with a note at the box, and the box is
  // marked (dropped) with the value it held: the form does not run while
  // it still holds that value, or that value with more typed after it, as
  // the 2 of –2 would be. A character deleted, a sign typed or another
  // number put in its place (typed over it, stepped by the arrows) clears
  // the mark (numberEdited).
  function numberTyping(e) {
    const box = e.target;
    if (!(box instanceof HTMLInputElement) || box.type !== "number") return;
    const text = e.data ?? e.dataTransfer?.getData("text/plain") ?? "";
    if (e.inputType.startsWith("delete") || /[-\u2212]/.test(text)) clearDropped(box);
    const mapped = text.replaceAll("\u2212", "-");
    const dropped = [...mapped].find((c) => !/[0-9.eE+-]/.test(c));
    if (dropped === undefined) {
      if (mapped !== text) {
        e.preventDefault();
        document.execCommand("insertText", false, mapped);
      }
      return;
    }
    e.preventDefault();
    const name = fieldOf(box);
    const what = name ? "--" + name : box.getAttribute("aria-label") || document.querySelector("label[for='" + box.id + "']")?.textContent || "a number box";
    let why = numberWanted(box);
    if (/[\u2010-\u2015]/.test(dropped)) why = "a minus is written - or \u2212";
    else if (dropped === ",") why = "a decimal point is written ., and thousands are not marked";
    // Typed on after a refusal, with nothing taken since ("abc"), the
    // note quotes all that was left out, not its last character.
    const before = box.dataset.dropped && box.value === box.dataset.droppedAt ? box.dataset.droppedText : "";
    const left = before + (text.length === 1 ? text : dropped);
    box.dataset.droppedText = left;
    box.dataset.dropped = what + ": " + JSON.stringify(left) + " not taken: " + (before ? box.dataset.droppedWhy : why);
    box.dataset.droppedWhy = before ? box.dataset.droppedWhy : why;
    box.dataset.droppedAt = box.value;
    box.setAttribute("aria-invalid", "true");
    const err = box.closest(".field")?.querySelector(".field-error");
    if (err) {
      err.replaceChildren(...flagWords(box.dataset.dropped, true));
      err.hidden = false;
    }
  }

  // numberEdited clears the mark of a box whose value is no longer the one
  // it held when something typed was left out, nor that one typed on.
  function numberEdited(e) {
    const box = e.target;
    if (box instanceof HTMLInputElement && box.dataset.dropped && !box.value.startsWith(box.dataset.droppedAt)) clearDropped(box);
  }

  function clearDropped(box) {
    if (!box.dataset.dropped) return;
    delete box.dataset.dropped;
    delete box.dataset.droppedAt;
    delete box.dataset.droppedText;
    delete box.dataset.droppedWhy;
    box.removeAttribute("aria-invalid");
    const err = box.closest(".field")?.querySelector(".field-error");
    if (err) err.hidden = true;
  }

  // fieldOf is the input a box of the form is a field of ("tem"), "" for
  // one of no field (the path builder's).
  function fieldOf(box) {
    return box.closest("[id^='field-']")?.id.slice("field-".length) || "";
  }

  // numberWanted is what a number box takes, as the command line words it:
  // a whole number from 0 to 8.
  function numberWanted(box) {
    const kind = box.step === "1" ? "a whole number" : "a decimal number";
    if (box.min === "" || box.max === "") return "want " + kind + " such as 2";
    return "want " + kind + " from " + Number(box.min).toLocaleString("en-US") + " to " + Number(box.max).toLocaleString("en-US");
  }

  // ---- running

  function run() {
    if (!current) return;
    // A box that left out something typed (numberTyping) holds what was
    // not meant: refused until it is edited (one set from a script, say,
    // has been, though no input event said so).
    for (const b of $("form").querySelectorAll("input[data-dropped]")) numberEdited({ target: b });
    const left = $("form").querySelector("input[data-dropped]");
    if (left) {
      const name = fieldOf(left);
      clearErrors();
      showError("sapper " + formCmd().name + ": " + left.dataset.dropped, name);
      left.setAttribute("aria-invalid", "true");
      document.body.dataset.state = "error";
      return;
    }
    // A number box whose text is no number ("2e", "-") reads as empty,
    // which would run as if the input were not given: refuse it instead.
    const bad = [...$("form").querySelectorAll("input[type=number]")].find((c) => c.validity.badInput);
    if (bad) {
      const name = fieldOf(bad);
      const what = name ? "--" + name : bad.getAttribute("aria-label") || "a number box";
      clearErrors();
      showError("sapper " + formCmd().name + ": " + what + ": not a number; " + numberWanted(bad), name);
      document.body.dataset.state = "error";
      return;
    }
    // An emptied box of the path builder, when the run uses what it
    // built, is refused on the box: the file it writes would give a line
    // of a file the player never saw.
    const builtSel = [...$("form").querySelectorAll("select")].find((s) => s.value === BUILT);
    // (a box hidden with its S?'s eligibility is not written, so not read)
    const empty = builtSel && $("builder") && [...$("builder").querySelectorAll("input[type=number]")].find((c) => c.value === "" && !c.closest("[hidden]"));
    if (empty) {
      const lbl = document.querySelector("label[for='" + empty.id + "']")?.textContent || "a number box";
      const item = empty.closest(".bitem");
      const sq = /^b-e-\d+-/.test(empty.id) && empty.closest(".elig")?.querySelector("input[type=checkbox]")?.dataset.sq;
      const where = [item?.querySelector("h4")?.textContent || (item?.dataset.sq !== undefined ? "S? " + item.querySelector("input[type=text]").value : ""), sq ? "S? " + sq : "", lbl].filter(Boolean).join(" ");
      builderError("sapper " + formCmd().name + ": " + BUILT + ": " + where + ": empty; give a number from " + empty.min + " to " + empty.max, empty);
      document.body.dataset.state = "error";
      return;
    }
    // So is an S? left without a name, which its eligibility and the
    // file name it by.
    const unnamed = builtSel && $("builder") && [...$("builder").querySelectorAll("input[id^='b-sq-'][id$='-id']")].find((c) => !c.value.trim());
    if (unnamed) {
      builderError("sapper " + formCmd().name + ": " + BUILT + ": S? name: empty; give each S? a name, such as A", unnamed);
      document.body.dataset.state = "error";
      return;
    }
    // A goal on a metric with no outcome ticked says nothing to reach: the
    // form asks for one where it is ticked, not in the goal's flag syntax.
    if (current.sweep && $("in-goal-metric") && $("in-goal-metric").value && !document.querySelector("#in-goal-outcome input:checked")) {
      clearErrors();
      showError("sapper sweep: --goal: tick at least one outcome of " + $("in-goal-metric").value + " (or its average) for the goal to count", "goal");
      document.body.dataset.state = "error";
      return;
    }
    const { argv, params, files: given } = argvOf();
    if (running) cancel(true);
    clearErrors();
    showNotice("");
    window.sapperTiming = null;
    const id = ++runSeq;
    running = { id, cmd: current, argv, params, t0: performance.now(), given, title: ofScenario(params) ? scenarioRun.title : "" };
    keepStatus = false;
    // A long Monte Carlo run shows a first look from its first trials
    // while the rest run: the same seed's first PREVIEW trials, which
    // sapper … --trials PREVIEW gives too.
    const trials = $("in-trials") ? Number($("in-trials").value) : 0;
    const method = $("in-method") ? $("in-method").value : "";
    const precision = $("in-precision") ? Number($("in-precision").value) : 0;
    // A crossing file may set its own method and trials (activate), which
    // the form's untouched run fields do not show: the page then cannot
    // tell a long Monte Carlo run from an exact one.
    const fromFile = inputsOf(formCmd()).some((i) => i.positional) && !["method", "trials"].every((n) => $("in-" + n) && $("in-" + n).dataset.touched === "1");
    // A value out of its box's range is refused by the run, which no
    // first look may precede with figures; so is a whole number's box
    // holding what the browser reads and the engine does not, 1e6 or 2.0.
    // (An input's "off" value, precision's 0, is outside on purpose.)
    const outOfRange = inputsOf(formCmd()).some((i) => {
      const c = $("in-" + i.name);
      if (!c || c.type !== "number" || c.value === "") return false;
      if (i.kind === "integer" && !/^[+-]?\d+$/.test(c.value)) return true;
      return Number(c.value) !== Number(i.off) && (c.validity.rangeUnderflow || c.validity.rangeOverflow);
    });
    if (!fromFile && !outOfRange && method === "mc" && !precision && trials >= 5 * PREVIEW && !argv.includes("--needed")) {
      const k = argv.indexOf("--trials");
      running.preview = k < 0 ? argv.concat(["--trials", String(PREVIEW)]) : argv.slice(0, k).concat(argv.slice(k + 2), ["--trials", String(PREVIEW)]);
    }
    document.body.dataset.state = "running";
    $("status").setAttribute("aria-busy", "true");
    $("run").disabled = true;
    $("cancel").hidden = false;
    $("status").replaceChildren(el("span", { id: "elapsed", text: "Running…" }), el("progress", { "aria-label": "Progress of the run" }), el("span", { id: "counted", class: "counted" }));
    running.timer = setInterval(() => {
      const s = ((performance.now() - running.t0) / 1000).toFixed(1);
      $("elapsed").textContent = workerReady ? "Running… " + s + " s" : "Loading the engine… " + s + " s" + loaded;
    }, 200);
    worker.postMessage({ id, args: (running.preview || argv).concat(["--format", "json", "--progress", "always"]), files: given });
  }

  // firstLook shows the first PREVIEW trials' result, marked as a first
  // look, and runs the whole.
  function firstLook(m) {
    const r = running;
    const data = parseResult(m.stdout);
    showResult({ ...r, argv: r.preview }, data);
    $("result").classList.add("first-look");
    const each = r.cmd.sweep ? " of each run" : "";
    const note = el("p", { class: "first-look-note", id: "first-look", text: "A first look from the first " + num(PREVIEW) + " trials" + each + "; the full run of " + num(Number($("in-trials").value)) + (each ? " each" : "") + " is under way and will replace it." });
    $("headline").after(note);
    // shown where the player looks, as the full result will be: Run
    // pressed low on a long form would leave it above the screen
    $("result-title").scrollIntoView({ block: "start" });
    if (!window.sapperTiming) window.sapperTiming = {};
    window.sapperTiming.firstLookMs = performance.now();
    r.look = { m, data, argv: r.preview };
    r.preview = null;
    r.id = ++runSeq;
    $("status").querySelector("progress").value = 0;
    worker.postMessage({ id: r.id, args: r.argv.concat(["--format", "json", "--progress", "always"]), files: r.given });
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
    if (!quiet && r.look) {
      // The first look on show is what the run had: kept, as the
      // engine's own answer to the cancel would have kept it, not
      // called no result.
      restartWorker();
      r.preview = r.look.argv;
      finish(r.look.m, true);
      // what the new engine's loading says does not write over it
      keepStatus = true;
      return;
    }
    stopRunning();
    restartWorker();
    if (!quiet) {
      keepStatus = true;
      setStatus("Cancelled after " + s + " s: the run was stopped and shows no result.");
      document.body.dataset.state = "cancelled";
    }
  }

  // visibleStderr is what a terminal would show of the engine's stderr: of
  // each line what follows its last carriage return, the erasures gone,
  // less the progress bars (an error follows the bar it erased on the
  // same line).
  function visibleStderr(s) {
    return s.split("\n").map((l) => l.slice(l.lastIndexOf("\r") + 1).replace(/\x1b\[K/g, "").trim())
      .filter((l) => l !== "" && !/^(.*\(\d+ of \d+\)\s*|\d+ runs\s*)?\[[^\]]*\]\s*\d+%/.test(l)).join("\n");
  }

  // finish shows the run's result. lookOnly: the run was cancelled as its
  // first look ended, or while it ran, whose figures are then all there
  // is, and are shown as such, under the first look's own command line.
  function finish(m, lookOnly) {
    const r = running;
    stopRunning();
    const wall = performance.now() - r.t0;
    const stderr = visibleStderr(m.stderr);
    const partial = m.code === 130 && m.stdout !== "";
    if (m.code !== 0 && !partial) {
      setStatus("");
      const box = builderBox(stderr);
      if (box) builderError(builderWords(stderr), box);
      else showError(stderr || "the run failed (exit status " + m.code + ")", m.field);
      document.body.dataset.state = "error";
      return;
    }
    let data;
    try {
      data = parseResult(m.stdout);
    } catch (e) {
      showError("the engine's output is not JSON: " + e);
      document.body.dataset.state = "error";
      return;
    }
    // A side by side (compare's ways, plans) stopped before each of its
    // runs had started has fewer runs than its first look: the first
    // look, which has them all, is what is shown. (A sweep cut short
    // answers of the values it ran, its headline says which.)
    let shown = m;
    let argv = lookOnly ? r.preview : r.argv;
    const fewer = partial && !lookOnly && !r.cmd.sweep && !!r.look && (r.look.data.runs || []).length > (data.runs || []).length;
    // the full run's own partial figures, of the runs it had started,
    // which the player may prefer to the first look's
    const cut = fewer && !noFigures(data) ? { m, data, argv } : null;
    if (fewer) ({ m: shown, data, argv } = r.look);
    // Cancelled by the player, or stopped by what else stops a run (a
    // server's time limit, which its stderr names).
    const stopped = (r.cancelled ? "Cancelled" : /time limit/.test(stderr) ? "Stopped at the server's time limit" : "Stopped") + " after " + (wall / 1000).toFixed(1) + " s";
    if (lookOnly && partial && !noFigures(data)) {
      setStatus(stopped + ", during the first look: PARTIAL figures, fewer than its " + num(PREVIEW) + " trials" + (r.cmd.sweep ? " a value." : "."));
    } else if (lookOnly && !partial) {
      setStatus("Cancelled after " + (wall / 1000).toFixed(1) + " s: the figures are PARTIAL, the first look's " + num(PREVIEW) + " trials.");
    } else if (fewer) {
      setStatus(stopped + ", before every run had started: PARTIAL figures, the first look's " + num(PREVIEW) + " trials a run.");
    } else if (partial && noFigures(data)) {
      setStatus(stopped + ", before the first trial: there are no figures.");
    } else if (partial) {
      setStatus(stopped + ": PARTIAL figures.");
    } else {
      setStatus("Done in " + (wall / 1000).toFixed(2) + " s.");
    }
    showResult({ ...r, argv }, data);
    $("result").classList.remove("first-look");
    if (cut) offerCut(r, cut);
    const h = $("result-title");
    h.focus({ preventScroll: true });
    h.scrollIntoView({ block: "start" });
    window.sapperTiming = { firstLookMs: (window.sapperTiming && window.sapperTiming.firstLookMs) || performance.now(), firstResultMs: performance.now(), runMs: wall, engineMs: m.ms };
    // the engine's own JSON, as sapper … --format json writes it
    window.sapperLast = { argv, json: shown.stdout };
    document.body.dataset.state = partial || lookOnly ? "partial" : "done";
    // An input changed while the run ran: its figures answer the form as
    // it was when Run was pressed, not as it is.
    // The status keeps what it said of the run (PARTIAL, the time). The
    // inputs compared are the permalink's, files and a built path too.
    if (r.cmd === current && permalink(argvOf().params) !== permalink(r.params)) {
      const said = $("status").textContent;
      markStale();
      setStatus(said + " The form has changed since: Run again for its figures.");
    } else if (!partial && !lookOnly) {
      ranResults.delete(location.hash);
      ranResults.set(location.hash, { nodes: [...$("result").childNodes], cls: $("result").className, status: $("status").textContent, state: "done", last: window.sapperLast });
      if (ranResults.size > RAN_KEPT) ranResults.delete(ranResults.keys().next().value);
    }
  }

  // offerCut puts under the headline of a first look, shown because the
  // full run was stopped before each of its runs had started, what that
  // run had done (placed's 80 million trials, say), and a button that
  // shows its partial figures instead: the first look has every run, the
  // cut run more trials of fewer.
  function offerCut(r, cut) {
    const ran = (cut.data.runs || []).filter((x) => x.trials > 0).map((x) => (x.label || "the run") + " " + num(x.trials) + " trials").join(", ");
    const show = el("button", { type: "button", id: "show-cut", text: "Show those figures instead", onclick: () => {
      // a result already out of date stays so, and the status keeps
      // what it said after its first sentence
      const stale = $("result").classList.contains("stale");
      showResult({ ...r, argv: cut.argv }, cut.data);
      window.sapperLast = { argv: cut.argv, json: cut.m.stdout };
      setStatus($("status").textContent.replace(/, before every run had started: PARTIAL figures, the first look's [\d,]+ trials a run\./, ": PARTIAL figures of the runs that had started."));
      if (stale) {
        const said = $("status").textContent;
        markStale();
        setStatus(said);
      }
      $("result-title").focus({ preventScroll: true });
    } });
    $("headline").after(el("p", { class: "first-look-note", id: "cut-note" }, "The first look's figures: the full run was stopped having run " + ran + ", before the others started. ", show));
  }

  // markStale says that the result shown no longer answers the form.
  function markStale() {
    const r = $("result");
    if (r.hidden || r.classList.contains("stale")) return;
    r.classList.add("stale");
    $("result-title").after(el("p", { class: "stale-note", id: "stale-note", text: "Out of date: the form has changed since this run. Run again for its figures." }));
    setStatus("The form has changed: Run again.");
  }

  function showNotice(text) {
    $("notice").hidden = !text;
    $("notice").textContent = text;
  }

  function setStatus(text) {
    $("status").textContent = text;
  }

  function fail(text) {
    // the status of a run that failed says nothing more ("Running…")
    if (running) setStatus("");
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

  // builderBox is the box of the path builder that a run's error about the
  // crossing it built is about, by the line and field the error names
  // (my-crossing.yaml:5: enemy: ac: …), when the run used what the
  // builder built; null otherwise.
  function builderBox(line) {
    if (!built || !$("builder") || ![...$("form").querySelectorAll("select")].some((s) => s.value === BUILT)) return null;
    const m = new RegExp("^sapper [a-z]+: " + BUILT.replace(/\./g, "\\.") + ":(\\d+): (.*)$").exec(line);
    if (!m) return null;
    const msg = m[2];
    let k;
    if ((k = /^(?:enemy: )?(ac|attitude|mission_drm|a5_drm|nationality|date)\b/.exec(msg))) return $("b-enemy-" + k[1]);
    // the file's stack leaves the empty boxes out (syncStack)
    if ((k = /^stack (\d+):/.exec(msg))) return [...$("b-stack").querySelectorAll("input")].filter((i) => i.value.trim())[k[1] - 1] || null;
    if ((k = /^sq (\d+): (\w+)/.exec(msg))) return $("b-sq-" + (k[1] - 1) + "-" + k[2]) || $("b-sq-" + (k[1] - 1) + "-id");
    if ((k = /^path (\d+)(?: \([^)]*\))?: eligible (\d+): (\w+)/.exec(msg))) {
      const e = built.path[k[1] - 1]?.eligible[k[2] - 1];
      return (e && $("b-e-" + (k[1] - 1) + "-" + e.id.replace(/\W/g, "_") + "-" + k[3])) || null;
    }
    if ((k = /^path (\d+)(?: \([^)]*\))?: (\w+)/.exec(msg))) return $("b-loc-" + (k[1] - 1) + "-" + k[2]) || null;
    // a path, or a list of S?, with none left in it
    if (/^path: want a list/.test(msg)) return $("b-add-loc");
    if (/^sq: want a list/.test(msg)) return $("b-add-sq");
    return null;
  }

  // builderWords is the file's error as the builder's player would say
  // it: a list left empty is a part of the builder left empty, not a
  // YAML list.
  function builderWords(line) {
    return line.replace(/: path: want a list, not nothing$/, ": path: no Location; add one").replace(/: sq: want a list, not nothing$/, ": sq: no S?; add one");
  }

  // builderError shows line, and marks the builder's box it is about,
  // opening the builder to it.
  function builderError(line, box) {
    clearErrors();
    $("error").hidden = false;
    $("error").textContent = line;
    $("result").hidden = true;
    const d = box.closest("details");
    if (d) d.open = true;
    // under the box too, without the file and line the player never saw
    const at = box.closest(".bfield, .row") || box;
    let err = at.querySelector(".field-error");
    if (!err) {
      err = el("p", { class: "field-error", id: "err-" + box.id });
      at.append(err);
    }
    err.textContent = line.replace(/^sapper [a-z]+: /, "").replace(new RegExp("^" + BUILT.replace(/\./g, "\\.") + "(:\\d+)?: "), "");
    err.hidden = false;
    box.setAttribute("aria-describedby", err.id);
    box.setAttribute("aria-invalid", "true");
    box.focus({ preventScroll: true });
    box.scrollIntoView({ block: "center" });
  }

  // showError shows the engine's one line, and again under the field the
  // engine says it is about, whose folded group it opens.
  function showError(line, name) {
    $("error").hidden = false;
    // the command line's words, each flag kept whole on its line
    $("error").replaceChildren(...line.split(/(--[a-z][a-z0-9-]*)/).map((part, k) => (k % 2 ? el("span", { class: "flag", text: part }) : part)));
    $("result").hidden = true;
    const f = name && $("field-" + name);
    if (!f) {
      // A message of no one field (an exact run past its budget: use
      // --method mc, or raise --max-paths) shows the fields it names,
      // whose folded groups it opens.
      // Their boxes are marked, as the boxes to change.
      for (const [, n] of line.matchAll(/--([a-z][a-z0-9-]*)/g)) {
        const d = $("field-" + n) && $("field-" + n).closest("details");
        if (d) d.open = true;
        if ($("in-" + n) && $("in-" + n).matches("input, select")) $("in-" + n).setAttribute("aria-invalid", "true");
      }
      // the focus goes to the line, so that the keyboard is where it is
      $("error").tabIndex = -1;
      $("error").focus({ preventScroll: true });
      $("error").scrollIntoView({ block: "center" });
      return;
    }
    // under its field, a message's command-line example ("e.g. --fp 8")
    // is the field itself
    const msg = line.replace(/^sapper [a-z]+: /, "").replace(/[,;]? e\.g\. --[a-z0-9-]+[ =].*$/, "");
    const err = $("err-" + name);
    // under its field a flag is the field it names (--tem is TEM), kept on
    // one line; the line above keeps the command line's words
    err.replaceChildren(...flagWords(msg, true));
    err.hidden = false;
    const d = f.closest("details");
    if (d) d.open = true;
    // The box to mend: the field's own control, or in a list the entry
    // the message quotes (--target "4-6-77"), else its first; a field of
    // several boxes (a sweep's range, its goal) gives its first; an empty
    // list gives its "Add another".
    const c = $("in-" + name) || f;
    const quoted = /^--[a-z0-9-]+ ("(?:[^"\\]|\\.)*")/.exec(msg);
    let given = null;
    try {
      given = quoted && JSON.parse(quoted[1]);
    } catch (e) {
      given = null;
    }
    const boxes = c.matches("input, select") ? [c] : [...c.querySelectorAll("input, select")];
    // a sweep's range names the box it is about: FROM, TO or STEP
    // ("400 values; at most 200 (use a larger STEP)" is the step's)
    const part = name === "vary" && (/: (FROM|TO|STEP)\b/.exec(msg) || /larger (STEP)\b/.exec(msg));
    const tick = name === "goal" && /tick at least one outcome/.test(msg) && document.querySelector("#in-goal-outcome input");
    // a goal's value ("1.5 after >=: a probability is from 0 to 1") is
    // its value box's to mend, not its metric's
    const value = name === "goal" && / after [<>]=/.test(msg) && $("in-goal-value");
    // a sweep stopped at one of its values ("at tem=9: …") is its
    // range's to mend: FROM where it is the first value, else TO
    const at = name === "vary" && !part && /: at [a-z0-9-]+=([^:]+):/.exec(msg);
    const end = at && $("in-vary-from") && $("in-vary-" + ($("in-vary-from").value.trim() === at[1] ? "from" : "to"));
    // a list short of entries ("give two or more plans") is its empty
    // box's to fill, not the first box's, which may be sound
    const empty = given === null && f.querySelector(".list") && boxes.find((b) => b.matches("input") && b.value.trim() === "");
    const box = (part && $("in-vary-" + part[1].toLowerCase())) || end || tick || value || boxes.find((b) => given !== null && b.value.trim() === given) || empty || boxes[0] || f.querySelector("button.add");
    if (box) {
      if (box.matches("input, select")) box.setAttribute("aria-invalid", "true");
      box.focus({ preventScroll: true });
    }
    f.scrollIntoView({ block: "center" });
  }

  // ---- results

  // fixed is x to d decimals as the command line (Go's strconv) writes
  // it: from x's exact binary value, a tie (4.125, exact in binary) to
  // the even digit, where toFixed goes up. toFixed(100) writes x's exact
  // decimal digits, as many as any tie at d places has (NaN, and numbers
  // toFixed writes with an exponent, are as toFixed writes them).
  function fixed(x, d) {
    const s = x.toFixed(d);
    if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return s;
    const exact = Math.abs(x).toFixed(100);
    const [whole, frac] = exact.split(".");
    if (frac.slice(d).replace(/0+$/, "") !== "5") return s;
    const down = (x < 0 ? "-" : "") + whole + (d > 0 ? "." + frac.slice(0, d) : "");
    return Number(down[down.length - 1]) % 2 === 0 ? down : s;
  }

  // As the command line prints a probability (report.Pct): one that is
  // neither certain nor impossible never reads as either; an interval's
  // ends too (pctNum, without the sign).
  const pctNum = (p) => (p > 0 && p < 0.00005 ? "<0.01" : p < 1 && p >= 0.99995 ? ">99.99" : fixed(100 * p, 2));
  const pct = (p) => pctNum(p) + "%";
  // As the command line prints an average (report.Avg): one above 0
  // never reads as 0.
  const avg = (x, d) => {
    const s = fixed(x, d);
    return x > 0 && /^[0.]*$/.test(s) ? "<" + s.slice(0, -1) + "1" : s;
  };
  const num = (n) => Number(n).toLocaleString("en-US");

  function showResult(r, data) {
    const sec = $("result");
    sec.replaceChildren();
    sec.classList.remove("stale");
    sec.hidden = false;
    sec.append(el("h2", { id: "result-title", tabindex: "-1", text: "Result" }));
    // the metric a sweep tabulates, the one --metric names or the one the
    // engine chose for a command with no summary figures (plans)
    if (data.command === "sweep") data.metric = data.inputs.metric || "";
    sec.append(el("p", { class: "headline", id: "headline", text: headline(data) }));
    // What the figures answer, in the words the command line's table
    // prints above them: the scenario's title, then the setup (the
    // targets, the attack, the terrain; activate's tables, ILLUSTRATIVE
    // ones included, and what it leaves out).
    const setup = data.setup || [];
    const title = data.title || r.title;
    if (title || setup.length) {
      sec.append(el("div", { class: "setup", id: "setup" },
        title ? el("p", { class: "scenario", id: "scenario-title", text: title }) : null,
        ...setup.map((l) => el("p", {}, ...counters(l)))));
    }
    const runs = data.runs || [{ label: "", ...data }];
    // The table's lines under its figures (a legend wrapped over lines,
    // read here as one paragraph), right under the figures they explain.
    // With no figures, only what did not run is worth a note: a legend
    // would explain columns there are none of.
    const noteLines = (data.notes || []).filter((l) => !noFigures(data) || l.startsWith("Not run"));
    const notes = noteLines.length ? el("p", { class: "notes", id: "notes", text: noteLines.join(" ") }) : null;
    sec.append(el("p", { class: "meta", text: runs.length > 1 ? methodLines(runs) : methodLine(runs[0]) }));
    // A decision the engine took, as --method auto's choice and why: the
    // command line says it on stderr.
    const decided = [...new Set([data.note, ...runs.map((x) => x.note)].filter((n) => n))];
    if (decided.length) sec.append(el("p", { class: "notes", id: "engine-note", text: decided.map((n) => n.charAt(0).toUpperCase() + n.slice(1) + (n.endsWith(".") ? "" : ".")).join(" ") }));
    const partial = runs.some((x) => x.complete === false) || data.complete === false;
    const none = noFigures(data);
    if (partial) sec.append(el("p", { class: "error", id: "partial", text: none ? "The run stopped before its first trial: there are no figures." : "The run stopped early: these figures are partial." }));
    // A --precision run that stopped at its trial cap short of it, in the
    // words the command line prints on stderr.
    // A server lowers a default past its limits: the command line below
    // carries the flags it held the run to, and gives the same figures.
    const held = data.held_to || [];
    const missed = runs.filter((x) => x.precision_missed).map((x) => (x.label ? x.label + ": " : "") + x.precision_missed);
    if (missed.length) {
      const more = held.includes("--trials") ? ", this server's limit." : ". Raise Trials for more.";
      const line = missed.join("; ");
      sec.append(el("p", { class: "error", id: "precision-missed", text: line.charAt(0).toUpperCase() + line.slice(1) + more }));
    }
    // Said as the defaults they lower, not as a bound the run met: an
    // exact run is held to the server's share of memory whatever it
    // needs.
    if (held.length) sec.append(el("p", { class: "notes", id: "held-to", text: "This server runs within its own limits, below the command line's defaults: " + held.join(" ") + ". The command line below carries them, and gives these figures." }));
    if (none) {
      // a 0.00% of no trials would read as a result (report.NoFigures)
    } else if (data.needed) {
      sec.append(neededTable(data));
    } else if (data.command === "sweep") {
      showSweep(sec, data, notes);
    } else if (data.runs) {
      sec.append(figuresTable(data.runs));
      if (notes) sec.append(notes);
      sec.append(chartBox(figureSeries(data.runs)));
      for (const run of data.runs) {
        const d = el("details", { class: "run" }, el("summary", { text: run.label + ": every metric" }));
        d.append(el("div", { class: "tables" }, ...run.metrics.map((m) => metricTable(m, run.label))));
        sec.append(d);
      }
    } else {
      // the headline's metric leads, the others follow in the engine's order
      const lead = data.headline && data.headline.metric;
      const metrics = [...data.metrics.filter((m) => m.name === lead), ...data.metrics.filter((m) => m.name !== lead)];
      sec.append(el("div", { class: "tables" }, ...metrics.map((m) => metricTable(m, ""))));
      sec.append(chartBox(metrics.filter((m) => m.outcomes).map((m) => {
        const folded = zeroFolded(m);
        return { title: m.title || m.name, folded: folded.size > 0, rows: m.outcomes.filter((o) => !folded.has(o)).map((o) => ({ label: o.value, bars: [o] })) };
      })));
    }
    if (notes && !notes.isConnected) sec.append(notes);
    requestAnimationFrame(markScrolling);
    const line = "sapper " + r.argv.concat(held).map(shellWord).join(" ");
    const link = location.href.replace(/[?#].*$/, "") + "#" + permalink(r.params);
    sec.append(
      el("h3", { text: "Run it again" }),
      el("p", { text: none ? "On the command line, the same inputs and seed give the figures of the whole run:" : partial ? "On the command line, the same inputs and seed give the figures of a whole run, of which these are a part:" : "On the command line, the same inputs and seed give the same figures:" }),
      el("div", { class: "copy" }, el("pre", {}, el("code", { id: "cmdline" }, ...counters(line))), copyButton(line, "Copy the command")),
      // a path built here is a file the command reads: offered beside it,
      // as it stood for this run, not only far above in the builder
      // (el drops a null child; append itself would print "null")
      ...(r.argv.includes(BUILT) && r.given && r.given[BUILT]
        ? [el("p", {}, "It reads the path built above: ", el("a", { id: "run-download", download: BUILT, href: builtURL(r.given[BUILT]), text: "download " + BUILT }), ", then run it where you saved it.")]
        : []),
      el("p", {}, "This page, with these inputs: ", el("a", { href: link, id: "permalink", text: "permalink" }), " ", copyButton(link, "Copy the link")),
    );
  }

  // builtURL is a download of the built path as a result's run read it.
  // It is never let go: a result kept for its form comes back with its
  // link, and each is a few hundred bytes.
  function builtURL(yaml) {
    return URL.createObjectURL(new Blob([yaml], { type: "text/yaml" }));
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
    if (x.needed) return "An exact search of every value from 0 up" + when + ".";
    if (x.method === "exact" && x.complete === false) return "Exact enumeration cut short after " + num(x.paths) + (x.paths === 1 ? " dice path" : " dice paths") + ": each figure is a lower bound, its interval reaching what the paths not walked could add" + when + ".";
    if (x.method === "exact") return "Exact enumeration of " + num(x.paths) + (x.paths === 1 ? " dice path" : " dice paths") + " (every figure exact: no interval)" + when + ".";
    return mcLine(x, num(x.trials) + " trials", "", when, false);
  }

  // mcLine is the line of Monte Carlo run x of trials (its count), what
  // else there is (some) and its engine time (when); diffs: the runs
  // carry differences (plans), whose intervals are Newcombe's.
  function mcLine(x, trials, some, when, diffs) {
    // As the command line's run line: the seed, generator and chunk
    // reproduce the run anywhere, and the intervals are named.
    const iv = +(x.confidence * 100).toFixed(10) + "% Wilson intervals" + (diffs ? ", Newcombe's hybrid score interval for each difference" : "");
    return "Monte Carlo: " + trials + ", seed " + x.seed + ", rng " + x.rng + ", chunk " + num(x.chunk) + ", " + iv + some + when + ".";
  }

  // methodLines is methodLine for several runs: their trials are each
  // run's, and the engine's time is theirs together, as the command
  // line's table says it.
  function methodLines(runs) {
    const secs = runs.reduce((t, x) => t + (x.elapsed_seconds || 0), 0);
    const when = "; " + secs.toFixed(2) + " s in the engine for the " + runs.length + " runs";
    const mc = runs.filter((x) => x.method !== "exact");
    if (!mc.length) return "Exact enumeration of every dice path of each run (every figure exact: no interval)" + when + ".";
    const some = mc.length < runs.length ? "; exact enumeration of the other " + (runs.length - mc.length) + (runs.length - mc.length === 1 ? " run" : " runs") : "";
    // runs a precision or an interruption stopped apart differ
    const lo = Math.min(...mc.map((r) => r.trials));
    const hi = Math.max(...mc.map((r) => r.trials));
    const diffs = runs.some((r) => (r.figures || []).some((f) => f.name.startsWith("Δ ") && f.lo !== f.hi));
    return mcLine(mc[0], (lo === hi ? num(lo) : num(lo) + "–" + num(hi)) + " trials per run", some, when, diffs);
  }

  // noFigures: every run is a Monte Carlo one stopped before its first
  // trial, as the command line's report.NoFigures.
  function noFigures(data) {
    const runs = data.runs || [data];
    return runs.length > 0 && runs.every((x) => x.method !== "exact" && x.trials === 0);
  }

  // parseResult reads the engine's JSON, a seed of 2^53 or more as its
  // digits: as a number it would be rounded, and the method line would
  // name a seed the run did not use.
  function parseResult(text) {
    return JSON.parse(text.replace(/("seed": )(\d{16,})/g, '$1"$2"'));
  }

  // goalSentence answers a sweep's goal in one sentence, as the goal's
  // answer under the table says it.
  function goalSentence(g) {
    const s = g.series[0];
    const who = s.run ? s.run + " " : "";
    const fig = (p) => p.label + " (" + goalFigure(g, p.figure) + ")";
    if (g.series.length > 1) {
      // compare: which ways reach it, from which value
      const bare = (p) => valueOf(p.label) + " (" + goalFigure(g, p.figure) + ")";
      const reached = g.series.filter((x) => x.first_reached);
      const never = g.series.filter((x) => !x.first_reached && x.nearest).map((x) => x.run);
      // a way no value of which has the figure neither reaches it nor not
      const none = g.series.filter((x) => !x.first_reached && !x.nearest).map((x) => x.run);
      const noneSaid = none.length ? "; " + none.join(" and ") + (none.length > 1 ? " have" : " has") + " no such figure" : "";
      const cut = g.series.some((x) => (x.not_run || []).length) ? " at the values run" : "";
      if (!reached.length) return g.what + ": no way reaches it" + cut + (never.length ? " (" + never.join(", ") + ")" : "") + noneSaid + ".";
      // each way's span, and where it is lost and found again, as the
      // goal's answer below says it
      const ways = reached.map((x) => {
        let w = x.run + " reaches it ";
        if (!x.first_not_reached_after) w += (x.last_not_reached_before ? "first at " : "from ") + bare(x.first_reached);
        else if (x.last_reached.label === x.first_reached.label) w += "only at " + bare(x.first_reached) + ", not at " + bare(x.first_not_reached_after);
        else w += "from " + bare(x.first_reached) + " to " + bare(x.last_reached) + ", not at " + bare(x.first_not_reached_after);
        return w + (x.reached_again ? ", and again at " + bare(x.reached_again) : "");
      });
      return g.what + ": " + ways.join("; ") + (never.length ? "; " + never.join(" and ") + (never.length > 1 ? " never do" : " never does") + cut : "") + noneSaid + (cut ? "; the sweep was interrupted" : "") + ".";
    }
    if (!s.first_reached && !s.nearest) return g.what + ": " + who + "no value swept has this figure.";
    if (!s.first_reached) return g.what + ": " + who + ((s.not_run || []).length ? "not reached at the values run" : "never reached") + "; nearest " + fig(s.nearest) + ".";
    // where it is lost again is half the answer: "from tem=0 to tem=4"
    const until =
      (s.first_not_reached_after ? (s.last_reached.label !== s.first_reached.label ? "; last reached at " + fig(s.last_reached) : "; only there") + ", not at " + fig(s.first_not_reached_after) : "") +
      (s.reached_again ? "; reached again at " + fig(s.reached_again) : "");
    // a sweep cut short answers of the values it ran, and says so
    const unrun = s.not_run || [];
    const cut = unrun.length ? "; not run, as the sweep was interrupted: " + (unrun.length > 2 ? unrun[0] + " to " + unrun[unrun.length - 1] : unrun.join(" and ")) : "";
    const from = (s.no_figure || []).length ? "reached from the first value that has the figure, " : "reached from the first value, ";
    return g.what + ": " + (s.last_not_reached_before ? "first reached at " : from) + fig(s.first_reached) + until + cut + ".";
  }

  // headline is the result's one sentence, the engine's own (report
  // Headline): the question the command exists for, answered first.
  function headline(data) {
    if (data.headline) return data.headline.text;
    if (noFigures(data)) return "No figures: stopped before the first trial.";
    if (data.goal) {
      const g = data.goal;
      // A Monte Carlo figure whose interval straddles the goal leaves
      // the answer open, as the goal's own answer below says.
      const open = g.series.some((x) => ["first_reached", "last_not_reached_before", "last_reached", "first_not_reached_after", "reached_again", "nearest"].some((k) => x[k] && x[k].sure === false));
      const caveat = open ? " An interval straddles the goal, which leaves the answer open." : "";
      return goalSentence(g) + caveat;
    }
    // No answer of the engine's: a run cut short says so, and what it
    // never began, rather than that it is done.
    const unrun = data.not_run || [];
    if (unrun.length || (data.runs || [data]).some((x) => x.complete === false)) {
      return "Stopped before the end" + (unrun.length ? "; not run: " + (unrun.length > 2 ? unrun[0] + " to " + unrun[unrun.length - 1] : unrun.join(" and ")) : "") + ".";
    }
    return "Done.";
  }

  // A sweep's run is labelled VALUE or VALUE/WAY (compare's ways, plans'
  // plans): the value has no slash, and a plan's label may.
  function valueOf(label) {
    const i = label.indexOf("/");
    return i < 0 ? label : label.slice(0, i);
  }

  // sweptValue is the value a sweep's run label gives its input: "2" of
  // "tem=2" or "tem=2/placed".
  function sweptValue(label) {
    return valueOf(label).replace(/^[^=]*=/, "");
  }

  function wayOf(label) {
    const i = label.indexOf("/");
    return i < 0 ? "" : label.slice(i + 1);
  }

  function goalFigure(g, x) {
    return g.mean ? avg(x, 3) : pct(x);
  }

  // goalLines are a sweep goal's answer, in the words of the command
  // line's (report.WriteGoal).
  function goalLines(g) {
    const point = (p) => {
      let s = p.label + " (" + goalFigure(g, p.figure);
      if (p.hi > p.lo) {
        s += ", interval " + goalFigure(g, p.lo) + "–" + goalFigure(g, p.hi);
        if (!p.sure) s += ", which straddles the goal";
      }
      return s + ")";
    };
    return g.series.map((s) => {
      const parts = [];
      // values a cancelled sweep never ran: its answer is of the others
      const unrun = s.not_run || [];
      // values that have no such figure ("—" in the table), passed over
      const none = s.no_figure || [];
      if (!s.first_reached && !s.nearest) parts.push("no value swept has this figure");
      else if (!s.first_reached) parts.push((unrun.length ? "not reached at the values run" : "never reached") + "; nearest " + point(s.nearest));
      else if (!s.last_not_reached_before) parts.push("reached from the first value" + (none.length ? " that has the figure" : "") + ", " + point(s.first_reached));
      else parts.push("first reached at " + point(s.first_reached), "the last value before it that does not: " + point(s.last_not_reached_before));
      if (!s.first_reached) {
        // nothing more
      } else if (!s.first_not_reached_after && s.last_reached.label === s.first_reached.label) {
        // the first value reaching it is the last value run: none comes after
      } else if (!s.first_not_reached_after && unrun.length) parts.push("reached at every value run after it");
      else if (!s.first_not_reached_after && parts.length === 1) parts[0] += ", and at every value after it";
      else if (!s.first_not_reached_after) parts.push("reached at every value after it");
      else if (s.last_reached.label !== s.first_reached.label) parts.push("last reached at " + point(s.last_reached), "the first value after it that does not: " + point(s.first_not_reached_after));
      else parts.push("the next value does not: " + point(s.first_not_reached_after));
      if (s.reached_again) parts.push("reached again at " + point(s.reached_again));
      if (none.length && (s.first_reached || s.nearest)) parts.push("no such figure at " + none.join(", ") + ", passed over");
      if (unrun.length) parts.push("not run, as the sweep was interrupted: " + unrun.join(", "));
      return { run: s.run, text: parts.join("; ") };
    });
  }

  // ---- a sweep: a table per way, a line chart, the goal's answer

  // sweepColumns are the sweep table's columns, as the command line has
  // them: the summary figures that apply to some value, or with --metric
  // that metric's outcomes. get(run) is a run's figure for the column.
  function sweepColumns(data) {
    const runs = data.runs;
    const metric = data.metric;
    if (metric) {
      // A count's outcomes grow with the input swept (hits with the
      // dice): the columns are those of the run that has the most, as on
      // the command line, and a run that cannot have one reads a sure 0.
      const m = widest(runs.map((r) => r.metrics.find((x) => x.name === metric)));
      if (!m) return [];
      return m.outcomes.map((o) => ({
        name: o.value,
        metric,
        get: (r) => {
          const mine = r.metrics.find((x) => x.name === metric);
          return mine && (mine.outcomes.find((x) => x.value === o.value) || { value: o.value, p: 0, lo: 0, hi: 0 });
        },
      }));
    }
    return figureNames(runs)
      .map((n) => ({ name: n, get: (r) => (r.figures || []).find((f) => f.name === n) }))
      .filter((c) => runs.some((r) => { const f = c.get(r); return f && (f.p !== undefined || f.mean !== undefined); }));
  }

  // widest is the metric of ms (one run's each, or undefined) that lists
  // the most outcomes.
  function widest(ms) {
    return ms.reduce((best, m) => (m && (!best || m.outcomes.length > best.outcomes.length) ? m : best), undefined);
  }

  // headlineColumn is the column a sweep's headline follows, the
  // engine's choice (the headline's outcome); a sweep with a goal, which
  // answers with the goal instead, leads with cleared if it has it.
  function headlineColumn(data, cols) {
    const name = data.headline ? data.headline.outcome : "cleared";
    return cols.find((c) => c.name === name);
  }

  function showSweep(sec, data, notes) {
    const runs = data.runs;
    let cols = sweepColumns(data);
    // The headline's figure comes first, beside the value, where a phone
    // shows it without scrolling the table; a metric's outcomes keep
    // their order.
    const lead = data.metric ? undefined : headlineColumn(data, cols);
    if (lead) cols = [lead, ...cols.filter((c) => c !== lead)];
    // A metric's outcomes that no run reached (an IFT result's 7KIA to
    // K/1 at a few FP) would fill a phone's table with 0.00%: they are
    // named once, under it, instead.
    let never = [];
    if (data.metric) {
      const zero = (c) => runs.every((r) => { const f = c.get(r); return !f || f.p === 0; });
      never = cols.filter(zero).map((c) => c.name);
      if (never.length < cols.length) cols = cols.filter((c) => !zero(c));
      else never = [];
    }
    const ways = [...new Set(runs.map((r) => wayOf(r.label)))];
    const metric = data.metric;
    if (data.goal) {
      const box = el("div", { class: "goal", id: "goal" }, el("h3", { text: "Goal: " + data.goal.what }));
      const ul = el("ul", {});
      for (const l of goalLines(data.goal)) ul.append(el("li", { "data-run": l.run }, l.run ? el("strong", { text: l.run + ": " }) : null, l.text));
      box.append(ul);
      if (goalLines(data.goal).some((l) => l.text.includes("straddles"))) box.append(el("p", { class: "meta", text: "An interval that straddles the goal leaves the answer open: more trials, or the exact method." }));
      sec.append(box);
    }
    for (const way of ways) {
      const mine = runs.filter((r) => wayOf(r.label) === way);
      // a way's table leaves out the figures it has for no value (thrown
      // has no chain ok), as the command line's does
      const has = (c) => mine.some((r) => { const f = c.get(r); return f && (f.p !== undefined || f.mean !== undefined); });
      const wcols = metric ? cols : cols.filter(has);
      // the input swept heads the column of its values (tem: 1, 2, 3)
      const head = el("tr", {}, el("th", { scope: "col", text: data.inputs.vary }), ...wcols.map((c) => el("th", { scope: "col", text: c.name })));
      // a value whose run was cut short is marked on its row, as on the
      // command line
      const body = mine.map((r) => el("tr", { "data-value": r.label }, el("th", { scope: "row", text: sweptValue(r.label) + (r.complete === false ? " (partial)" : "") }), ...wcols.map((c) => {
        const f = c.get(r);
        if (!f || (f.p === undefined && f.mean === undefined)) return el("td", { text: "—" });
        const td = cell(f, f.mean !== undefined && f.p === undefined, true);
        td.dataset.run = r.label;
        if (metric) td.dataset.outcome = c.name;
        else td.dataset.fig = c.name;
        return td;
      })));
      const title = (way ? way + ": " : "") + (metric ? metric : "summary figures");
      sec.append(el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": title }, el("table", { class: "sweep", "data-way": way }, el("caption", { text: title }), el("thead", {}, head), el("tbody", {}, ...body))));
    }
    if (never.length) sec.append(el("p", { class: "meta", id: "never", text: "Not shown, at 0.00% for every value: " + never.join(", ") + "." }));
    if (notes) sec.append(notes);
    // the line chart: compare has a panel per figure, its ways as lines;
    // any other command one panel, a line per column
    const x = (r) => Number(sweptValue(r.label));
    const panels = [];
    // k is the line's style: its way's place among the ways, or its
    // column's among the columns, kept when other lines are left out, so
    // that a way is drawn alike in every panel
    const line = (name, k, rs, get) => ({ name, k, points: rs.map((r) => ({ x: x(r), f: get(r) })).filter((p) => p.f && (p.f.p !== undefined || p.f.mean !== undefined)) });
    const isMean = (l) => l.points.length && l.points[0].f.p === undefined;
    if (ways.length > 1 && !metric) {
      for (const c of cols) {
        const lines = ways.map((w, k) => line(w, k, runs.filter((r) => wayOf(r.label) === w), c.get));
        // an average (E[out]) has a count's axis, not a chance's
        panels.push({ title: c.name, lines, mean: lines.some(isMean) });
      }
    } else {
      for (const w of ways) {
        const rs = runs.filter((r) => wayOf(r.label) === w);
        const lines = cols.map((c, k) => line(c.name, k, rs, c.get)).filter((l) => l.points.some((p) => (p.f.p !== undefined ? p.f.p : p.f.mean) > 0));
        const title = (w ? w + ": " : "") + (metric || "summary figures");
        if (lines.some((l) => !isMean(l))) panels.push({ title, lines: lines.filter((l) => !isMean(l)) });
        if (lines.some(isMean)) panels.push({ title: title + ", averages", lines: lines.filter(isMean), mean: true });
      }
    }
    for (const p of panels) p.lines = p.lines.filter((l) => l.points.some((q) => (q.f.p !== undefined ? q.f.p : q.f.mean) > 0));
    // The axis spans every value swept; one where no line has a point
    // (no SW at sw=0) is named, as the command line's chart names it.
    const swept = [...new Set(runs.map(x))];
    const drawn = panels.filter((p) => p.lines.length);
    for (const p of drawn) p.span = swept;
    const unfigured = runs.filter((r) => !drawn.some((p) => p.lines.some((l) => l.points.some((q) => q.x === x(r))))).map((r) => valueOf(r.label));
    sec.append(lineChart(drawn, data.inputs.vary));
    if (drawn.length && unfigured.length && unfigured.length < runs.length) {
      sec.append(el("p", { class: "meta", id: "unfigured", text: "No such figure at " + [...new Set(unfigured)].join(", ") + ", so no point there." }));
    }
    for (const r of runs) {
      const d = el("details", { class: "run" }, el("summary", { text: r.label + ": every metric" }));
      d.append(el("div", { class: "tables" }, ...r.metrics.map((m) => metricTable(m, r.label))));
      sec.append(d);
    }
  }

  // neededTable is building --needed's answer: the smallest attack for
  // each chance.
  function neededTable(data) {
    const show = (a, unit, max) => {
      if (!a || !a.searched) return el("td", { text: "—" });
      if (!a.reachable) return el("td", { "data-needed": "none", text: "not reachable up to " + max });
      // "1 die", as the command line says; the chance after it goes under
      // it on a narrow screen (style.css), so that the table fits.
      const noun = a.value === 1 ? unit.one : unit.many;
      return el("td", { "data-needed": a.value, "data-p": a.p }, a.value + " " + noun, el("span", { class: "sep", text: ": " }), el("span", { class: "chance", text: pct(a.p) }));
    };
    const dice = { one: "die", many: "dice" };
    const charges = { one: "charge", many: "charges" };
    const head = el("tr", {}, el("th", { scope: "col", text: "P(destroyed) ≥" }), el("th", { scope: "col", text: "dice (up to " + data.inputs.max_dice + ")" }), el("th", { scope: "col", text: "charges (up to " + data.inputs.max_charges + ")" }));
    const rows = data.needed.map((n) => el("tr", { "data-p": n.p }, el("th", { scope: "row", text: pct(n.p) }), show(n.dice, dice, data.inputs.max_dice), show(n.charges, charges, data.inputs.max_charges)));
    return el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Smallest attack" }, el("table", { id: "needed", class: "needed" }, el("caption", { text: "Smallest attack for each chance of destroying the building" }), el("thead", {}, head), el("tbody", {}, ...rows)));
  }

  function interval(o) {
    if (o.lo === undefined || o.lo === o.hi) return "";
    return " [" + pctNum(o.lo) + ", " + pctNum(o.hi) + "]";
  }

  // span writes an interval's ends with places decimals, or one or two
  // more where places would print them alike and more tell them apart
  // (1.2–1.2 says nothing of its width), as the command line does
  // (report.Span).
  // An end above 0 that would print as 0 is written as avg writes it
  // (<0.1), and a chance's end below 1 (pct) never as 100: >99.9.
  function span(lo, hi, places, pct) {
    let d = places;
    for (let more = places + 1; fixed(lo, d) === fixed(hi, d) && more <= places + 2; more++) {
      if (fixed(lo, more) !== fixed(hi, more)) d = more;
    }
    const end = (x) => {
      const s = avg(x, d);
      return pct && x < 100 && s.startsWith("100") ? ">" + fixed(100 - 10 ** -d, d) : s;
    };
    // spaced where the high end begins >, lest –> read as an arrow
    // (report.Dash)
    const h = end(hi);
    return end(lo) + (h.startsWith(">") ? " – " : "–") + h;
  }

  // cell is a figure and its interval. compact writes the interval as
  // the command line's side-by-side and sweep tables do, 42.7–42.9, so
  // that three ways fit a phone's width.
  function cell(o, isMean, compact) {
    const td = el("td", { "data-p": isMean ? o.mean : o.p, "data-lo": o.lo, "data-hi": o.hi });
    td.append(isMean ? avg(o.mean, 3) : pct(o.p));
    if (o.lo === undefined || o.lo === o.hi) return td;
    let ci = isMean ? " [" + avg(o.lo, 3) + ", " + avg(o.hi, 3) + "]" : interval(o);
    if (compact) ci = isMean ? span(o.lo, o.hi, 3) : span(100 * o.lo, 100 * o.hi, 1, true);
    td.append(el("span", { class: "ci", text: ci }));
    return td;
  }

  // figureNames are the figures any of the runs has, in the order they
  // first appear, as the command line lists them: a plan's later attack
  // adds figures the first plan has not. The Δ figures are apart.
  function figureNames(runs) {
    const names = [];
    for (const run of runs) {
      for (const f of run.figures || []) {
        if (!f.name.startsWith("Δ ") && !names.includes(f.name)) names.push(f.name);
      }
    }
    return names;
  }

  // figuresTable puts compare's headline figures side by side: a row
  // per figure, a column per way, narrow enough for a phone; then, when
  // the runs carry them (plans, compare --differences), a column per run
  // after the first of its figure minus the first run's, in points, headed
  // as that subtraction ("thrown − placed") so that its sign reads one way
  // with the headline's "more than".
  function figuresTable(runs) {
    const names = figureNames(runs);
    const deltas = runs.slice(1).filter((run) => run.figures.some((f) => f.name.startsWith("Δ ")));
    const head = el("tr", {}, el("th", { scope: "col", text: "" }), ...runs.map((run) => el("th", { scope: "col", text: run.label })), ...deltas.map((run) => el("th", { scope: "col", text: run.label + " − " + runs[0].label })));
    // a difference in points as the command line writes it (deltaPts):
    // signed, one too small to show as such "+<0.01", none "0.00", and
    // its interval
    // to one place, or two where one would print its ends alike
    const signed = (x, d) => (x < 0 || Object.is(x, -0) ? "−" : "+") + fixed(Math.abs(x), d);
    const pts = (x) => (x === 0 ? "0.00" : x > 0 && x < 0.005 ? "+<0.01" : x < 0 && x > -0.005 ? "−<0.01" : signed(x, 2));
    const ptsSpan = (lo, hi) => {
      const d = signed(lo, 1) === signed(hi, 1) && signed(lo, 2) !== signed(hi, 2) ? 2 : 1;
      return " [" + signed(lo, d) + ", " + signed(hi, d) + "]";
    };
    // a name may wrap after each dot of a metric's name (target.1.reduced)
    const named = (n) => el("th", { scope: "row" }, ...n.split(/(?<=\.)/).flatMap((part, k) => (k ? [el("wbr"), part] : [part])));
    const body = names.map((n) => el("tr", { "data-figure": n }, named(n), ...runs.map((run) => {
      const f = run.figures.find((x) => x.name === n);
      if (!f || (f.p === undefined && f.mean === undefined)) return el("td", { text: "—" });
      const td = cell(f, f.mean !== undefined, true);
      td.dataset.run = run.label;
      td.dataset.fig = n;
      return td;
    }), ...deltas.map((run) => {
      const d = run.figures.find((x) => x.name === "Δ " + n);
      if (!d || d.p === undefined) return el("td", { text: "—" });
      const td = el("td", { class: "delta", "data-p": d.p, "data-run": run.label, "data-fig": "Δ " + n }, pts(100 * d.p) + " pts");
      if (d.lo < d.hi) td.append(el("span", { class: "ci", text: ptsSpan(100 * d.lo, 100 * d.hi) }));
      return td;
    })));
    return el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Side by side" }, el("table", { id: "figures", class: "figures" }, el("caption", { text: "Side by side" }), el("thead", {}, head), el("tbody", {}, ...body)));
  }

  // fractionText is an exact fraction as a reader writes it: 0 and 1
  // whole.
  function fractionText(f) {
    return f === "0/1" ? "0" : f === "1/1" ? "1" : f;
  }

  // fractionCell shows a fraction a reader can take in whole; a longer one
  // (a crossing's run to fifty digits) folds behind its size in its
  // column ("20 digits over 21", not "20/21", which reads as the
  // fraction), and opens to the fraction, wrapped, so that it never
  // widens the table. A phone has room beside the figures for half as
  // much.
  const SHORT_FRACTION = 24, PHONE_FRACTION = 12;
  function fractionCell(f) {
    const t = fractionText(f);
    const short = window.matchMedia("(max-width: 40rem)").matches ? PHONE_FRACTION : SHORT_FRACTION;
    if (t.length <= short) return el("td", { class: "frac", text: t });
    const [a, b] = t.split("/");
    return el("td", { class: "frac" }, el("details", { class: "frac-long" }, el("summary", { text: a.replace("-", "").length + " digits over " + b.length, title: "show the fraction" }), el("span", { class: "frac-full", text: t })));
  }

  // zeroFolded are the outcomes of m that its table folds and its chart
  // leaves out: those at 0.00%, when more than one is and not all are.
  function zeroFolded(m) {
    const zero = m.outcomes.filter((o) => o.p === 0);
    return new Set(zero.length > 1 && zero.length < m.outcomes.length ? zero : []);
  }

  function metricTable(m, run) {
    if (!m.outcomes) {
      return el("p", { text: (m.title || m.name) + ": " + JSON.stringify(m) });
    }
    const cum = m.outcomes.some((o) => o.at_least !== undefined);
    // An exact run's intervals are points: its column is p alone.
    const sampled = m.outcomes.some((o) => o.lo !== o.hi);
    const head = el("tr", {}, el("th", { scope: "col", text: "outcome" }), el("th", { scope: "col", text: sampled ? "p [interval]" : "p" }), cum ? el("th", { scope: "col" }, "at least", el("span", { class: "ci cum", text: "this or worse" })) : null, cum ? el("th", { scope: "col" }, "at most", el("span", { class: "ci cum", text: "this or milder" })) : null, m.outcomes.some((o) => o.fraction) ? el("th", { scope: "col", text: "fraction" }) : null);
    const rows = m.outcomes.map((o) =>
      el("tr", { "data-value": o.value }, el("th", { scope: "row", text: o.value }), cell(o, false), cum ? el("td", { text: o.at_least !== undefined ? pct(o.at_least) : "" }) : null, cum ? el("td", { text: o.at_most !== undefined ? pct(o.at_most) : "" }) : null, o.fraction ? fractionCell(o.fraction) : null),
    );
    const title = m.title || m.name;
    const caption = el("caption", { text: title });
    if (m.title && m.title !== m.name) caption.append(" ", el("code", { text: m.name }));
    // Outcomes no trial reached (an IFT result's 7KIA to K/1 at a few FP)
    // are folded away, a row saying how many, so that a phone shows the
    // figures that happened; the row unfolds them.
    const folded = zeroFolded(m);
    const zero = rows.filter((r, k) => folded.has(m.outcomes[k]));
    let foot = null;
    if (zero.length) {
      for (const r of zero) r.hidden = true;
      const names = zero.map((r) => r.dataset.value).join(", ");
      const unfold = el("button", { type: "button", class: "unfold", "aria-expanded": "false", text: zero.length + " outcomes at 0.00%: show them", title: names });
      unfold.onclick = () => {
        const show = unfold.getAttribute("aria-expanded") === "false";
        for (const r of zero) r.hidden = !show;
        unfold.setAttribute("aria-expanded", String(show));
        unfold.textContent = zero.length + " outcomes at 0.00%: " + (show ? "hide them" : "show them");
      };
      foot = el("tfoot", {}, el("tr", {}, el("td", { colspan: String(head.children.length) }, unfold)));
    }
    // A count's mean, as the command line writes it under its table.
    if (m.mean !== undefined) {
      foot = foot || el("tfoot", {});
      foot.append(el("tr", { class: "mean" }, el("td", { colspan: String(head.children.length), text: meanText(m, sampled) })));
    }
    return el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": (run ? run + ": " : "") + title }, el("table", { class: "metric", "data-metric": m.name, "data-run": run }, caption, el("thead", {}, head), el("tbody", {}, ...rows), foot));
  }

  // meanText is a count's mean: an exact run's alone, a sampled one's
  // with its half-width, or its bounds where they are not symmetric about
  // it (every trial gave one value).
  function meanText(m, sampled) {
    // an exact run cut short bounds its outcomes, not its means
    if (!sampled || m.mean_lo === undefined || m.mean_hi === undefined) return "mean " + avg(m.mean, 4);
    const lo = m.mean - m.mean_lo, hi = m.mean_hi - m.mean;
    if (Math.abs(hi - lo) > 1e-9 * Math.max(hi, lo)) return "mean " + avg(m.mean, 4) + " [" + avg(m.mean_lo, 4) + ", " + avg(m.mean_hi, 4) + "]";
    return "mean " + avg(m.mean, 4) + " ± " + fixed((m.mean_hi - m.mean_lo) / 2, 4);
  }

  // ---- the chart, inline SVG drawn from the same figures

  const COLORS = ["#1f4d36", "#a4410e", "#1d4f8c", "#6b3fa0", "#5c5c00"];

  function figureSeries(runs) {
    const of = (n) => runs.map((r) => r.figures.find((f) => f.name === n)).filter((f) => f);
    const names = figureNames(runs).filter((n) => of(n).some((f) => f.p !== undefined));
    // an average (E[out]) is no chance, whose bars these are: the table has it
    const averages = figureNames(runs).filter((n) => !names.includes(n) && of(n).some((f) => f.mean !== undefined));
    return [{ title: "Side by side", legend: runs.map((r) => r.label), averages, rows: names.map((n) => ({ label: n, bars: runs.map((r) => r.figures.find((f) => f.name === n) || {}) })) }];
  }

  function chartBox(panels) {
    const box = el("figure", { class: "chart", id: "chart" });
    const sampled = panels.some((p) => p.rows.some((r) => r.bars.some((b) => b.lo !== b.hi)));
    let left = panels.some((p) => p.folded) ? " Where a table folds its outcomes at 0.00%, the chart leaves them out too." : "";
    const averages = panels.flatMap((p) => p.averages || []);
    if (averages.length) left += " " + averages.join(", ") + (averages.length > 1 ? ", averages" : ", an average") + ", not a chance, " + (averages.length > 1 ? "are" : "is") + " in the table only.";
    box.append(el("figcaption", { text: (sampled ? "Chart: each bar is p, each whisker its interval." : "Chart: each bar is p, exact.") + left }));
    const draw = () => {
      box.querySelectorAll("svg").forEach((s) => s.remove());
      // the figure's padding (0.5rem a side) is not the drawing's room
      const w = Math.max(260, Math.min(box.clientWidth - 16 || 600, 900));
      // one label column for every panel, so that their axes line up
      const longest = Math.max(0, ...panels.flatMap((p) => p.rows.map((r) => r.label.length)));
      for (const p of panels) box.append(svgPanel(p, w, longest));
    };
    return drawnToFit(box, draw);
  }

  // markScrolling marks the result's tables wider than their box, whose
  // captions then say that the rest is sideways; init calls it again when
  // the window resizes.
  function markScrolling() {
    const wraps = [...$("result").querySelectorAll(".table-wrap")];
    for (const w of wraps) w.classList.remove("span");
    for (const w of wraps) {
      // A table too wide for its share of a row of tables takes the whole
      // row where that holds it: room to read it beats a scroll bar.
      const row = w.parentElement;
      if (w.scrollWidth > w.clientWidth + 1 && row.classList.contains("tables") && row.clientWidth >= w.scrollWidth) w.classList.add("span");
      const scrolls = w.scrollWidth > w.clientWidth + 1;
      w.classList.toggle("scrolls", scrolls);
      // a keyboard scrolls a box it can reach; one that does not scroll
      // would be a Tab stop that does nothing
      if (scrolls) w.setAttribute("tabindex", "0");
      else w.removeAttribute("tabindex");
    }
  }

  // drawnToFit draws a chart box now and again when the window resizes,
  // so that its panels fit the width they have.
  function drawnToFit(box, draw) {
    requestAnimationFrame(draw);
    let t;
    window.addEventListener("resize", () => {
      clearTimeout(t);
      t = setTimeout(() => box.isConnected && draw(), 150);
    });
    return box;
  }

  // wrapKeys lays a legend's names out in rows of width w: each key a
  // swatch of room swatch, then its name at about perChar a character,
  // gap before the next; a row holds what fits. Each key has its x, its
  // row from 0, its name and its index k.
  function wrapKeys(names, w, swatch, perChar, gap) {
    let x = 0, row = 0;
    return names.map((name, k) => {
      const kw = swatch + name.length * perChar;
      if (x > 0 && x + kw > w) { x = 0; row++; }
      const key = { x, row, name, k };
      x += kw + gap;
      return key;
    });
  }

  // lineChart draws a sweep: for each panel, a line per column over the
  // varied input, its interval a band, as sapper sweep --plot does.
  function lineChart(panels, xname) {
    const box = el("figure", { class: "chart", id: "chart" });
    const sampled = panels.some((p) => p.lines.some((l) => l.points.some((q) => q.f.lo !== undefined && q.f.lo !== q.f.hi)));
    box.append(el("figcaption", { text: "Chart: each line is a figure over " + xname + (sampled ? ", its band the interval." : ", exact.") }));
    const draw = () => {
      box.querySelectorAll("svg").forEach((s) => s.remove());
      const w = Math.max(260, Math.min(box.clientWidth - 16 || 600, 900));
      for (const p of panels) box.append(linePanel(p, w, xname));
    };
    return drawnToFit(box, draw);
  }

  function linePanel(p, w, xname) {
    const NS = "http://www.w3.org/2000/svg";
    const s = (tag, attrs, text) => {
      const n = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
      if (text !== undefined) n.textContent = text;
      return n;
    };
    const val = (f) => (f.p !== undefined ? f.p : f.mean);
    // every value swept, each a tick while they have room, the axis from
    // the first to the last
    const xs = p.span || p.lines.flatMap((l) => l.points.map((q) => q.x));
    const x0 = Math.min(...xs), x1 = Math.max(...xs);
    // an average's axis ends at a round number, four steps of 1, 2, 2.5
    // or 5 times a power of ten, so that its ticks read as written
    const nice = (m) => {
      const raw = m / 4, p10 = 10 ** Math.floor(Math.log10(raw));
      return 4 * [1, 2, 2.5, 5, 10].map((k) => k * p10).find((x) => x >= raw - 1e-12);
    };
    // a probability's axis too, up to 100%, as the command line's chart
    // draws it: figures under 56% are not squeezed into half the panel
    const top1 = Math.max(...p.lines.flatMap((l) => l.points.map((q) => (q.f.hi !== undefined ? q.f.hi : val(q.f)))));
    const ymax = p.mean ? nice(top1) || 1 : Math.min(1, nice(top1) || 1);
    const lines = titleLines(p.title, w);
    const base = 40 + titleExtra(lines);
    const legend = wrapKeys(p.lines.map((l) => l.name), w, 22, 7.5, 10).map((g) => ({ ...g, y: base + 18 * g.row }));
    const rows = legend.length ? legend[legend.length - 1].row : 0;
    const left = 44, right = 12, top = base + 18 * rows + 20, plotH = Math.round(Math.min(260, w * 0.55));
    const h = top + plotH + 40;
    const X = (x) => left + (x1 === x0 ? 0.5 : (x - x0) / (x1 - x0)) * (w - left - right);
    const Y = (y) => top + plotH - (y / ymax) * plotH;
    const svg = s("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, role: "img", "aria-label": p.title + " over " + xname, class: "panel line" });
    svgTitle(s, svg, lines);
    for (const g of legend) {
      // the swatch is the line itself, its dashes too: two lines of one
      // colour are told apart by them
      const k = p.lines[g.k].k;
      svg.append(s("line", { x1: g.x, x2: g.x + 18, y1: g.y - 8, y2: g.y - 8, stroke: LINE_COLORS[k % LINE_COLORS.length], "stroke-width": 2.5, "stroke-dasharray": DASHES[k % DASHES.length] }));
      svg.append(s("text", { x: g.x + 20, y: g.y - 4 }, g.name));
    }
    for (const t of [0, 0.25, 0.5, 0.75, 1]) {
      const y = Y(t * ymax);
      svg.append(s("line", { x1: left, x2: w - right, y1: y, y2: y, class: "grid" }));
      svg.append(s("text", { x: left - 4, y: y + 4, "text-anchor": "end", class: "tick" }, p.mean ? String(+(t * ymax).toPrecision(3)) : +(t * ymax * 100).toPrecision(3) + "%"));
    }
    const uniq = [...new Set(xs)].sort((a, b) => a - b);
    const every = Math.max(1, Math.ceil(uniq.length / Math.max(2, Math.floor((w - left) / 44))));
    // every every-th value, and the last, which takes the place of the
    // one before it when the two would crowd (…, 34, 35, 36)
    const ks = uniq.map((_, k) => k).filter((k) => k % every === 0);
    const last = uniq.length - 1;
    if (ks[ks.length - 1] !== last) {
      // nearer than a label's width: the last takes its place
      if (ks.length > 1 && X(uniq[last]) - X(uniq[ks[ks.length - 1]]) < 30) ks[ks.length - 1] = last;
      else ks.push(last);
    }
    for (const k of ks) svg.append(s("text", { x: X(uniq[k]), y: top + plotH + 16, "text-anchor": "middle", class: "tick" }, String(uniq[k])));
    svg.append(s("text", { x: (left + w - right) / 2, y: top + plotH + 34, "text-anchor": "middle", class: "tick" }, xname));
    p.lines.forEach((l) => {
      const k = l.k;
      const color = LINE_COLORS[k % LINE_COLORS.length];
      const pts = l.points;
      if (pts.some((q) => q.f.lo !== undefined && q.f.lo !== q.f.hi)) {
        const band = pts.map((q) => X(q.x) + "," + Y(q.f.hi)).concat(pts.slice().reverse().map((q) => X(q.x) + "," + Y(q.f.lo)));
        svg.append(s("polygon", { points: band.join(" "), fill: color, "fill-opacity": 0.18, stroke: "none" }));
      }
      svg.append(s("polyline", { points: pts.map((q) => X(q.x) + "," + Y(val(q.f))).join(" "), fill: "none", stroke: color, "stroke-width": 2.5, "stroke-dasharray": DASHES[k % DASHES.length] }));
      for (const q of pts) svg.append(s("circle", { cx: X(q.x), cy: Y(val(q.f)), r: 3, fill: color }, undefined));
    });
    return svg;
  }

  // line colours pass 3:1 against the white panel; dashes tell them apart
  // without colour. Five dashes against eight colours: no two of the first
  // forty lines share both (a metric's thirteen outcomes did, 1KIA's and
  // none's alike).
  const LINE_COLORS = ["#1f4d36", "#a4410e", "#1d4f8c", "#6b3fa0", "#5c5c00", "#9c1d5a", "#00616b", "#55411f"];
  const DASHES = ["", "6 3", "2 3", "8 3 2 3", "12 3 2 3 2 3"];

  // titleLines breaks a panel's title at spaces into lines that fit w px
  // in the title's font, measured (an estimate of 7.4 px a character let
  // "Guns generated (ILLUSTRATIVE tables, …" pass a phone's panel by two
  // pixels): a long title (an activate metric's, with its tables) is
  // read whole, not cut off at the panel's edge.
  function titleLines(title, w) {
    const room = Math.max(w, 12 * 7.4);
    const lines = [];
    let cur = "";
    for (const word of title.split(" ")) {
      if (cur && titleWidth(cur + " " + word) > room) {
        lines.push(cur);
        cur = word;
      } else cur = cur ? cur + " " + word : word;
    }
    return cur ? [...lines, cur] : lines;
  }

  // titleWidth is the width of s in a panel title's font (.ptitle: 13 px,
  // weight 650, the page's family), as the browser lays it out.
  let measurer = null;
  function titleWidth(s) {
    if (!measurer) {
      measurer = document.createElement("canvas").getContext("2d");
      measurer.font = "650 13px " + getComputedStyle(document.body).fontFamily;
    }
    return measurer.measureText(s).width;
  }

  // titleExtra is the height a title's lines take beyond the one line
  // every panel leaves it.
  const titleExtra = (lines) => 16 * (lines.length - 1);

  // svgTitle draws a title's lines from the panel's top.
  function svgTitle(s, svg, lines) {
    const t = s("text", { x: 0, y: 15, class: "ptitle" });
    lines.forEach((l, i) => t.append(s("tspan", { x: 0, dy: i ? 16 : 0 }, l)));
    svg.append(t);
  }

  // labelLines breaks a chart label into at most max lines of room
  // characters, after a space, a dot or a dash where it can; the last
  // line, still too long, or a word too long to break, is cut with an
  // ellipsis.
  function labelLines(label, room, max) {
    const lines = [];
    let rest = label.trim().replace(/\s+/g, " ");
    while (rest.length > room && lines.length < max - 1) {
      const head = rest.slice(0, room + 1);
      const cut = Math.max(head.lastIndexOf(" "), head.lastIndexOf(".", room - 1) + 1, head.lastIndexOf("-", room - 1) + 1);
      if (cut <= 0) break;
      lines.push(rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut).trimStart();
    }
    lines.push(rest.length > room ? rest.slice(0, Math.max(room - 1, 1)).trimEnd() + "…" : rest);
    return lines;
  }

  function svgPanel(p, w, longest) {
    const NS = "http://www.w3.org/2000/svg";
    const s = (tag, attrs, text) => {
      const n = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
      if (text !== undefined) n.textContent = text;
      return n;
    };
    const nb = p.rows[0] ? p.rows[0].bars.length : 1;
    const barH = 14, gap = 8, rowH = nb * barH + gap;
    // the labels take what the chart's longest needs, up to 45% of a
    // phone's width; the bars the rest, less room for "100.00%" past a
    // full bar
    const labelW = Math.max(60, Math.min(Math.round(longest * 6.8 + 12), Math.round(w * 0.45), 220));
    const right = 58;
    const lines = titleLines(p.title, w);
    const titleH = titleExtra(lines);
    const keys = wrapKeys(p.legend || [], w, 16, 8, 8);
    const legendH = p.legend ? 22 + 18 * (keys.length ? keys[keys.length - 1].row : 0) : 0;
    const top = 24 + titleH + legendH;
    const h = top + p.rows.length * rowH + 22;
    const plotW = w - labelW - right;
    const svg = s("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, role: "img", "aria-label": p.title, class: "panel" });
    svgTitle(s, svg, lines);
    for (const g of keys) {
      const y = 24 + titleH + 18 * g.row;
      svg.append(s("rect", { x: g.x, y, width: 12, height: 12, fill: COLORS[g.k % COLORS.length] }));
      svg.append(s("text", { x: g.x + 16, y: y + 10 }, g.name));
    }
    for (const t of [0, 0.5, 1]) {
      const x = labelW + t * plotW;
      svg.append(s("line", { x1: x, x2: x, y1: top - 4, y2: h - 18, class: "grid" }));
      svg.append(s("text", { x, y: h - 4, "text-anchor": "middle", class: "tick" }, t * 100 + "%"));
    }
    p.rows.forEach((row, i) => {
      const y0 = top + i * rowH;
      // A label wider than its column goes on two lines where its row
      // has room for them (two bars or more), else it is cut with an
      // ellipsis; whole in its tooltip either way: drawn whole it would
      // run off the panel's left edge.
      const room = Math.floor((labelW - 6) / 6.8);
      const mid = y0 + (nb * barH) / 2 + 4;
      const lab = s("text", { x: labelW - 6, y: mid, "text-anchor": "end" });
      labelLines(row.label, room, nb * barH >= 26 ? 2 : 1).forEach((l, k, all) => {
        lab.append(s("tspan", { x: labelW - 6, y: mid + (k - (all.length - 1) / 2) * 13 }, l));
      });
      lab.append(s("title", {}, row.label));
      svg.append(lab);
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

  init();
}
