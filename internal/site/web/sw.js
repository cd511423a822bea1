// The service worker keeps the whole site, so that it opens and runs
// offline after the first visit; the manual's pages (docs/), once read. The build writes its version below: a
// new site is a new cache, and the old one is dropped.
const VERSION = "__BUILD__";
const CACHE = "sapper-" + VERSION;
const FILES = ["./", "index.html", "app.js", "style.css", "wasm_exec.js", "sapper.wasm", "describe.json", "manifest.webmanifest", "icon.svg", "icon-180.png", "icon-192.png", "icon-512.png", "icon-maskable-512.png"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith("sapper-") && k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  const url = new URL(e.request.url);
  if (url.origin !== location.origin) return;
  // A page of the manual is kept once read, so that it opens offline too.
  const keep = (c, r) => {
    if (r.ok && url.pathname.includes("/docs/")) c.put(e.request, r.clone());
    return r;
  };
  e.respondWith(caches.open(CACHE).then((c) => c.match(e.request, { ignoreSearch: true }).then((hit) => hit || fetch(e.request).then((r) => keep(c, r)))));
});
