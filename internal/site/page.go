package site

import "io/fs"

// Page is the page's own files (index.html, app.js, style.css, the
// manifest, sw.js), without the engine, describe.json or the icons
// (Icons), for a server that runs the engine natively (package web).
func Page() fs.FS {
	sub, err := fs.Sub(web, "web")
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	return sub
}

// Icons are the icon files of the page by name, drawn as a site build
// draws them.
func Icons() (map[string][]byte, error) { return icons() }
