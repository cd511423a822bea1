// Package cli is the sapper application: its commands, each a value with
// its flags, help and run (run.go lists them); the scenario files, sweeps
// and goal searches built on them; and the web page that serves them. The
// program in cmd/sapper is a thin shell around [Execute].
//
// The models (model/asl, model/toi, model/sasl, model/lhy) know nothing of
// this package: it reads a command's inputs, builds the model's attack,
// runs it on the engine (sim) and writes the report (report).
package cli
