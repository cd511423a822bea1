package web

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// A page on any other site could have its visitor's browser ask this
// server for runs, and a loopback listener does not stop it, the browser
// being on that machine. So the server runs work for its own page only: a
// browser says where a request comes from in Sec-Fetch-Site (which a page
// cannot set) and in Origin. Programs such as curl send neither and are
// not refused. The page's files stay open to all: they run nothing.

// crossSite says why r comes from another site's page, or "" for a
// request the server takes.
func crossSite(r *http.Request) string {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return ""
	}
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return refusal("Sec-Fetch-Site: " + site)
	}
	if origin := r.Header.Get("Origin"); origin != "" && !sameOrigin(origin, r.Host) {
		return refusal("Origin: " + origin)
	}
	return ""
}

func refusal(header string) string {
	if len(header) > 120 {
		header = header[:120] + "…"
	}
	return fmt.Sprintf("sapper serve runs work for its own page only, not for another site's (%q); open its address in the browser's address bar", header)
}

// sameOrigin reports whether an Origin header names the host the request
// reached. "null" (a sandboxed or local page) names none, and an origin
// is a scheme and a host only, as browsers send it: one with a user, a
// query or a fragment is no browser's, and names no page.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || origin != u.Scheme+"://"+u.Host {
		return false
	}
	return strings.EqualFold(withoutDefaultPort(u.Host, u.Scheme), withoutDefaultPort(host, u.Scheme))
}

// withoutDefaultPort drops a scheme's own port from a host, which a
// browser leaves out of Origin and Host alike but a client may not.
func withoutDefaultPort(host, scheme string) string {
	h, port, err := net.SplitHostPort(host)
	if err == nil && ((scheme == "http" && port == "80") || (scheme == "https" && port == "443")) {
		if strings.Contains(h, ":") {
			return "[" + h + "]"
		}
		return h
	}
	return host
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
