package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/sapperhq/sapper/sim"
)

// Headline is the one figure a command exists for, as a sentence: the
// first line of the table and the JSON's "headline". Outcome joins
// several labels with "|" when the figure sums them.
//
// A Trend headline follows one figure over several runs (a sweep's
// values) rather than giving one: it has no P, Lo or Hi, and its JSON
// leaves them out, the figures being the runs'.
type Headline struct {
	Metric  string  `json:"metric"`
	Outcome string  `json:"outcome"`
	P       float64 `json:"p"`
	Lo      float64 `json:"lo"`
	Hi      float64 `json:"hi"`
	Text    string  `json:"text"`
	Trend   bool    `json:"-"`
}

// MarshalJSON writes h, without P, Lo and Hi when it is a Trend, its
// text as written: the document's encoder escapes no HTML, and the text
// is a sentence, not markup.
func (h Headline) MarshalJSON() ([]byte, error) {
	type plain Headline
	var v any = plain(h)
	if h.Trend {
		v = struct {
			Metric  string `json:"metric"`
			Outcome string `json:"outcome"`
			Text    string `json:"text"`
		}{h.Metric, h.Outcome, h.Text}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// NewHeadline is the chance that metric ends in one of labels in res,
// said as "what: p" with the interval of a Monte Carlo run; nil when res
// has no such metric.
func NewHeadline(res *sim.Result, metric string, labels []string, what string) *Headline {
	c := Sum(res, metric, labels...)
	if !c.Valid {
		return nil
	}
	// The outcomes summed: those of labels the metric has.
	var summed []string
	for _, o := range res.Metric(metric).Outcomes {
		if slices.Contains(labels, o.Label) {
			summed = append(summed, o.Label)
		}
	}
	return &Headline{Metric: metric, Outcome: strings.Join(summed, "|"), P: c.P, Lo: c.Lo, Hi: c.Hi,
		Text: what + ": " + Figure(res, c) + "."}
}

// Figure is a probability as a headline says it: the percentage, and for
// a Monte Carlo run its interval. A run cut short says so: an exact one's
// p is then a lower bound, a Monte Carlo one's counts the trials run. A
// cell that is not Valid (Sum of an outcome the run does not have, or of
// a run of no trials) says so, rather than 0%.
func Figure(res *sim.Result, c Cell) string {
	switch {
	case !c.Valid:
		return "no figure (the run has no such outcome, or ran no trials)"
	case res.Method == sim.Exact && !res.Complete:
		return fmt.Sprintf("at least %s%% (the enumeration was cut short)", Pct(c.P))
	case res.Method == sim.Exact:
		return Pct(c.P) + "%"
	}
	s := fmt.Sprintf("%s%% (%s%% interval %s–%s%%", Pct(c.P), Percent(res.Confidence), Pct(c.Lo), Pct(c.Hi))
	if !res.Complete {
		s += fmt.Sprintf(", partial: %s trials", Group(res.Trials))
	}
	return s + ")"
}
