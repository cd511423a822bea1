// Package cli is the sapper application: its commands, each a value with
// its flags, help and run (run.go lists them); the scenario files, sweeps
// and goal searches built on them; and the web page that serves them. The
// program in cmd/sapper is a thin shell around [Execute].
//
// The models (model/asl, model/toi, model/sasl, model/lhy) know nothing of
// this package: it reads a command's inputs, builds the model's attack,
// runs it on the engine (sim) and writes the report (report).
//
// # Adding a command
//
// Declare each flag with pflag as usual; the shared parse step
// (parseCommand) gives it the number syntax and the one-value rule, and
// setRange its range (a test fails for a whole-number flag without one).
// flagConflict and checkConflicts refuse the inputs its other inputs make
// meaningless; the common flags come with their checks and the --plot
// check; infile.Read, under infile.MaxSize, reads any file a user names.
// A YAML input file is decoded with internal/yamlfile (duplicate keys,
// aliases and second documents refused, every error a *yamlfile.Error at
// its line), which fileError turns into the usage error placed at that
// line. TestSeededGolden asks for one seeded JSON run of the command.
package cli
