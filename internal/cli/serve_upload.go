//go:build !js

package cli

import (
	"io"
	"net/http"
	"net/url"
	"path"
	"regexp"
)

// maxBody caps a form's body: its files, the files it carries over from
// the last submission, and its fields. Under this cap the multipart reader
// keeps every part in memory: nothing is written to disk.
const maxBody = 8 * maxUpload

// fileInput is the name of a file field's upload input; the field's own
// input holds the file's name, or a built-in's.
const fileInput = ":file"

// upload turns a form with files into its permalink: each file's content
// goes into the query beside its name, and the browser is sent there.
func (s *server) upload(w http.ResponseWriter, r *http.Request, f *form) {
	var files []string
	for _, fd := range f.fields() {
		if fd.File {
			files = append(files, fd.Name)
		}
	}
	q, err := readUploadForm(w, r, files)
	var inv *invocation
	if err == nil {
		inv, err = readInvocation(f, q)
	}
	if err != nil {
		d := s.commandPage(f, &invocation{form: f})
		d.Error = f.message(err).Error()
		s.render(w, http.StatusBadRequest, "command.html", d)
		return
	}
	http.Redirect(w, r, "/"+f.cmd.name+"/run?"+inv.query(), http.StatusSeeOther)
}

// readUploadForm reads a multipart form into a query: its fields as they
// are, and for each of files an uploaded file as NAME:text, its name as
// NAME.
func readUploadForm(w http.ResponseWriter, r *http.Request, files []string) (url.Values, error) {
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	if err := r.ParseMultipartForm(maxBody); err != nil {
		return nil, usagef("the form could not be read (at most %d KiB a file): %v", maxUpload>>10, err)
	}
	q := url.Values{}
	for k, v := range r.MultipartForm.Value {
		q[k] = v
	}
	for _, name := range files {
		fhs := r.MultipartForm.File[name+fileInput]
		if len(fhs) == 0 || fhs[0].Filename == "" {
			continue // no file chosen
		}
		fh := fhs[0]
		if fh.Size > maxUpload {
			return nil, usagef("%s: larger than this server's %d KiB limit for a file", uploadName(fh.Filename), maxUpload>>10)
		}
		file, err := fh.Open()
		if err != nil {
			return nil, err
		}
		data, err := io.ReadAll(io.LimitReader(file, maxUpload))
		file.Close()
		if err != nil {
			return nil, err
		}
		q.Set(name+textSuffix, string(data))
		q.Set(name, uploadName(fh.Filename))
	}
	return q, nil
}

// unsafeInName are the characters an uploaded file's name loses: the
// name is shown in messages and in a command line to paste.
var unsafeInName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// uploadName is the name an uploaded file goes by.
func uploadName(name string) string {
	base := unsafeInName.ReplaceAllString(path.Base("/"+name), "-")
	if base == "" || base == "-" || base[0] == '.' {
		return "upload.yaml"
	}
	return base
}
