//go:build !js

package cli

import (
	"net"
	"testing"
)

// TestListeningOn: the address a server says it listens on is the one
// given, with the port the system chose, not the listener's [::].
func TestListeningOn(t *testing.T) {
	for _, c := range []struct{ given, got, want string }{
		{"0.0.0.0:0", "[::]:42981", "0.0.0.0:42981"},
		{":0", "[::]:45051", "port 45051 of every address"},
		{"192.168.1.5:8080", "192.168.1.5:8080", "192.168.1.5:8080"},
		{"[::]:0", "[::]:4000", "[::]:4000"},
	} {
		addr, err := net.ResolveTCPAddr("tcp", c.got)
		if err != nil {
			t.Fatal(err)
		}
		if got := listeningOn(c.given, addr); got != c.want {
			t.Errorf("--addr %s, listening on %s: says %q, want %q", c.given, c.got, got, c.want)
		}
	}
}
