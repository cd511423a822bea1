package cli

// maxMemoryLimit bounds --max-memory, in MB, in the browser.
const maxMemoryLimit = browserMemoryLimit
