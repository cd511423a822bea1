// Package report turns engine results into what people and programs read:
// a text table, JSON (the stable contract of docs/output.md, which the web
// page draws its tables from) and CSV. It knows no game: it prints whatever
// metrics a [sim.Result] carries, in schema order.
package report
