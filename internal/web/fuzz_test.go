package web

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzRead: any body is either one bounded run or refused with a reason;
// read never panics, and a run it takes keeps within its bounds.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		`{"args":["dc","--target","4-6-7"]}`,
		`{"args":["activate","c.yaml"],"files":{"c.yaml":"stack: [4-6-7]"}}`,
		`{"args":[]}`, `{}`, `[]`, `{"args":["dc"]}{}`, `{"args":["dc"],"x":1}`, "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest("POST", "/run", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		req, err := read(httptest.NewRecorder(), r)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("a refusal without a reason")
			}
			return
		}
		if len(req.Args) == 0 || len(req.Args) > maxArgs || len(req.Files) > maxFiles {
			t.Fatalf("took %d args and %d files", len(req.Args), len(req.Files))
		}
		for name, data := range req.Files {
			if name == "" || len(name) > maxNameLen || len(data) > MaxFile {
				t.Fatalf("took file %q of %d bytes", name, len(data))
			}
		}
	})
}
