package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sapperhq/sapper/internal/decimal"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// maxNeeded bounds the probabilities of one --needed.
const maxNeeded = 20

// neededInputs are the inputs of building --needed in the JSON output:
// the probabilities asked for and every input the searches keep fixed.
type neededInputs struct {
	Needed      []float64 `json:"needed"`
	Combined    []int     `json:"combined"`
	FireAndMove bool      `json:"fire_and_move"`
	ChargeHits  int       `json:"charge_hits"`
	PerCharge   bool      `json:"per_charge"`
	Cover       int       `json:"cover"`
	Threshold   int       `json:"threshold"`
	HitOn       int       `json:"hit_on"`
	CancelOn    int       `json:"cancel_on"`
	MaxDice     int       `json:"max_dice"`
	MaxCharges  int       `json:"max_charges"`
}

// neededSearch is one input searched: --dice or --charges.
type neededSearch struct {
	hi     int
	attack func(x int) toi.BuildingAttack
}

// neededOwnTable is why --needed refuses the output flags of a run.
const neededOwnTable = "the search is exact and prints a table of its own"

// prepareNeeded checks a --needed question. Its job runs no experiment:
// it works out the chance the building falls at each number of --dice and
// --charges from the exact weights of their dice (toi.BuildingAttack.
// Destroyed), since the squads in it never change whether it falls, and
// compares it with each probability asked as fractions.
func (f *buildingFlags) prepareNeeded(fs *pflag.FlagSet, c common) (*job, error) {
	for _, name := range []string{"dice", "charges", "area", "suppressive", "target", "collapse-cover", "pillbox"} {
		if fs.Changed(name) {
			return nil, inputErrorf(name, "--%s with --needed: %s", name, map[string]string{
				"dice":           "--needed searches for the smallest --dice itself",
				"charges":        "--needed searches for the smallest number of --charges itself",
				"area":           "an area attack's roll on the squads does not change whether the building falls",
				"suppressive":    "a suppressive attack does not attack the building (§4)",
				"target":         "the squads inside do not change whether the building falls",
				"collapse-cover": "the collapse does not change whether the building falls",
				"pillbox":        "a pillbox hex has no building to destroy (D6)",
			}[name])
		}
	}
	for _, name := range []string{"plot", "cumulative", "hide-zero", "explain", "view", "fractions"} {
		if fs.Changed(name) {
			return nil, inputErrorf(name, "--%s with --needed: %s", name, neededOwnTable)
		}
	}
	if fs.Changed("method") && c.cfg.Method != sim.Exact {
		return nil, inputErrorf("method", "--method %s with --needed: the search is exact", c.cfg.Method)
	}
	targets, err := parseNeeded(f.needed)
	if err != nil {
		return nil, err
	}
	// The search starts at no dice: the attack is checked there, not at
	// the default --dice, which --combined's dice would be added to.
	f.dice = 0
	a, err := f.resolve(fs)
	if err != nil {
		return nil, err
	}
	dice := neededSearch{hi: toi.MaxDice, attack: func(x int) toi.BuildingAttack { b := a; b.Dice = x; return b }}
	if !a.FireAndMove {
		dice.hi = toi.MaxDice - (a.BuildingDice() - a.Dice)
	}
	charges := neededSearch{hi: toi.MaxCharges, attack: func(x int) toi.BuildingAttack {
		b := toi.NewBuildingAttack(toi.ChargesAttack)
		b.Charges, b.ChargeHits, b.PerCharge = x, f.chargeHits, f.perCharge
		b.Cover, b.Threshold, b.CancelOn = a.Cover, a.Threshold, a.CancelOn
		return b
	}}
	for _, s := range []neededSearch{dice, charges} {
		if err := s.attack(0).Validate(); err != nil {
			return nil, modelError(fs, err)
		}
	}
	ps := make([]float64, len(targets))
	for i, t := range targets {
		ps[i] = t.p
	}
	in := neededInputs{Needed: ps, Combined: a.Combined, FireAndMove: a.FireAndMove, ChargeHits: f.chargeHits,
		PerCharge: f.perCharge, Cover: a.Cover, Threshold: a.Threshold, HitOn: a.HitOn, CancelOn: a.CancelOn,
		MaxDice: dice.hi, MaxCharges: charges.hi}
	j := &job{flags: fs, common: c, report: report.Report{Command: "building", Title: describeNeeded(in, a), Inputs: in}}
	j.run = func(ctx context.Context, stdout, _ io.Writer) error {
		start := time.Now()
		var answers [][]goalAnswer
		var stopped error
		for _, s := range []neededSearch{dice, charges} {
			ans, err := s.search(ctx, targets)
			answers = append(answers, ans)
			if err != nil {
				stopped = err
				break
			}
		}
		if stopped != nil && stopped != errInterrupted {
			return stopped
		}
		out := neededResult{report: j.report, inputs: in, dice: answers[0], complete: stopped == nil, elapsed: time.Since(start)}
		if len(answers) > 1 {
			out.charges = answers[1]
		}
		if err := out.write(stdout, c.format); err != nil {
			return err
		}
		return stopped
	}
	return j, nil
}

// neededNoRun is why --needed refuses the flags that bound, seed or share
// out a run (commonFlags.runsNone).
const neededNoRun = "the search makes no run: it works each chance out from the exact weights of the dice"

// search steps s's input up from 0 until every target is reached, or to
// its most: the answer to each is the first value whose exact chance of
// destroying the building is at least the target, compared as fractions.
// The chance needs no monotonicity, though it has it. Interrupted, it
// returns what it found with errInterrupted.
func (s neededSearch) search(ctx context.Context, targets []neededTarget) ([]goalAnswer, error) {
	out := make([]goalAnswer, len(targets))
	open := len(targets)
	for i, t := range targets {
		out[i].Target = t.p
	}
	for x := 0; x <= s.hi && open > 0; x++ {
		if ctx.Err() != nil {
			return out, errInterrupted
		}
		p, err := s.attack(x).Destroyed()
		if err != nil {
			return out, err
		}
		for i, t := range targets {
			if !out[i].Found && p.Cmp(t.exact) >= 0 {
				f, _ := p.Float64()
				out[i] = goalAnswer{Target: t.p, Value: x, P: f, Found: true}
				open--
			}
		}
	}
	return out, nil
}

// neededTarget is a probability of --needed: as a float64 for the output,
// and exactly as it was written, for the search.
type neededTarget struct {
	p     float64
	exact *big.Rat
}

// parseNeeded reads the probabilities of --needed: comma lists, the flag
// repeated, or both.
func parseNeeded(values []string) ([]neededTarget, error) {
	var out []neededTarget
	for _, v := range values {
		for _, s := range strings.Split(v, ",") {
			// A probability reads as --confidence and --precision do: a
			// fraction, an exponent (5e-1) if wanted.
			exact, err := decimal.ParseRat(s)
			var p float64
			if err == nil {
				p, _ = exact.Float64()
			}
			if s == "" || err != nil || p <= 0 || p > 1 {
				which := ""
				if s != v {
					which = fmt.Sprintf("%q: ", s)
				}
				var de *decimal.Error
				switch {
				case errors.As(err, &de) && strings.HasPrefix(de.Msg, "too close to 0"):
					which += "too close to 0 to read; " // 1e-400
				case err != nil && s != "":
					which += err.Error() + "; " // 0.99999999999999999999
				}
				return nil, badValue("needed", v, which+"want probabilities above 0 and at most 1, e.g. 0.5,0.8,0.95")
			}
			if slices.ContainsFunc(out, func(t neededTarget) bool { return t.exact.Cmp(exact) == 0 }) {
				return nil, badValue("needed", v, fmt.Sprintf("%s is given twice; give each probability once", s))
			}
			out = append(out, neededTarget{p: p, exact: exact})
		}
	}
	if len(out) > maxNeeded {
		return nil, inputErrorf("needed", "--needed: %d probabilities; at most %d", len(out), maxNeeded)
	}
	return out, nil
}

// goalAnswer is the smallest value of an input that reaches a target
// probability, with the probability it reaches; Found is false when no
// value in the range does.
type goalAnswer struct {
	Target float64
	Value  int
	P      float64
	Found  bool
}

// neededResult is the answer to --needed: per probability, the smallest
// --dice and the smallest --charges.
type neededResult struct {
	// report holds the scenario's title and the setup.
	report        report.Report
	inputs        neededInputs
	dice, charges []goalAnswer
	complete      bool
	elapsed       time.Duration
}

func (r neededResult) write(w io.Writer, f report.Format) error {
	switch f {
	case report.JSON:
		return r.writeJSON(w)
	case report.CSV:
		return r.writeCSV(w)
	}
	return r.writeTable(w)
}

// answer is one cell of the answer: the value found and its probability,
// or why there is none.
func (r neededResult) answer(ans []goalAnswer, i int, one, many string, max int) string {
	switch {
	case i >= len(ans) || (!ans[i].Found && !r.complete):
		return "not searched (interrupted)"
	case !ans[i].Found:
		return fmt.Sprintf("not reachable up to %d", max)
	}
	return fmt.Sprintf("%s: %s%%", plural(ans[i].Value, one, many), report.Pct(ans[i].P))
}

// describeNeeded is the setup of a --needed search: the question, then
// the building and the attacks searched.
func describeNeeded(in neededInputs, a toi.BuildingAttack) string {
	how := "together"
	if in.PerCharge {
		how = "one by one"
	}
	return fmt.Sprintf("Smallest attack for each chance of destroying the building\n"+
		"Building with %s, falls to %d+ net hits; defense dice cancel on %s; attack dice hitting on %s%s; charges of %s %s",
		plural(in.Cover, "red die", "red dice"), in.Threshold, faces(in.CancelOn), faces(in.HitOn), diceExtra(a),
		plural(in.ChargeHits, "hit", "hits"), how)
}

// percentAsGiven writes a probability the user gave as a percentage,
// with no more digits than it was given with: 100·p in binary carries
// noise past them (1e-9 is 1.0000000000000001e-07%), which rounding to
// 15 significant digits, the most --needed takes, drops. Below
// 0.0000001% it takes an exponent (1e-298%), not hundreds of zeros.
func percentAsGiven(p float64) string {
	x, _ := strconv.ParseFloat(strconv.FormatFloat(100*p, 'g', 15, 64), 64)
	if x < 1e-7 {
		return strconv.FormatFloat(x, 'g', -1, 64) + "%"
	}
	return strconv.FormatFloat(x, 'f', -1, 64) + "%"
}

// headline answers the question in one sentence, as every command's
// result begins: for each probability asked, the fewest dice and the
// fewest charges that reach it.
func (r neededResult) headline() report.Headline {
	in := r.inputs
	say := func(ans []goalAnswer, i int, one, many string, max int) string {
		switch {
		case i >= len(ans) || (!ans[i].Found && !r.complete):
			return many + " not searched (interrupted)"
		case !ans[i].Found:
			return fmt.Sprintf("no number of %s up to %d", many, max)
		}
		return plural(ans[i].Value, one, many)
	}
	parts := make([]string, len(in.Needed))
	for i, p := range in.Needed {
		how := percentAsGiven(p) + " or more"
		switch {
		case p == 1:
			how = "every time"
		case i == 0:
			how = percentAsGiven(p) + " of the time or more"
		}
		if i == 0 {
			how = "To destroy the building " + how
		}
		parts[i] = fmt.Sprintf("%s: %s, or %s", how, say(r.dice, i, "die", "dice", in.MaxDice), say(r.charges, i, "charge", "charges", in.MaxCharges))
	}
	return report.Headline{Metric: toi.MetricBuilding, Outcome: "destroyed", Trend: true, Text: strings.Join(parts, "; ") + "."}
}

func (r neededResult) writeTable(w io.Writer) error {
	in := r.inputs
	fmt.Fprintf(w, "%s\n\n", r.headline().Text)
	writeIntro(w, r.report)
	rows := [][3]string{{"P(destroyed) ≥", fmt.Sprintf("--dice (up to %d)", in.MaxDice), fmt.Sprintf("--charges (up to %d)", in.MaxCharges)}}
	for i, p := range in.Needed {
		rows = append(rows, [3]string{percentAsGiven(p),
			r.answer(r.dice, i, "die", "dice", in.MaxDice), r.answer(r.charges, i, "charge", "charges", in.MaxCharges)})
	}
	var widths [3]int
	for _, row := range rows {
		for k, cell := range row {
			widths[k] = max(widths[k], len([]rune(cell)))
		}
	}
	for _, row := range rows {
		line := ""
		for k, cell := range row {
			line += cell + strings.Repeat(" ", widths[k]-len([]rune(cell))+3)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if !r.complete {
		fmt.Fprintln(w, "\nINCOMPLETE: interrupted before every value was searched")
	}
	fmt.Fprintf(w, "\nexact search of every value from 0 up\nelapsed %s\n", report.Elapsed(r.elapsed))
	writeNotes(w, r.report)
	return nil
}

// diceExtra is what --combined or --fire-and-move add to the --dice
// searched.
func diceExtra(a toi.BuildingAttack) string {
	switch {
	case len(a.Combined) > 0:
		return fmt.Sprintf(", plus %d from --combined", a.BuildingDice()-a.Dice)
	case a.FireAndMove:
		return ", halved by --fire-and-move"
	}
	return ""
}

// jsonAnswer is one answer in the JSON output.
type jsonAnswer struct {
	Reachable bool     `json:"reachable"`
	Value     *int     `json:"value,omitempty"`
	P         *float64 `json:"p,omitempty"`
	Searched  bool     `json:"searched"`
}

func (r neededResult) jsonAnswer(ans []goalAnswer, i int) jsonAnswer {
	if i >= len(ans) {
		return jsonAnswer{}
	}
	a := ans[i]
	if !a.Found {
		return jsonAnswer{Searched: r.complete}
	}
	return jsonAnswer{Reachable: true, Value: &a.Value, P: &a.P, Searched: true}
}

func (r neededResult) writeJSON(w io.Writer) error {
	type row struct {
		P       float64    `json:"p"`
		Dice    jsonAnswer `json:"dice"`
		Charges jsonAnswer `json:"charges"`
	}
	doc := struct {
		Command  string          `json:"command"`
		Inputs   neededInputs    `json:"inputs"`
		Headline report.Headline `json:"headline"`
		report.JSONText
		Method         sim.Method `json:"method"`
		Complete       bool       `json:"complete"`
		Needed         []row      `json:"needed"`
		ElapsedSeconds float64    `json:"elapsed_seconds"`
	}{Command: "building", Inputs: r.inputs, Headline: r.headline(), JSONText: r.report.Text(), Method: sim.Exact, Complete: r.complete,
		ElapsedSeconds: float64(r.elapsed.Microseconds()) / 1e6}
	for i, p := range r.inputs.Needed {
		doc.Needed = append(doc.Needed, row{P: p, Dice: r.jsonAnswer(r.dice, i), Charges: r.jsonAnswer(r.charges, i)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

// writeCSV writes one row per probability and input searched: p, input
// (dice or charges), reachable, value and the probability it reaches
// (both empty when not reachable), and the most of the input searched.
func (r neededResult) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"p", "input", "reachable", "value", "p_destroyed", "max"})
	for i, p := range r.inputs.Needed {
		for _, s := range []struct {
			name string
			ans  []goalAnswer
			max  int
		}{{"dice", r.dice, r.inputs.MaxDice}, {"charges", r.charges, r.inputs.MaxCharges}} {
			a := r.jsonAnswer(s.ans, i)
			value, pd := "", ""
			if a.Reachable {
				value, pd = strconv.Itoa(*a.Value), num(*a.P)
			}
			_ = cw.Write([]string{num(p), s.name, strconv.FormatBool(a.Reachable), value, pd, strconv.Itoa(s.max)})
		}
	}
	cw.Flush()
	return cw.Error()
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
