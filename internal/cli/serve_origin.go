//go:build !js

package cli

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// A page on any other site could have its visitor's browser ask this
// server for runs: a link, an image or a form pointed at a /result, an
// /events or a POST starts work that costs the player's machine, and a
// loopback listener does not stop it, the browser being on that machine.
// So the server answers its own pages only, and a player's own typing: a
// browser says where a request comes from in Sec-Fetch-Site (which a page
// cannot set), and in Origin for a form it posts. Older browsers send
// neither; programs such as curl send neither, and are not refused.
// The static assets stay open to all: they run nothing.

// crossSite says why r comes from another site's page, or "" for a
// request the server takes.
func crossSite(r *http.Request) string {
	if isStatic(r) {
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
	return fmt.Sprintf("sapper serve takes requests from its own pages only, not from another site's (%s); open its address in the browser's address bar", clip(oneLine(header)))
}

// isStatic reports whether r asks for one of the static assets.
func isStatic(r *http.Request) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) && strings.HasPrefix(r.URL.Path, "/static/")
}

// sameOrigin reports whether an Origin header names the host the request
// reached, as its Host header says. "null" (a sandboxed or local page, or
// a redirect from elsewhere) names none.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" {
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
			return "[" + h + "]" // IPv6
		}
		return h
	}
	return host
}
