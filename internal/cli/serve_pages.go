//go:build !js

package cli

import (
	"bytes"
	"context"
	"errors"
	"log"
	"net/http"
	"net/url"

	"go.yaml.in/yaml/v4"
)

// pageData is what a page template reads.
type pageData struct {
	Title string
	Nav   []navLink
	// A command's page: its form, the one-line error of a bad input, and
	// for good input the command line, the permalink and the result, or
	// where to fetch it.
	Form      *formView
	Error     string
	Line      string
	Permalink string
	Events    string
	Sync      string
	Result    *resultView
	Failure   string
	Scenarios []scenarioRow
}

type navLink struct {
	Name, Summary, Href string
	Current             bool
}

func (s *server) nav(current string) []navLink {
	links := make([]navLink, 0, len(s.order)+1)
	for _, f := range s.order {
		links = append(links, navLink{Name: f.cmd.name, Summary: f.cmd.summary, Href: "/" + f.cmd.name, Current: f.cmd.name == current})
	}
	return append(links, navLink{Name: "scenarios", Summary: "the built-in scenarios, or a scenario file of yours", Href: "/scenarios", Current: current == "scenarios"})
}

// render writes a page. A template error is a bug: logged, and a 500.
func (s *server) render(w http.ResponseWriter, status int, name string, d *pageData) {
	var b bytes.Buffer
	if err := pageTemplates.ExecuteTemplate(&b, name, d); err != nil {
		log.Printf("sapper serve: template %s: %v", name, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

func (s *server) index(w http.ResponseWriter, _ *http.Request) {
	s.render(w, http.StatusOK, "index.html", &pageData{Title: "sapper", Nav: s.nav("")})
}

func (s *server) notFound(w http.ResponseWriter, _ *http.Request) {
	s.render(w, http.StatusNotFound, "index.html", &pageData{Title: "sapper", Nav: s.nav(""), Error: "no such page; the commands are listed below"})
}

// commandPage is a command's page with its form filled from inv.
func (s *server) commandPage(f *form, inv *invocation) *pageData {
	return &pageData{Title: "sapper " + f.cmd.name, Nav: s.nav(f.cmd.name), Form: f.view(inv)}
}

// blank is a command's empty form.
func (s *server) blank(w http.ResponseWriter, r *http.Request, f *form) {
	s.render(w, http.StatusOK, "command.html", s.commandPage(f, &invocation{form: f}))
}

// prepare reads a query into a job, as the command line would read the
// same flags, and holds it to the server's limits. A bad input is the
// command's own one-line message.
func (s *server) prepare(ctx context.Context, f *form, q url.Values) (*invocation, *job, error) {
	inv, err := readInvocation(f, q)
	if err != nil {
		return &invocation{form: f}, nil, f.message(err)
	}
	for name, text := range inv.texts {
		if err := checkUploadedFlags(inv.fileName(name), []byte(text)); err != nil {
			return inv, nil, f.message(err)
		}
	}
	j, err := inv.prepare(ctx)
	if err == nil {
		if low := s.lim.lowered(j); len(low) > 0 {
			inv.args = append(inv.args, low...)
			j, err = inv.prepare(ctx)
		}
	}
	if err == nil && s.lim.check(j) != nil {
		err = f.message(s.lim.check(j))
	}
	if err != nil {
		return inv, nil, err
	}
	return inv, j, nil
}

// prepare runs the command's prepare step on the invocation, under a
// context that carries its uploaded files and lets it read no other.
func (inv *invocation) prepare(ctx context.Context) (*job, error) {
	argv, files := inv.argv()
	j, err := inv.form.cmd.prepare(withUploads(ctx, files), argv)
	if err != nil {
		return nil, inv.form.message(err)
	}
	return j, nil
}

// message is an error as the command line prints it: one line, naming
// the command.
func (f *form) message(err error) error {
	return errors.New("sapper " + f.cmd.name + ": " + oneLine(err.Error()))
}

// checkUploadedFlags refuses an uploaded scenario or crossing that sets a
// flag a page has no use for, before any command reads it: --plot would
// have the server look at its own directories.
func checkUploadedFlags(file string, data []byte) error {
	root, err := decodeDoc(file, data)
	if err != nil || root.Kind != yaml.MappingNode {
		return nil // the command reports it in its own words
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value != "flags" || root.Content[i+1].Kind != yaml.MappingNode {
			continue
		}
		flags := root.Content[i+1].Content
		for k := 0; k+1 < len(flags); k += 2 {
			if why := notOnTheWeb[flags[k].Value]; why != "" {
				return scenarioError(file, flags[k].Line, "field %s: not on the web page: %s", flags[k].Value, why)
			}
		}
	}
	return nil
}

// prepared is the page of a query: its form as filled and, for good
// input, the command line and the permalink. A bad input is answered here
// with the form and its message (400), and ok is false.
func (s *server) prepared(w http.ResponseWriter, r *http.Request, f *form) (inv *invocation, j *job, d *pageData, ok bool) {
	inv, j, err := s.prepare(r.Context(), f, r.URL.Query())
	d = s.commandPage(f, inv)
	if err != nil {
		d.Error = err.Error()
		s.render(w, http.StatusBadRequest, "command.html", d)
		return nil, nil, nil, false
	}
	d.Line, d.Permalink = inv.commandLine(), "/"+f.cmd.name+"/run?"+inv.query()
	return inv, j, d, true
}

// page is a result's permalink: the form as filled, the command line,
// and the result, which the page's script fetches with its progress from
// events. Without a script, a link fetches it from result.
func (s *server) page(w http.ResponseWriter, r *http.Request, f *form) {
	inv, _, d, ok := s.prepared(w, r, f)
	if !ok {
		return
	}
	q := inv.query()
	d.Events, d.Sync = "/"+f.cmd.name+"/events?"+q, "/"+f.cmd.name+"/result?"+q
	s.render(w, http.StatusOK, "command.html", d)
}

// result runs the job in the request and answers with the whole page:
// for a browser without scripts, and for programs.
func (s *server) result(w http.ResponseWriter, r *http.Request, f *form) {
	_, j, d, ok := s.prepared(w, r, f)
	if !ok {
		return
	}
	ctx, done := s.runContext(r)
	defer done()
	release, ok := s.admit(ctx, w)
	if !ok {
		return
	}
	defer release()
	// A run the server stopped is a partial result, as a time limit's.
	v, err := runWeb(ctx, j, s.lim.maxTime, nil)
	if r.Context().Err() != nil {
		return // nobody is reading
	}
	if err != nil {
		d.Failure = f.message(err).Error()
		s.render(w, http.StatusUnprocessableEntity, "command.html", d)
		return
	}
	d.Result = v
	s.render(w, http.StatusOK, "command.html", d)
}

// admit waits for a run slot while ctx, a runContext, lives. A request
// that gets none is answered here: 503 when the server is busy or
// stopping, nothing when its client has gone.
func (s *server) admit(ctx context.Context, w http.ResponseWriter) (release func(), ok bool) {
	err := context.Cause(ctx)
	if err == nil {
		if release, err = s.slots.acquire(ctx); err == nil {
			return release, true
		}
	}
	switch {
	case stopping(ctx):
		http.Error(w, errStopping.Error(), http.StatusServiceUnavailable)
	case ctx.Err() == nil:
		w.Header().Set("Retry-After", "5")
		http.Error(w, err.Error(), http.StatusServiceUnavailable)
	}
	return nil, false
}
