//go:build !js

package cli

// maxMemoryLimit bounds --max-memory, in MB: 64 GB, more than the machines
// sapper runs on give one process.
const maxMemoryLimit = 65536
