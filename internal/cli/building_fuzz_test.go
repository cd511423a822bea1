package cli

import "testing"

// FuzzBuildingArgs drives the whole building command line, --needed
// included, with arbitrary arguments (separated by NUL in the fuzz
// input), under the contract of fuzzCommand.
func FuzzBuildingArgs(f *testing.F) {
	fuzzCommand(f, "building",
		"--dice\x0012\x00--method\x00exact",
		"--dice\x008\x00--combined\x004,4\x00--combined\x002\x00--target\x004\x00--target\x003,cover=1",
		"--area\x0010\x00--dice\x0014\x00--target\x004\x00--collapse-cover\x001",
		"--charges\x002\x00--per-charge\x00--charge-hits\x006\x00--target\x002,cover=0",
		"--charges\x001\x00--pillbox\x00inside\x00--target\x003,cover=3,in-pillbox\x00--target\x004",
		"--charges\x001\x00--pillbox\x00inside",
		"--needed\x000.5,0.8,0.95\x00--cover\x003",
		"--needed\x00.5\x00--per-charge\x00--format\x00csv",
		"--dice\x000x10",
		"--target\x004,cover=1,cover=2",
		"--threshold\x000",
		"--fire-and-move\x00--dice\x007\x00--hit-on\x004\x00--cancel-on\x006",
		"--help",
	)
}
