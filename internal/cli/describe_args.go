package cli

import (
	"context"
	"slices"
)

// describeArgs lists the positional arguments of a command that takes
// any, which a flag set does not declare: activate's crossing, a file or
// the name of a built-in one (its choices). Each is required: what a form
// starts with is an example, not a default the command would take.
func describeArgs(name string) []inputDesc {
	if name == sweepCommand.name {
		return []inputDesc{{
			Name: "command", Kind: kindChoice, Placeholder: "COMMAND", Choices: sweepTargets(), Example: []string{dcCommand.name},
			Group: groupAttack, Help: "the command to run once for each value; its own inputs follow",
		}}
	}
	if name != activateName {
		return nil
	}
	builtins := builtinsOf(activateName)
	titles := make([]string, len(builtins))
	for k, n := range builtins {
		if s, err := loadScenario(context.Background(), n); err == nil {
			titles[k] = s.title
		}
	}
	// A form starts from a crossing whose exact run answers at once, in a
	// browser too: the farm's (0.3 s natively) took 3–4 s there.
	example := builtins[:min(len(builtins), 1)]
	if slices.Contains(builtins, startCrossing) {
		example = []string{startCrossing}
	}
	return []inputDesc{{
		Name: "crossing", Kind: kindFile, Placeholder: "FILE|NAME", Choices: builtins, Titles: titles, Example: example,
		Group: groupAttack, Help: "a crossing file (sapper help activate shows its format), or the name of a built-in crossing",
		Rule: "§5",
	}}
}

// builtinsOf names the built-in scenarios of a command.
func builtinsOf(command string) []string {
	var names []string
	for _, n := range builtinNames() {
		if s, err := loadScenario(context.Background(), n); err == nil && s.command.name == command {
			names = append(names, n)
		}
	}
	return names
}

// startCrossing is the built-in crossing a form starts from.
const startCrossing = "hedgerow-crossing"
