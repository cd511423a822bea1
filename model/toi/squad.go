package toi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/spell"
)

// HexCover as a squad's cover means it takes the hex's: the building's
// red dice (D1).
const HexCover = -1

// Squad is a squad in the attacked hex (D1): its figures and the defense
// dice it rolls. Figure types change no defense roll, so they are not
// modeled; each net hit removes one figure (§2).
type Squad struct {
	Figures int `json:"figures"`
	// Cover is the squad's defense dice, or HexCover.
	Cover int `json:"cover"`
	// InPillbox: the squad is inside the hex's pillbox (D6).
	InPillbox bool `json:"in_pillbox"`
	// Pinned: the squad is pinned before the attack. It stays so, and
	// any net hit of a suppressive attack disrupts it ([M4]).
	Pinned bool `json:"pinned"`
}

func (s Squad) validate() error {
	switch {
	case s.Figures < 1 || s.Figures > MaxFigures:
		return fmt.Errorf("%d figures outside 1…%d", s.Figures, MaxFigures)
	case s.Cover != HexCover && (s.Cover < 0 || s.Cover > MaxCover):
		return fmt.Errorf("cover=%d outside 0…%d", s.Cover, MaxCover)
	}
	return nil
}

// String is the squad as ParseSquad reads it.
func (s Squad) String() string {
	out := strconv.Itoa(s.Figures)
	if s.Cover != HexCover {
		out += ",cover=" + strconv.Itoa(s.Cover)
	}
	if s.InPillbox {
		out += ",in-pillbox"
	}
	if s.Pinned {
		out += ",pinned"
	}
	return out
}

// ParseSquad reads FIGURES[,cover=N][,in-pillbox][,pinned] (D1), such as
// 4 or 3,cover=1,in-pillbox. Numbers are decimal.
func ParseSquad(text string) (Squad, error) {
	bad := func(format string, args ...any) (Squad, error) {
		return Squad{}, fmt.Errorf("squad %q: %s", text, fmt.Sprintf(format, args...))
	}
	fields := strings.Split(text, ",")
	figures, err := ParseCount(fields[0])
	if err != nil {
		return bad("figures: %v; want FIGURES[,cover=N][,in-pillbox][,pinned], e.g. 4,cover=1", err)
	}
	s := Squad{Figures: figures, Cover: HexCover}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		key, value, hasValue := strings.Cut(f, "=")
		if seen[key] {
			return bad("%s given twice", key)
		}
		seen[key] = true
		switch {
		case key == "cover" && hasValue:
			if s.Cover, err = ParseCount(value); err != nil {
				return bad("cover: %v", err)
			}
		case key == "in-pillbox" && !hasValue:
			s.InPillbox = true
		case key == "pinned" && !hasValue:
			s.Pinned = true
		default:
			forms := []string{"cover=N", "in-pillbox", "pinned"}
			return bad("%s", spell.UnknownOption(f, forms, spell.Want(forms)))
		}
	}
	if err := s.validate(); err != nil {
		return bad("%v", err)
	}
	return s, nil
}

// ParseCount reads a count of dice, figures, charges or hits in the
// number syntax of every input of sapper: decimal digits with an
// optional sign, so that 010 is ten and 0x10, 1e1 and 1_000 are refused
// rather than read in some other base or form.
func ParseCount(s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("no number")
	}
	n, err := decimal.ParseInt(s, 0, 1_000_000)
	var de *decimal.Error
	switch {
	case err == nil:
		return int(n), nil
	case errors.As(err, &de) && strings.HasPrefix(de.Msg, "at least"):
		return 0, fmt.Errorf("%s is below 0", s)
	case errors.As(err, &de) && strings.HasPrefix(de.Msg, "at most"):
		return 0, fmt.Errorf("%s is far too large", s)
	}
	return 0, fmt.Errorf("%q is not a whole number", s)
}
