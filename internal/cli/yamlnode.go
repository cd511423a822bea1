package cli

import (
	"context"

	"fmt"
	"github.com/sapperhq/sapper/internal/infile"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"
)

// readInput reads a crossing, tables or scenario file through infile
// (bounded, and given up when ctx is done), or, inside sapper serve, the
// file of that name the request uploaded (withUploads): a server never
// reads its own disk for a user's input.
func readInput(ctx context.Context, name string) ([]byte, error) {
	if data, ok, err := uploaded(ctx, name); ok {
		return data, err
	}
	return infile.Read(ctx, name, infile.MaxSize)
}

// node reads a decoded YAML value strictly, placing every error at its
// file and line: the crossing and tables files use it as scenario files
// use eachPair.
type node struct {
	file string
	n    *yaml.Node
	path string // the field, for messages: "path 2: eligible"
}

func (d node) errorf(format string, args ...any) error {
	return scenarioError(d.file, d.n.Line, "%s: %s", d.path, fmt.Sprintf(format, args...))
}

func (d node) child(key string, v *yaml.Node) node {
	p := key
	if d.path != "" {
		p = d.path + ": " + key
	}
	return node{file: d.file, n: v, path: p}
}

// fields walks a mapping whose keys must be among keys; an unknown key is
// an error with the closest known one suggested.
func (d node) fields(keys []string, fn func(key string, v node) error) error {
	if d.n.Kind != yaml.MappingNode {
		return d.errorf("want a mapping with the fields %s, not %s", strings.Join(keys, ", "), kindName(d.n))
	}
	return eachPair(d.file, d.n, func(key string, line int, v *yaml.Node) error {
		known := false
		for _, k := range keys {
			known = known || k == key
		}
		if !known {
			return scenarioError(d.file, line, "%s: unknown field %q%s", d.path, oneLine(key), closest(key, keys))
		}
		return fn(key, d.child(key, v))
	})
}

// closest suggests the known key nearest to a misspelt one, or lists them.
func closest(key string, keys []string) string {
	best, bestD := "", 3
	for _, k := range keys {
		if dd := editDistance(key, k); dd < bestD {
			best, bestD = k, dd
		}
	}
	if best != "" {
		return "; did you mean " + best + "?"
	}
	return "; want " + strings.Join(keys, ", ")
}

// list walks a sequence.
func (d node) list(fn func(i int, v node) error) error {
	if d.n.Kind != yaml.SequenceNode {
		return d.errorf("want a list, not %s", kindName(d.n))
	}
	for i, v := range d.n.Content {
		if v.Kind == yaml.AliasNode {
			return scenarioError(d.file, v.Line, "%s: aliases (*name) are not supported; write the value out", d.path)
		}
		if err := fn(i, node{file: d.file, n: v, path: fmt.Sprintf("%s %d", d.path, i+1)}); err != nil {
			return err
		}
	}
	return nil
}

func (d node) str() (string, error) {
	if d.n.Kind != yaml.ScalarNode || d.n.Tag == "!!null" {
		return "", d.errorf("want a single value, not %s", kindName(d.n))
	}
	return d.n.Value, nil
}

func (d node) integer(lo, hi int) (int, error) {
	s, err := d.str()
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil || d.n.Tag != "!!int" {
		return 0, d.errorf("%q: want a whole number", oneLine(s))
	}
	if v < lo || v > hi {
		return 0, d.errorf("%d outside %d…%d", v, lo, hi)
	}
	return v, nil
}

func (d node) number(lo, hi float64) (float64, error) {
	s, err := d.str()
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || d.n.Tag != "!!int" && d.n.Tag != "!!float" {
		return 0, d.errorf("%q: want a number", oneLine(s))
	}
	if !(v >= lo && v <= hi) {
		return 0, d.errorf("%v outside %v…%v", v, lo, hi)
	}
	return v, nil
}

func (d node) boolean() (bool, error) {
	s, err := d.str()
	if err != nil {
		return false, err
	}
	if d.n.Tag != "!!bool" {
		return false, d.errorf("%q: want true or false", oneLine(s))
	}
	return s == "true" || s == "True" || s == "TRUE", nil
}

// parsed reads a value with a parser of its own, such as a unit or a date.
func parsed[T any](d node, parse func(string) (T, error)) (T, error) {
	var zero T
	s, err := d.str()
	if err != nil {
		return zero, err
	}
	v, err := parse(s)
	if err != nil {
		return zero, d.errorf("%q: %s", oneLine(s), stripEcho(err.Error()))
	}
	return v, nil
}
