//go:build js

package report

import (
	"fmt"
	"io"
)

// WriteChart is not part of the WebAssembly build: the charts' fonts and
// drawing code would make it several times larger, and the page draws its
// own chart from the same figures.
func WriteChart(w io.Writer, f ChartFormat, c Chart) error {
	return fmt.Errorf("report: charts are not drawn in this build; the page draws them")
}
