package cli

import (
	"context"
	"errors"
)

// A run that stops once its inputs are read and checked, before any
// work: how a server answers bad input without a run (Registry.Check).

type checkingKey struct{}

// withChecking marks a run that stops once its inputs are read and
// checked, before any work (Registry.Check).
func withChecking(ctx context.Context) context.Context {
	return context.WithValue(ctx, checkingKey{}, true)
}

// checkingOnly reports whether the run of ctx stops before its work.
func checkingOnly(ctx context.Context) bool {
	on, _ := ctx.Value(checkingKey{}).(bool)
	return on
}

// errChecked ends a run of Registry.Check whose inputs were read and
// checked: it ran nothing, and is no error.
var errChecked = errors.New("inputs checked; nothing was run")
