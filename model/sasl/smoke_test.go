package sasl

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

func TestSmoke(t *testing.T) {
	c := twoSQ(t)
	c.Stack = c.Stack[:1]
	c.Path[1].MF = 1
	c.Path[1].Eligible = c.Path[1].Eligible[:1]
	exp, err := c.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.RunExact(context.Background(), exp, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.Paths)
	for _, m := range res.Metrics {
		t.Log(m.Name, m.Outcomes)
	}
}
