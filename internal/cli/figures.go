package cli

import (
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// dcFigures are the headline numbers of a DC attack, side by side in
// compare and per value in a sweep of dc or compare. A figure whose
// metric the run lacks (rubble with no building) is not Valid.
var dcFigures = &figures{
	columns: []string{"chain ok", "detonates", kiaColumn, "cleared", "E[out]", "rubble", "flame", "user out"},
	row:     dcFigureRow,
	notes: map[string]string{
		"chain ok": "Placed operably / Set and NTC passed",
		kiaColumn:  "an IFT result of #KIA (Rubble, K/# and MCs eliminate too)",
		"E[out]":   "targets eliminated, surrendered or broken",
		"user out": "the Placer, thrower or Setter eliminated, surrendered or broken",
	},
}

// kiaColumn is the summary column of a KIA on the Location, the IFT
// results kiaLabels.
const kiaColumn = "any KIA"

// kiaLabels are the IFT results that eliminate targets: "any KIA".
var kiaLabels = []string{"7KIA", "6KIA", "5KIA", "4KIA", "3KIA", "2KIA", "1KIA"}

// dcFigureRow reads one run's figures.
func dcFigureRow(res *sim.Result) []report.Cell {
	return []report.Cell{
		chainOK(res),
		report.Sum(res, asl.MetricDetonation, "detonated"),
		report.Sum(res, asl.MetricIFT, kiaLabels...),
		report.Sum(res, asl.MetricStack, "cleared"),
		report.Mean(res, asl.MetricOut),
		report.Sum(res, asl.MetricRubble, "yes"),
		report.Sum(res, asl.MetricFlame, "yes"),
		dcUserOut(res),
	}
}

// chainOK is the chance that the chain before the DC's DR holds: the
// Placer Places it operably, or the Setter Sets it and passes the NTC.
// A DC with no Placer or Setter has no chain, and no figure: a column of
// 100% in every row of a sweep says nothing.
func chainOK(res *sim.Result) report.Cell {
	if res.Metric(asl.MetricPlacer) == nil && res.Metric(asl.MetricSetting) == nil {
		return report.Cell{}
	}
	return report.Sum(res, asl.MetricDetonation, "detonated", "malfunction")
}

// dcUserOut is the chance of the DC's user ending eliminated, surrendered
// or broken: the Placer's when there is one, the Setter's when he Sets it
// under fire, else the first thrower's.
func dcUserOut(res *sim.Result) report.Cell {
	c, _ := dcUserFate(res)
	return c
}

// dcUserFate is dcUserOut and who the user is: the Placer, the Setter or the
// thrower; "" when the run has none.
func dcUserFate(res *sim.Result) (report.Cell, string) {
	outLabels := []string{"eliminated", "surrendered", "broken"}
	for _, u := range []struct{ metric, who string }{
		{asl.MetricPlacer, "Placer"}, {asl.MetricSetter, "Setter"}, {asl.ThrowerMetric(1), "thrower"},
	} {
		if c := report.Sum(res, u.metric, outLabels...); c.Valid {
			return c, u.who
		}
	}
	return report.Cell{}, ""
}

// fireFigures are the headline numbers of a fire attack, per value in a
// sweep of fire: the IFT row by kind, the targets and Table 23. A figure
// whose metric the run lacks is not Valid.
var fireFigures = &figures{
	columns: []string{kiaColumn, "K/#", "MC", "PTC", "cleared", "E[out]", "shellhole", "rubble", "flame"},
	row:     fireFigureRow,
	notes: map[string]string{
		"MC":     "NMC or #MC",
		"E[out]": "targets eliminated, surrendered or broken",
	},
}

func fireFigureRow(res *sim.Result) []report.Cell {
	return []report.Cell{
		report.Sum(res, asl.MetricIFT, kiaLabels...),
		report.Sum(res, asl.MetricIFT, "K/4", "K/3", "K/2", "K/1"),
		report.Sum(res, asl.MetricIFT, "4MC", "3MC", "2MC", "1MC", "NMC"),
		report.Sum(res, asl.MetricIFT, "PTC"),
		report.Sum(res, asl.MetricStack, "cleared"),
		report.Mean(res, asl.MetricOut),
		report.Sum(res, asl.MetricShellhole, "yes"),
		report.Sum(res, asl.MetricRubble, "yes"),
		report.Sum(res, asl.MetricFlame, "yes"),
	}
}

// afvFigures are the headline numbers of a DC against a vehicle, per value
// in a sweep of afv.
var afvFigures = &figures{
	columns: []string{"killed", "burning", "immobilized", "shocked", "dud/malf.", "user out"},
	row:     afvFigureRow,
	notes: map[string]string{
		"killed":    "eliminated, burning included",
		"dud/malf.": "no attack at all",
		"user out":  "the first thrower eliminated, surrendered or broken",
	},
}

func afvFigureRow(res *sim.Result) []report.Cell {
	return []report.Cell{
		report.Sum(res, asl.MetricKilled, "yes"),
		report.Sum(res, asl.MetricAFV, "burning"),
		report.Sum(res, asl.MetricAFV, "immobilized"),
		report.Sum(res, asl.MetricAFV, "shocked"),
		report.Sum(res, asl.MetricAFV, "dud", "malfunction"),
		report.Sum(res, asl.ThrowerMetric(1), "eliminated", "surrendered", "broken"),
	}
}

// notesFor explains those of the shown columns that need it, in their
// order, as one line that a table wraps (report.Wrap).
func (f *figures) notesFor(shown []string) string {
	var b strings.Builder
	n := 0
	for _, c := range shown {
		text, ok := f.notes[c]
		if !ok {
			continue
		}
		if n > 0 {
			b.WriteString("; ")
		}
		b.WriteString(c + ": " + text)
		n++
	}
	if n > 0 {
		b.WriteString(".")
	}
	return b.String()
}
