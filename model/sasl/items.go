package sasl

import (
	"fmt"
	"strings"

	"github.com/sapperhq/sapper/internal/enum"
)

// Item is one letter of an {A1} Activation Table result (S5.6).
type Item uint8

// The items, in the order the generated.TYPE metrics list them.
const (
	ItemS   Item = iota // squad, {x2}
	ItemHS              // half-squad, {x2}
	ItemL               // leader, {x3}
	ItemSW              // support weapon, {x4}
	ItemGun             // Gun with its crew, {x5}
	ItemAFV             // AFV, {x6}
	ItemSPG             // SPG, {x6a}
	ItemF               // fortification, {A5}
	numItems
)

var itemNames = [numItems]string{"S", "HS", "L", "SW", "Gun", "AFV", "SPG", "F"}

func (it Item) String() string { return enum.Name("Item", itemNames[:], it) }

// ItemNames lists the item letters in order.
func ItemNames() []string { return append([]string(nil), itemNames[:]...) }

// ParseItem reads an item letter: S, HS, L, SW, Gun, AFV, SPG or F.
func ParseItem(s string) (Item, error) {
	for i, n := range itemNames {
		if s == n {
			return Item(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want one of %s", s, strings.Join(itemNames[:], ", "))
}

func (it Item) MarshalText() ([]byte, error) { return []byte(it.String()), nil }
