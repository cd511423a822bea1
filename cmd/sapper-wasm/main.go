//go:build js && wasm

// Command sapper-wasm is sapper's engine for the browser: compiled with
// GOOS=js GOARCH=wasm (sapper site does it), it defines one JavaScript
// function, sapperRun, that runs a sapper command line and returns what
// the command wrote and its exit code. The page runs it in a Web Worker.
//
//	sapperRun(["dc", "--target", "4-6-7", "--format", "json"], onStderr, files)
//	  → {code: 0, stdout: "{…}", stderr: ""}
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

func main() {
	js.Global().Set("sapperRun", js.FuncOf(run))
	select {} // keep the function alive
}

func run(_ js.Value, args []js.Value) any {
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
	err := cli.ExecuteFiles(context.Background(), argv, files, &out, stderr)
	code := 0
	var ee *cli.ExitError
	if errors.As(err, &ee) {
		code = ee.Code
	} else if err != nil {
		code = 1
	}
	return result(code, out.String(), stderr.buf.String())
}

func result(code int, stdout, stderr string) map[string]any {
	return map[string]any{"code": code, "stdout": stdout, "stderr": stderr}
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
