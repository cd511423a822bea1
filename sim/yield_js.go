//go:build js

package sim

import (
	"runtime"
	"sync/atomic"
	"syscall/js"
	"time"
)

// lastBreath is when the run last let JavaScript's event loop run.
var lastBreath atomic.Int64

// breathEvery is how often a run in the browser lets JavaScript's event
// loop run: often enough that a Cancel is taken within a tenth of a
// second (or the chunks a worker runs at once, if longer).
const breathEvery = 100 * time.Millisecond

// betweenChunks lets other goroutines run after each chunk: a js/wasm
// program has one thread and no preemption, so without it a run's progress
// ticker would wait for the run's end. Every breathEvery it also hands the
// thread to JavaScript's event loop, where a message to cancel the run may
// be waiting.
func betweenChunks() {
	runtime.Gosched()
	now := time.Now().UnixNano()
	if last := lastBreath.Load(); now-last >= int64(breathEvery) {
		lastBreath.Store(now)
		breathe()
	}
}

// breather posts itself a message on a MessageChannel and waits for it:
// the event loop runs the tasks queued before it, and nothing else
// delays it. A timer would do as well but for its cost: a browser holds
// a timer that a timer's callback sets (as Go's time.Sleep does, breath
// after breath) to at least 4 ms, a MessageChannel message to none.
var breather struct {
	in, out js.Value
	wake    chan struct{}
	ref     bool // Node.js: the port keeps the process alive only while waited on
}

func breathe() {
	b := &breather
	if b.wake == nil {
		mc := js.Global().Get("MessageChannel")
		if mc.Type() != js.TypeFunction {
			time.Sleep(time.Millisecond) // no MessageChannel: a timer it is
			return
		}
		ch := mc.New()
		b.wake = make(chan struct{}, 1)
		b.in, b.out = ch.Get("port1"), ch.Get("port2")
		b.in.Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
			b.wake <- struct{}{}
			return nil
		}))
		b.ref = b.in.Get("unref").Type() == js.TypeFunction
	}
	if b.ref {
		b.in.Call("ref")
	}
	b.out.Call("postMessage", nil)
	<-b.wake
	if b.ref {
		b.in.Call("unref")
	}
}
