package toi

import (
	"math"
	"testing"
)

func TestWorkingHoldsToTheModel(t *testing.T) {
	a := NewBuildingAttack(OnBuilding)
	a.Dice, a.Combined = 12, []int{3, 4}
	w, ok := a.Working()
	if !ok {
		t.Fatal("no building")
	}
	sum, terms := 0.0, 0
	for _, p := range w.Hits {
		sum += p
	}
	for _, d := range w.DiceTerms {
		terms += d.Value
	}
	if math.Abs(sum-1) > 1e-12 || terms != w.Dice || w.Dice != 16 {
		t.Errorf("hits sum to %v; dice terms %d, dice %d, want 16", sum, terms, w.Dice)
	}
	// rules/toi.md §5: 16 dice vs 2 red dice, destroyed 33.2%.
	destroyed := 0.0
	for h, p := range w.Hits {
		if h >= w.Threshold {
			destroyed += p
		}
	}
	if math.Abs(destroyed-0.332) > 0.0005 {
		t.Errorf("P(destroyed) %.4f, want 0.332", destroyed)
	}
	a.FireAndMove, a.Combined = true, nil
	w, _ = a.Working()
	if terms := w.DiceTerms[0].Value + w.DiceTerms[1].Value; terms != 6 || w.Dice != 6 {
		t.Errorf("fire and move: terms %d, dice %d, want 6", terms, w.Dice)
	}
}
