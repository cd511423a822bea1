package cli

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestHelpStatesRanges: every flag whose value is held to a range says
// which in its help, in its own words or in those withRange adds, so that
// a refusal ("want a whole number from 1 to 1024") never names a range the
// help kept quiet about.
func TestHelpStatesRanges(t *testing.T) {
	for _, c := range commands {
		if c.absent || (c.prepare == nil && c.inputs == nil) {
			continue
		}
		flagsOf(c).VisitAll(func(f *pflag.Flag) {
			r := rangeText(f)
			if r == "" || f.Hidden {
				return
			}
			placeholder, usage := pflag.UnquoteUsage(f)
			got := withRange(f, placeholder, usage)
			if !statedRange.MatchString(got) {
				t.Errorf("%s --%s: help %q states no range; want %s", c.name, f.Name, got, r)
			}
			if usage != got && !strings.Contains(flagUsages(flagsOf(c)), "("+r+")") {
				t.Errorf("%s --%s: help does not show (%s)", c.name, f.Name, r)
			}
		})
	}
}

// TestWithRange: the range goes after the placeholder's first mention as a
// word, or at the end when the usage never names it, and not at all when
// the usage already states one.
func TestWithRange(t *testing.T) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.Int("sw", 0, "Support Weapons `N` the first target possesses, e.g. --sw 1")
	setRange(fs, "sw", 0, 4)
	fs.Int("drm", 0, "a DRM `N` (−6…+6), e.g. --drm 1")
	setRange(fs, "drm", -6, 6)
	fs.Int("paths", 0, "a budget of `N`")
	setRange(fs, "paths", 1, 200000000)
	fs.Int("mb", 0, "memory in MBs, `MB`")
	setRange(fs, "mb", -64, 65536)
	for name, want := range map[string]string{
		"sw":    "Support Weapons N (0…4) the first target possesses, e.g. --sw 1",
		"drm":   "a DRM N (−6…+6), e.g. --drm 1",
		"paths": "a budget of N (1…200,000,000)",
		"mb":    "memory in MBs, MB (−64…65,536)",
	} {
		f := fs.Lookup(name)
		placeholder, usage := pflag.UnquoteUsage(f)
		if got := withRange(f, placeholder, usage); got != want {
			t.Errorf("--%s: %q, want %q", name, got, want)
		}
	}
}
