//go:build !js

package cli

import (
	"net"
	"sync"
)

// Bounds on what connections hold before a request is read: its headers
// (maxHeaderBytes, beside the 144 KiB of a request's body) and how many
// are open at once (spareConns beyond --runs and --queue). Without them a
// client that opened connections and sent a megabyte of headers on each,
// which Go's server allows, held the server's memory for as long as the
// header timeout let it: 150 such connections took 270 MB.
const (
	maxHeaderBytes = 32 << 10
	spareConns     = 64
)

// serverHeaderBytes is the http.Server's MaxHeaderBytes that holds a
// request's line and headers to maxHeaderBytes: net/http reads 4 KiB past
// its MaxHeaderBytes before it answers 431 (the slack of its buffer), so
// that 35,000 bytes of headers went through where 32 KiB is the limit.
const serverHeaderBytes = maxHeaderBytes - 4<<10

// limitListener accepts at most cap(sem) connections at once; the next
// waits, unaccepted, until one of them closes.
type limitListener struct {
	net.Listener
	sem chan struct{}
}

func limitConns(l net.Listener, n int) net.Listener {
	return &limitListener{Listener: l, sem: make(chan struct{}, n)}
}

func (l *limitListener) Accept() (net.Conn, error) {
	l.sem <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: sync.OnceFunc(func() { <-l.sem })}, nil
}

// limitConn gives its place back when it closes, once however often it is
// closed.
type limitConn struct {
	net.Conn
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}
