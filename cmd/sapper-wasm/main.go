//go:build js && wasm

// Command sapper-wasm is sapper's engine for the browser: compiled with
// GOOS=js GOARCH=wasm (sapper site does it), it defines two JavaScript
// functions. sapperRun runs a sapper command line and returns a Promise
// of what the command wrote and its exit code; sapperCancel stops the run
// in progress, which then resolves with its partial result (exit code
// 130), as Ctrl-C does on the command line. The page runs them in a Web
// Worker.
//
//	sapperRun(["dc", "--target", "4-6-7", "--format", "json"], onStderr, files)
//	  → Promise of {code: 0, stdout: "{…}", stderr: ""}
//
// onStderr, if given, is called with each write to stderr as it happens:
// a --progress always bar, then the one-line error of a failed run.
// files, if given, maps file names to their text: the input files the
// command line names (a crossing and its tables), which a page has no
// disk to read from.
package main

import (
	"bytes"
	"context"
	"errors"
	"syscall/js"

	"github.com/sapperhq/sapper/internal/cli"
)

// cancelRun stops the run in progress; it is only touched on the one
// thread a js/wasm program has.
var cancelRun context.CancelFunc = func() {}

func main() {
	js.Global().Set("sapperRun", js.FuncOf(start))
	js.Global().Set("sapperCancel", js.FuncOf(func(js.Value, []js.Value) any { cancelRun(); return nil }))
	select {} // keep the functions alive
}

// start runs the command line on its own goroutine and returns a Promise
// of its result: a function called from JavaScript must not block, and a
// run that waits for nothing leaves JavaScript its event loop between
// chunks (sim.betweenChunks), so that sapperCancel can reach it.
func start(_ js.Value, args []js.Value) any {
	ctx, cancel := context.WithCancel(context.Background())
	cancelRun()
	cancelRun = cancel
	// The executor is called once, by the Promise's constructor, before
	// New returns: released then, it is not kept for the page's life.
	executor := js.FuncOf(func(_ js.Value, p []js.Value) any {
		resolve := p[0]
		go func() {
			defer cancel()
			resolve.Invoke(run(ctx, args))
		}()
		return nil
	})
	defer executor.Release()
	return js.Global().Get("Promise").New(executor)
}

func run(ctx context.Context, args []js.Value) any {
	if len(args) == 0 || args[0].Type() != js.TypeObject {
		return result(2, "", "sapperRun: want an array of arguments\n")
	}
	argv := make([]string, args[0].Length())
	for i := range argv {
		argv[i] = args[0].Index(i).String()
	}
	var out bytes.Buffer
	stderr := &tee{}
	if len(args) > 1 && args[1].Type() == js.TypeFunction {
		stderr.fn = args[1]
	}
	files := map[string][]byte{}
	if len(args) > 2 && args[2].Type() == js.TypeObject {
		names := js.Global().Get("Object").Call("keys", args[2])
		for i := range names.Length() {
			name := names.Index(i).String()
			files[name] = []byte(args[2].Get(name).String())
		}
	}
	err := cli.ExecuteFiles(ctx, argv, files, &out, stderr)
	code := 0
	var ee *cli.ExitError
	if errors.As(err, &ee) {
		code = ee.Code
	} else if err != nil {
		code = 1
	}
	res := result(code, out.String(), stderr.buf.String())
	// The input a usage error is about, which the page marks.
	res["field"] = cli.InputField(err)
	return res
}

func result(code int, stdout, stderr string) map[string]any {
	return map[string]any{"code": code, "stdout": stdout, "stderr": stderr, "field": ""}
}

// tee keeps what is written to it and hands each write to fn as well.
type tee struct {
	buf bytes.Buffer
	fn  js.Value
}

func (t *tee) Write(p []byte) (int, error) {
	t.buf.Write(p)
	if t.fn.Type() == js.TypeFunction {
		t.fn.Invoke(string(p))
	}
	return len(p), nil
}
