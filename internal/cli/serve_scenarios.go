//go:build !js

package cli

import (
	"context"
	"net/http"
	"net/url"
)

// scenarioRow is a built-in scenario on the scenarios page.
type scenarioRow struct {
	Name, Command, Title string
	// Href is its command's page with its flags filled in, or "" for a
	// sweep, which the pages do not run.
	Href string
}

// scenarios lists the built-in scenarios, each a link to its command's
// page with its flags filled in, and takes a scenario file of the user's.
func (s *server) scenarios(w http.ResponseWriter, _ *http.Request) {
	s.render(w, http.StatusOK, "scenarios.html", s.scenariosPage(""))
}

func (s *server) scenariosPage(errMsg string) *pageData {
	d := &pageData{Title: "sapper scenarios", Nav: s.nav("scenarios"), Error: errMsg}
	for _, n := range builtinNames() {
		sc, err := loadScenario(context.Background(), n)
		if err != nil {
			continue // a shipped scenario that does not load fails sapper's own tests
		}
		href, _ := s.scenarioHref(sc, "", "")
		d.Scenarios = append(d.Scenarios, scenarioRow{Name: n, Command: sc.command.name, Title: sc.title, Href: href})
	}
	return d
}

// uploadScenario sends a scenario file to its command's page, its flags
// filled in (the file travels in the link for a crossing, which its
// command reads itself).
func (s *server) uploadScenario(w http.ResponseWriter, r *http.Request) {
	const field = "scenario"
	q, err := readUploadForm(w, r, []string{field})
	if err == nil && q.Get(field+textSuffix) == "" {
		err = usagef("choose a scenario file to upload")
	}
	var href string
	if err == nil {
		name, text := q.Get(field), q.Get(field+textSuffix)
		err = checkUploadedFlags(name, []byte(text))
		if err == nil {
			var sc *scenario
			if sc, err = decodeScenario(name, []byte(text)); err == nil {
				href, err = s.scenarioHref(sc, name, text)
			}
		}
	}
	if err != nil {
		s.render(w, http.StatusBadRequest, "scenarios.html", s.scenariosPage("sapper run: "+oneLine(err.Error())))
		return
	}
	http.Redirect(w, r, href, http.StatusSeeOther)
}

// scenarioHref is the page that runs a scenario: a built-in one by its
// name, an uploaded one (name, text) by its content.
func (s *server) scenarioHref(sc *scenario, name, text string) (string, error) {
	f := s.forms[sc.command.name]
	if f == nil {
		return "", usagef("%s: sapper %s has no page", sc.file, sc.command.name)
	}
	if sc.vary != "" {
		return "", usagef("%s: a sweep (vary: %s); the pages run one attack at a time: sapper run %s", sc.file, oneLine(sc.vary), shellQuote(sc.file))
	}
	q := url.Values{}
	if f.arg != nil {
		// A crossing is its command's argument, its flags included.
		q.Set(f.arg.Name, sc.ref)
		if text != "" {
			q.Set(f.arg.Name, name)
			q.Set(f.arg.Name+textSuffix, text)
		}
	} else {
		for _, fl := range sc.flags {
			q[fl.name] = append(q[fl.name], fl.values...)
		}
	}
	inv, err := readInvocation(f, q)
	if err != nil {
		return "", err
	}
	return "/" + f.cmd.name + "/run?" + inv.query(), nil
}
