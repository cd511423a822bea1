//go:build !js

package cli

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// resultView is a run as a page shows it: what a terminal shows, as HTML
// tables, with the chart --plot would draw.
type resultView struct {
	// Heading is the report's title: the inputs in words.
	Heading []string
	// Summary is the summary figures of a command that has them (compare),
	// and Notes explain some of their columns.
	Summary template.HTML
	Notes   string
	Tables  template.HTML
	// Text is the command's output exactly as a terminal shows it; Raw
	// says it is the result itself (--format json or csv, or a job that
	// writes its own output) rather than a copy of the tables.
	Text string
	Raw  bool
	// Chart is the SVG chart as a data URI, or "" for a job without one.
	Chart template.URL
	// Stopped says why a result is partial.
	Stopped string
}

// runWeb runs a prepared job within the server's wall time, counting its
// progress on counter, and renders its result. A run cut short by the
// time limit, or by the server stopping, is a partial result, as an
// interrupted one on the terminal.
func runWeb(ctx context.Context, j *job, maxTime time.Duration, counter *atomic.Uint64) (*resultView, error) {
	ctx, cancel := context.WithTimeout(ctx, maxTime)
	defer cancel()
	j.common.progress = progressNever
	j.common.cfg.Progress = counter
	v := &resultView{}
	stopped := func() {
		switch {
		case stopping(ctx):
			v.Stopped = "stopped because the server is stopping (Ctrl-C): the figures are partial"
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			v.Stopped = fmt.Sprintf("stopped at this server's time limit of %s (sapper serve --max-time): the figures are partial", maxTime)
		}
	}
	if j.run != nil {
		var out bytes.Buffer
		err := j.run(ctx, &out, io.Discard)
		if err != nil && !errors.Is(err, errInterrupted) {
			return nil, err
		}
		if err != nil {
			stopped()
		}
		v.Text, v.Raw = out.String(), true
		return v, nil
	}
	// Only a run that did not finish says why: one that finished as its
	// context ended is whole.
	rep, complete, err := execute(ctx, io.Discard, j)
	if err != nil {
		return nil, err
	}
	j.finishReport(&rep)
	if !complete {
		stopped()
	}
	if err := v.render(j, rep); err != nil {
		return nil, err
	}
	return v, nil
}

// render fills the view from a report, as runJob writes it.
func (v *resultView) render(j *job, rep report.Report) error {
	var text bytes.Buffer
	var err error
	if j.table != nil && j.common.format == report.Table {
		err = j.table(&text, rep)
	} else {
		err = report.Write(&text, j.common.format, rep, j.common.opt)
	}
	if err != nil {
		return err
	}
	v.Text, v.Raw = text.String(), j.common.format != report.Table
	if rep.Title != "" {
		v.Heading = strings.Split(rep.Title, "\n")
	}
	if !v.Raw {
		var tables bytes.Buffer
		if j.figures != nil && len(rep.Runs) > 0 {
			if err := report.WriteGridHTML(&tables, j.figures.grid(rep.Runs)); err != nil {
				return err
			}
			v.Summary = template.HTML(tables.String())
			v.Notes = strings.ReplaceAll(j.figures.notesFor(j.figures.columns), "\n", " ")
			tables.Reset()
		}
		if err := report.WriteHTML(&tables, rep, j.common.opt); err != nil {
			return err
		}
		v.Tables = template.HTML(tables.String())
	}
	ch, err := j.chartOf(rep)
	if err != nil {
		return err
	}
	var svg bytes.Buffer
	if err := report.WriteChart(&svg, report.SVG, ch); err != nil {
		return err
	}
	// A data URI keeps the chart in the page, so that a result is one
	// response and nothing is kept for a second request; as an image, the
	// SVG cannot run anything in the page.
	v.Chart = template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg.Bytes()))
	return nil
}

// progressTotal is the count a job's progress counter reaches, or 0 when
// it is not known in advance: exact and auto runs count paths, a
// --precision run stops when it is precise enough.
func progressTotal(j *job) (total uint64, unit string) {
	cfg := j.common.cfg
	switch {
	case j.run != nil:
		return 0, ""
	case cfg.Method == sim.Exact:
		return 0, "paths"
	case cfg.Method == sim.Auto:
		return 0, "paths/trials"
	case cfg.Precision > 0:
		return 0, "trials"
	}
	return cfg.Trials * uint64(len(j.runs)), "trials"
}
