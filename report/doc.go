// Package report turns engine results into what people and programs read:
// a text table, the same tables in HTML for a web page, JSON (the stable
// contract of docs/output.md) and CSV. It knows no game: it prints whatever
// metrics a [sim.Result] carries, in schema order.
package report
