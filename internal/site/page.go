package site

import "io/fs"

// Page is the page's own files (index.html, app.js, style.css, the
// manifest and the icons, sw.js), without the engine or describe.json,
// for a server that runs the engine natively (package web).
func Page() fs.FS {
	sub, err := fs.Sub(web, "web")
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	return sub
}
