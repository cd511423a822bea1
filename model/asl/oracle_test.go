package asl_test

// An independent, exact calculator ("oracle") of a Demolition Charge attack
// on a Location of Personnel, written straight from rules/asl.md (§1–§4,
// §3.11, §8, §9) to cross-check the model of package asl. It uses only the
// public input types of package asl and none of its resolution code.
//
// How it computes: the attack is a short program of tasks (the attack DR,
// each unit's MC, each PTC, each LLMC/LLTC/Berserk TC …). A "world" is the
// complete state of the Location plus the tasks still to do. Each task is
// run once for every combination of the dice it rolls — every DR sum 2–12
// weighted by its number of white/colored pairs, every die of a Random
// Selection, every Wound Severity dr — through a small odometer (explore),
// each path weighted by the product of its dice's probabilities. Worlds
// that end up identical after a task are merged, which is what keeps a
// stack of four units fast; nothing else is collapsed.
//
// Readings of points the rules leave open or state twice are marked
// "Reading:" with their rule numbers; the points where the model of
// package asl reads the rules otherwise are switches in readings.

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
)

// readings are the points where the rules could be read two ways and the
// cross-check settled on the reading argued at each use (true); false keeps
// the other reading available to the oracle for comparison.
type readings struct {
	// classChanges: Battle Hardening raises a MMC's Class (A15.3) and ELR
	// Replacement lowers it (A19.13), which changes later HoB DRMs; a
	// Conscript has no lower Class, so it is Disrupted, not Replaced
	// (A19.12).
	classChanges bool
	// berserkTCAll: a berserk leader's Berserk TC is taken by every other
	// unit subject to Heat of Battle, broken ones included, and by no
	// crew, hero or heroic leader (A15.41, A15.2).
	berserkTCAll bool
	// greenWithLeader: a Green MMC stacked with an unbroken leader is not
	// Inexperienced, so gets no +1 HoB DRM (A19.3, §8.3).
	greenWithLeader bool
}

// reading is the one in use.
var reading = readings{classChanges: true, berserkTCAll: true, greenWithLeader: true}

// ---------------------------------------------------------------------------
// Infantry Fire Table (§2.1)

// iftRows is the IFT of rules/asl.md §2.1, stored literally: row r is the
// Final DR r (row 0 is ≤0, row 15 is ≥15); the columns are the FP columns
// 1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36+.
var iftRows = [16][11]string{
	{"1KIA", "2KIA", "2KIA", "3KIA", "3KIA", "3KIA", "4KIA", "4KIA", "5KIA", "6KIA", "7KIA"},
	{"K/1", "1KIA", "1KIA", "2KIA", "2KIA", "2KIA", "3KIA", "3KIA", "4KIA", "5KIA", "6KIA"},
	{"1MC", "K/1", "K/2", "1KIA", "1KIA", "1KIA", "2KIA", "2KIA", "3KIA", "4KIA", "5KIA"},
	{"1MC", "1MC", "2MC", "K/2", "K/2", "K/3", "1KIA", "1KIA", "2KIA", "3KIA", "4KIA"},
	{"NMC", "1MC", "1MC", "2MC", "2MC", "3MC", "K/3", "K/4", "1KIA", "2KIA", "3KIA"},
	{"PTC", "NMC", "1MC", "1MC", "2MC", "2MC", "3MC", "4MC", "K/4", "1KIA", "2KIA"},
	{"—", "PTC", "NMC", "1MC", "1MC", "2MC", "2MC", "3MC", "4MC", "K/4", "1KIA"},
	{"—", "—", "PTC", "NMC", "1MC", "1MC", "2MC", "2MC", "3MC", "4MC", "K/4"},
	{"—", "—", "—", "PTC", "NMC", "1MC", "1MC", "2MC", "2MC", "3MC", "4MC"},
	{"—", "—", "—", "—", "PTC", "NMC", "1MC", "1MC", "2MC", "2MC", "3MC"},
	{"—", "—", "—", "—", "—", "PTC", "NMC", "1MC", "1MC", "2MC", "2MC"},
	{"—", "—", "—", "—", "—", "—", "PTC", "NMC", "1MC", "1MC", "2MC"},
	{"—", "—", "—", "—", "—", "—", "—", "PTC", "NMC", "1MC", "1MC"},
	{"—", "—", "—", "—", "—", "—", "—", "—", "PTC", "NMC", "1MC"},
	{"—", "—", "—", "—", "—", "—", "—", "—", "—", "PTC", "NMC"},
	{"—", "—", "—", "—", "—", "—", "—", "—", "—", "—", "PTC"},
}

// Column indexes into iftRows used by DC attacks (§2.3).
const (
	col12  = 5  // 30 FP halved for concealment (A23.1)
	col16  = 6  // 36 FP halved for concealment (A23.71)
	col30  = 9  // Placed or Thrown DC (A23.1)
	col36p = 10 // Set DC (A23.71)
)

// Kinds of IFT result (§3.2).
const (
	resNone = iota
	resPTC
	resMC // NMC is resMC with n = 0
	resK
	resKIA
)

type iftResult struct{ kind, n int }

// iftCell reads the IFT at a column and Final DR.
func iftCell(col, final int) iftResult {
	row := min(max(final, 0), 15)
	s := iftRows[row][col]
	switch {
	case s == "—":
		return iftResult{resNone, 0}
	case s == "PTC":
		return iftResult{resPTC, 0}
	case s == "NMC":
		return iftResult{resMC, 0}
	case strings.HasPrefix(s, "K/"):
		return iftResult{resK, atoi(s[2:])}
	case strings.HasSuffix(s, "KIA"):
		return iftResult{resKIA, atoi(strings.TrimSuffix(s, "KIA"))}
	case strings.HasSuffix(s, "MC"):
		return iftResult{resMC, atoi(strings.TrimSuffix(s, "MC"))}
	}
	panic("oracle: bad IFT cell " + s)
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}

// label is the result's name in the "ift" metric.
func (r iftResult) label() string {
	switch r.kind {
	case resNone:
		return "none"
	case resPTC:
		return "PTC"
	case resMC:
		if r.n == 0 {
			return "NMC"
		}
		return strconv.Itoa(r.n) + "MC"
	case resK:
		return "K/" + strconv.Itoa(r.n)
	}
	return strconv.Itoa(r.n) + "KIA"
}

// Labels of every metric, in the order of docs/output.md.
var (
	oracleDetonationLabels = []string{"detonated", "malfunction", "not_placed"}
	oracleIFTLabels        = []string{"7KIA", "6KIA", "5KIA", "4KIA", "3KIA", "2KIA", "1KIA",
		"K/4", "K/3", "K/2", "K/1", "4MC", "3MC", "2MC", "1MC", "NMC", "PTC", "none", "no_attack"}
	oracleFateLabels  = []string{"eliminated", "surrendered", "broken", "berserk", "pinned", "good_order"}
	oracleYesNo       = []string{"yes", "no"}
	oracleStackLabels = []string{"cleared", "not_cleared"}
)

// Fates, worst first (the order of oracleFateLabels).
const (
	fateEliminated = iota
	fateSurrendered
	fateBroken
	fateBerserk
	fatePinned
	fateGoodOrder
)

// ---------------------------------------------------------------------------
// Dice: every path of dr's, by odometer.

// roller hands out the dice of one path. Each die is a choice among its
// faces with their weights; explore runs a task once per path.
type roller struct {
	prefix []int // choices to replay
	path   []int // choices made on this run
	sizes  []int // number of faces of each choice
	p      float64
}

// pick chooses one of len(weights) faces; weights sum to total.
func (r *roller) pick(weights []int, total int) int {
	c := 0
	if i := len(r.path); i < len(r.prefix) {
		c = r.prefix[i]
	}
	r.path = append(r.path, c)
	r.sizes = append(r.sizes, len(weights))
	r.p *= float64(weights[c]) / float64(total)
	return c
}

var (
	dieWeights = []int{1, 1, 1, 1, 1, 1}
	// drWeights is §1's 2d6 table: ways to roll 2, 3, …, 12 out of 36.
	drWeights = []int{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}
)

// die is one dr, 1–6 (A.1).
func (r *roller) die() int { return r.pick(dieWeights, 6) + 1 }

// dr is one DR, 2–12 (A.1), enumerated as its 11 sums weighted by the
// number of white/colored pairs giving each (§1); nothing in an attack on
// Personnel reads the colored die alone.
func (r *roller) dr() int { return r.pick(drWeights, 36) + 2 }

// explore calls f once for every path of dice it can roll, with the path's
// probability in r.p when f returns.
func explore(f func(r *roller)) {
	r := &roller{}
	for {
		r.path, r.sizes, r.p = r.path[:0], r.sizes[:0], 1
		f(r)
		i := len(r.path) - 1
		for i >= 0 && r.path[i]+1 == r.sizes[i] {
			i--
		}
		if i < 0 {
			return
		}
		r.prefix = append(r.prefix[:0], r.path[:i]...)
		r.prefix = append(r.prefix, r.path[i]+1)
	}
}

// randomSelect is Random Selection (A.9, §3.3, §8.22): one dr per
// candidate; the k highest are affected, plus every candidate tied with
// the k-th. With k ≥ the number of candidates all are affected and no die
// is needed.
func randomSelect(r *roller, cands []int, k int) (selected, others []int) {
	if k >= len(cands) {
		return cands, nil
	}
	d := make([]int, len(cands))
	for i := range d {
		d[i] = r.die()
	}
	sorted := slices.Clone(d)
	slices.Sort(sorted)
	slices.Reverse(sorted)
	cut := sorted[k-1]
	for i, c := range cands {
		if d[i] >= cut {
			selected = append(selected, c)
		} else {
			others = append(others, c)
		}
	}
	return selected, others
}

// ---------------------------------------------------------------------------
// Units

const (
	inPlay int8 = iota
	goneEliminated
	goneSurrendered
)

// piece is one counter in the Location. A target is normally one piece; a
// squad with an underscored ML Replaced by its two broken HS (A19.13) is
// two pieces of the same unit.
type piece struct {
	kind       asl.Kind
	unit       int8 // input unit (0-based) this piece is, or is part of
	ml, bml    int8 // Good Order and broken-side ML, before any wound
	mod        int8 // leadership modifier, before any wound
	class      asl.Class
	elr        int8
	underscore bool
	wounded    bool
	broken     bool
	pinned     bool
	berserk    bool
	heroic     bool // a leader made heroic by Heat of Battle (A15.21)
	fanatic    bool // by Battle Hardening of an elite unit (A15.3)
	gone       int8
	reduced    bool // a squad Casualty Reduced to a HS
	replaced   bool // ELR-Replaced during this attack (A19.13)
	mc         int8 // pending IFT MC at +mc; −1 none
	ptc        bool // pending PTC
}

// curML is the unit's current Morale Level (§3.5): broken side if broken,
// −1 if wounded (A17.3), 10 if berserk (A15.42), at least 9 for a heroic
// leader (A15.21: "1-4-9X", a 10-x leader a 1-4-10; −1 if wounded), never
// above 10 (A.18).
func (u *piece) curML() int {
	if u.berserk {
		return 10
	}
	ml := int(u.ml)
	if u.broken {
		ml = int(u.bml)
	}
	if u.heroic {
		ml = max(int(u.ml), 9)
	}
	if u.wounded {
		ml--
	}
	return min(ml, 10)
}

// leadership is the leader's modifier, one worse if wounded (A17.3).
func (u *piece) leadership() int {
	m := int(u.mod)
	if u.wounded {
		m++
	}
	return m
}

// pinnable: berserk units, heroes and heroic leaders are never pinned
// (A7.8, A15.2, A15.42).
func (u *piece) pinnable() bool {
	return !u.berserk && !u.heroic && u.kind != asl.Hero
}

// hobSubject: units subject to Heat of Battle (A15.1): not crews, heroes
// (a heroic leader is one, §8.48), or units already berserk.
func (u *piece) hobSubject() bool {
	return u.gone == inPlay && !u.berserk && !u.heroic && u.kind != asl.Hero && u.kind != asl.Crew
}

// newPiece turns an input unit into its starting state.
func newPiece(u asl.Unit, k int, defaultELR int) piece {
	p := piece{
		kind: u.Kind, unit: int8(k), ml: int8(u.ML), mod: int8(u.Mod), class: u.Class,
		elr: int8(defaultELR), underscore: u.Underscore, wounded: u.Wounded, broken: u.Broken, mc: -1,
	}
	if u.ELR >= 0 {
		p.elr = int8(u.ELR)
	}
	// §8.41: broken-side ML defaults: a squad's = its ML; a HS given as
	// input: ML − 1; crews, leaders (and heroes): ML.
	p.bml = int8(u.ML)
	if u.Kind == asl.HalfSquad {
		p.bml--
	}
	if u.BrokenML > 0 {
		p.bml = int8(u.BrokenML)
	}
	return p
}

// leaderLadder is the A19.13 / §8.47 ladder of leader grades, worst first.
var leaderLadder = [][2]int{{6, 1}, {7, 0}, {8, 0}, {8, -1}, {9, -1}, {9, -2}, {10, -2}, {10, -3}}

// gradeKey orders leaders by quality. Reading (§8.47): a leader not on the
// ladder (a 7+1, say) moves to the nearest ladder grade below or above.
func gradeKey(ml, mod int) int { return 4*ml - mod }

// regrade moves a leader one grade along the ladder (dir −1 down, +1 up)
// and reports whether such a grade exists. The broken side moves with the
// ML (a leader's broken-side ML is his ML unless given, §8.41).
func (u *piece) regrade(dir int) bool {
	cur := gradeKey(int(u.ml), int(u.mod))
	best := -1
	for i, g := range leaderLadder {
		k := gradeKey(g[0], g[1])
		if (dir < 0 && k < cur) || (dir > 0 && k > cur && best < 0) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	g := leaderLadder[best]
	u.bml = int8(min(int(u.bml)+g[0]-int(u.ml), 10))
	u.ml, u.mod = int8(g[0]), int8(g[1])
	return true
}

// lowerClass: the Class of a Replaced MMC drops one step ("the unit's
// Class must also decrease", A19.13); a Conscript is the bottom rung
// (A19.2), so it cannot be Replaced and is Disrupted instead (A19.12).
// In the model's reading the Class stays and a Conscript is Replaced too.
func (u *piece) lowerClass() bool {
	if !reading.classChanges {
		return true
	}
	if u.fanatic {
		// §8.49: Fanatic is the rung above Elite; one step down is Elite.
		u.fanatic = false
		return true
	}
	switch u.class {
	case asl.Elite:
		u.class = asl.FirstLine
	case asl.FirstLine:
		u.class = asl.SecondLine
	case asl.SecondLine:
		u.class = asl.Green
	case asl.Green:
		u.class = asl.Conscript
	default:
		return false
	}
	return true
}

// fate is the piece's worst applicable fate (docs/output.md).
func (u *piece) fate() int {
	switch {
	case u.gone == goneEliminated:
		return fateEliminated
	case u.gone == goneSurrendered:
		return fateSurrendered
	case u.broken:
		return fateBroken
	case u.berserk:
		return fateBerserk
	case u.pinned:
		return fatePinned
	}
	return fateGoodOrder
}

// ---------------------------------------------------------------------------
// The world: a Location's state and the work left to do.

const (
	maxPieces = 16
	maxTasks  = 16
	maxEvents = 16
)

// Task operations.
const (
	opNone int8 = iota // an empty task slot
	opAttack
	opStartMC  // queue the IFT MCs in check order (A10.2)
	opStartPTC // queue the PTCs in check order
	opMC       // one IFT MC (leadership computed when it is taken)
	opPTC      // one PTC's NTC (A7.305)
	opLLMC     // one unit's LLMC (A10.2)
	opLLTC     // one unit's LLTC (A10.2)
	opBerserkTC
)

type task struct{ op, who, drm int8 }

// After-attack events (§8.45).
const (
	evLLMC int8 = iota
	evLLTC
	evBerserk
)

type event struct {
	kind, leader int8
	ml           int8 // the leader's ML as he stood (§8.46)
	drm          int8 // the DRM of the checks it causes
}

// Detonation outcomes of a world.
const (
	detDetonated int8 = iota
	detMalfunction
)

// world is comparable, so identical states merge in a map. det and ift are
// left zero unless location.track is set, so that they do not keep apart
// worlds that are otherwise the same.
type world struct {
	p      [maxPieces]piece
	np     int8
	tasks  [maxTasks]task // tasks[0] runs next
	nt     int8
	events [maxEvents]event // FIFO (§8.45)
	ne     int8
	det    int8
	ift    int8 // index into oracleIFTLabels
	hob    bool // a Heat of Battle DR was made (the "hob" metric)
}

func (w *world) pieces() []piece { return w.p[:w.np] }

func (w *world) addPiece(p piece) int {
	if int(w.np) == maxPieces {
		panic("oracle: too many pieces")
	}
	w.p[w.np] = p
	w.np++
	return int(w.np) - 1
}

// pushTasks puts ts, in order, in front of the remaining tasks.
func (w *world) pushTasks(ts ...task) {
	n := int(w.nt)
	if n+len(ts) > maxTasks {
		panic("oracle: too many tasks")
	}
	copy(w.tasks[len(ts):n+len(ts)], w.tasks[:n])
	copy(w.tasks[:], ts)
	w.nt += int8(len(ts))
}

func (w *world) popTask() task {
	t := w.tasks[0]
	copy(w.tasks[:], w.tasks[1:w.nt])
	w.nt--
	w.tasks[w.nt] = task{}
	return t
}

func (w *world) addEvent(e event) {
	if int(w.ne) == maxEvents {
		panic("oracle: too many events")
	}
	w.events[w.ne] = e
	w.ne++
}

func (w *world) popEvent() event {
	e := w.events[0]
	copy(w.events[:], w.events[1:w.ne])
	w.ne--
	w.events[w.ne] = event{}
	return e
}

// checkOrder sorts units into the order they take checks (A10.2, §8.45):
// leaders first, higher current ML first, then the other units; ties keep
// input order.
func (w *world) checkOrder(idx []int) []int {
	idx = slices.Clone(idx)
	slices.SortStableFunc(idx, func(a, b int) int {
		la, lb := w.p[a].kind == asl.Leader, w.p[b].kind == asl.Leader
		switch {
		case la && !lb:
			return -1
		case lb && !la:
			return 1
		case la && lb:
			return w.p[b].curML() - w.p[a].curML()
		}
		return 0
	})
	return idx
}

// location holds what stays fixed while a Location is resolved.
type location struct {
	col       []int // IFT column of each input unit
	drm       []int // total DRM of each input unit's Final DR
	malfAt    int   // Original DR (+ enemy Infantry) at or above which the DC malfunctions; 0: never
	enemyInf  int   // Set DC: added to the Original DR for the malfunction only (A23.7)
	opts      asl.Options
	surrender bool
	track     bool // record det and ift in the worlds (tests of §9 R18)
	// fixedDR, when set, is the attack's Original DR, already rolled for
	// something else: a Collateral Attack uses the TK DR (D.8).
	fixedDR int
}

// malfunctions: §4.2, an Original DR (+ a Set DC's enemy Infantry, A23.7)
// at or above the threshold.
func (loc *location) malfunctions(orig int) bool {
	return loc.malfAt > 0 && orig+loc.enemyInf >= loc.malfAt
}

// ctx is one run of one task on one path of dice.
type ctx struct {
	loc *location
	w   *world
	r   *roller
}

// resolve runs every task of the starting world to the end and returns the
// distribution of final worlds.
func (loc *location) resolve(start world) map[world]float64 {
	dist := map[world]float64{start: 1}
	for {
		next := make(map[world]float64, len(dist))
		busy := false
		for w, p := range dist {
			if w.nt == 0 && w.ne == 0 {
				next[w] += p
				continue
			}
			busy = true
			if w.nt == 0 {
				// §8.45: the next event is expanded into its checks once
				// the tasks before it are done.
				c := ctx{loc: loc, w: &w}
				c.expand(w.popEvent())
				next[w] += p
				continue
			}
			t := w.popTask()
			explore(func(r *roller) {
				w2 := w
				c := ctx{loc: loc, w: &w2, r: r}
				c.run(t)
				next[w2] += p * r.p
			})
		}
		dist = next
		if !busy {
			return dist
		}
	}
}

func (c *ctx) run(t task) {
	i := int(t.who)
	switch t.op {
	case opAttack:
		c.attack()
	case opStartMC:
		var who []int
		for j := range c.w.pieces() {
			if c.w.p[j].mc >= 0 && c.w.p[j].gone == inPlay {
				who = append(who, j)
			}
		}
		for _, j := range slices.Backward(c.w.checkOrder(who)) {
			c.w.pushTasks(task{op: opMC, who: int8(j)})
		}
	case opStartPTC:
		var who []int
		for j := range c.w.pieces() {
			if c.w.p[j].ptc {
				who = append(who, j)
			}
		}
		for _, j := range slices.Backward(c.w.checkOrder(who)) {
			c.w.pushTasks(task{op: opPTC, who: int8(j)})
		}
	case opMC:
		u := &c.w.p[i]
		n := int(u.mc)
		u.mc = -1
		if u.gone != inPlay {
			return
		}
		// A10.21: the MC's only DRM is one leader's modifier, chosen when
		// the check is taken (§8.25), after the leaders before it.
		c.morale(i, n+c.leaderDRM(i), true)
	case opPTC:
		u := &c.w.p[i]
		u.ptc = false
		if u.gone != inPlay || u.broken || u.pinned || !u.pinnable() {
			return
		}
		// A7.305: a NTC; leadership applies (A10.7); failure pins.
		c.pinCheck(i, c.leaderDRM(i))
	case opLLMC:
		if c.w.p[i].gone != inPlay || c.w.p[i].berserk {
			return
		}
		// A10.2/A10.21: only the reversed DRM; a LLMC never pins (§8.24).
		c.morale(i, int(t.drm), false)
	case opLLTC:
		u := &c.w.p[i]
		if u.gone != inPlay || u.broken || u.pinned || !u.pinnable() {
			return
		}
		c.pinCheck(i, int(t.drm))
	case opBerserkTC:
		u := &c.w.p[i]
		if u.gone != inPlay || u.berserk {
			return
		}
		// A15.41: pass the NTC (Final ≤ ML) and go berserk. §8.50: "When
		// a leader goes berserk, he must …" holds whatever made him so, so
		// a leader who passes makes a Berserk TC of his own.
		if c.r.dr()+int(t.drm) <= u.curML() {
			c.goBerserk(i, c.loc.opts.BerserkTCChain)
		}
	default:
		panic("oracle: bad task")
	}
}

// pinCheck is a NTC whose failure pins (PTC A7.305, LLTC A10.2). An
// Original 12 is an ordinary roll (§8.2).
func (c *ctx) pinCheck(i, drm int) {
	if c.r.dr()+drm > c.w.p[i].curML() {
		c.w.p[i].pinned = true
	}
}

// leaderDRM is the best modifier of a leader able to help unit i with a
// MC/TC (§3.6): another leader, unbroken and unpinned (A7.831), of strictly
// higher ML if i is a leader (A10.22); the most negative is chosen (§8.25),
// and a +1 is still mandatory when it is the only one (A10.72). Berserk
// units get none (A15.42). A berserk leader still helps until his Berserk
// TC (§8.43), which always comes after the attack's own checks.
func (c *ctx) leaderDRM(i int) int {
	u := &c.w.p[i]
	if u.berserk {
		return 0
	}
	best, found := 0, false
	for j := range c.w.pieces() {
		l := &c.w.p[j]
		if j == i || l.kind != asl.Leader || l.gone != inPlay || l.broken || l.pinned {
			continue
		}
		if u.kind == asl.Leader && l.curML() <= u.curML() {
			continue
		}
		if m := l.leadership(); !found || m < best {
			best, found = m, true
		}
	}
	return best
}

// snapshot is a leader as he stood when a check began (§8.46).
type snapshot struct{ ml, mod int }

func (c *ctx) snap(i int) snapshot {
	return snapshot{c.w.p[i].curML(), c.w.p[i].leadership()}
}

// leaderLossDRM is the DRM of a LLMC/LLTC. §3.7 and §8.46 agree (A10.2,
// A10.21): only a negative modifier is reversed ("an 8-1 gives +1"); an
// 8-0 and a 7+1 both give 0. The switch reverses any sign.
func (c *ctx) leaderLossDRM(s snapshot) int8 {
	if c.loc.opts.LeaderLossReversesPositive || s.mod < 0 {
		return int8(-s.mod)
	}
	return 0
}

// eliminate removes unit i; a leader's loss causes a LLMC (A10.2).
func (c *ctx) eliminate(i int, s snapshot) {
	if c.w.p[i].kind == asl.Leader {
		c.w.addEvent(event{kind: evLLMC, leader: int8(i), ml: int8(s.ml), drm: c.leaderLossDRM(s)})
	}
	c.w.p[i].remove(goneEliminated)
}

// remove takes the piece out of play; nothing else about it matters any
// more, so it is cleared and worlds that differ only there merge.
func (u *piece) remove(gone int8) { *u = piece{unit: u.unit, gone: gone, mc: -1} }

// breakUnit breaks unit i; an unbroken leader who breaks causes a LLTC
// (A10.2).
func (c *ctx) breakUnit(i int, s snapshot) {
	u := &c.w.p[i]
	if u.kind == asl.Leader && !u.broken {
		c.w.addEvent(event{kind: evLLTC, leader: int8(i), ml: int8(s.ml), drm: c.leaderLossDRM(s)})
	}
	u.broken, u.pinned = true, false
}

// wound wounds SMC i and rolls the Wound Severity dr at once (A17.11,
// §8.27): 5–6 is mortal, +1 if already wounded. casualtyMC: the +1 "as if
// already wounded" of a hero's or berserk leader's Casualty MC (A10.31),
// not added twice. A mortal wound eliminates (a leader: LLMC).
func (c *ctx) wound(i int, s snapshot, casualtyMC bool) {
	u := &c.w.p[i]
	drm := 0
	if u.wounded || casualtyMC {
		drm = 1
	}
	u.wounded = true
	if c.r.die()+drm >= 5 {
		c.eliminate(i, s)
	}
}

// casualtyReduce is Casualty Reduction (A7.302, §3.4): a squad becomes one
// HS of the same status, whose broken side is one below the squad's
// (§8.41); a HS or crew is eliminated; a SMC is wounded.
func (c *ctx) casualtyReduce(i int, s snapshot) {
	u := &c.w.p[i]
	switch u.kind {
	case asl.Squad:
		u.kind, u.reduced, u.bml = asl.HalfSquad, true, u.bml-1
	case asl.HalfSquad, asl.Crew:
		c.eliminate(i, s)
	default:
		c.wound(i, s, false)
	}
}

// replaceOrDisrupt applies ELR Replacement (A19.13, §8.47) to an unbroken
// unit that failed a MC by more than its ELR. A Replaced MMC keeps its ML,
// drops one Class and is marked replaced; a leader drops one grade. What
// cannot be Replaced is Disrupted instead (A19.12), which changes nothing
// reported. twoHS: a squad with an underscored ML becomes its two broken
// HS (A19.13 EXC), except on a Casualty MC (§8.28); the index of the
// second HS is returned, −1 otherwise.
func (c *ctx) replaceOrDisrupt(i int, twoHS bool) int {
	u := &c.w.p[i]
	switch u.kind {
	case asl.Squad:
		switch {
		case u.underscore && twoHS:
			// A1.122, §8.41: a broken HS is one ML below its squad.
			u.kind, u.bml, u.replaced = asl.HalfSquad, u.bml-1, true
			return c.w.addPiece(*u)
		case u.lowerClass():
			u.replaced = true
		}
	case asl.HalfSquad:
		if !u.underscore && u.lowerClass() {
			u.replaced = true
		}
	case asl.Leader:
		if u.regrade(-1) {
			u.replaced = true
		}
	}
	return -1
}

// morale is one MC of unit i with Final DR = Original DR + drm (A10).
// ift: an IFT-caused MC, which pins on Final = ML (A7.8).
func (c *ctx) morale(i, drm int, ift bool) {
	u := &c.w.p[i]
	s := c.snap(i)
	orig := c.r.dr()
	final := orig + drm
	ml := u.curML()
	switch {
	case u.berserk:
		// A15.42: a failure is Casualty Reduction. A10.31: an Original 12
		// eliminates a berserk MMC (it cannot break) and wounds a berserk
		// leader with +1.
		switch {
		case orig == 12 && u.kind == asl.Leader:
			c.wound(i, s, true)
		case orig == 12:
			c.eliminate(i, s)
		case final > ml:
			c.casualtyReduce(i, s)
		}
	case u.kind == asl.Hero || u.heroic:
		// A15.2, §8.48: a failure wounds; a wounded hero who fails is
		// eliminated. A10.31 EXC: an Original 12 wounds with +1.
		switch {
		case u.wounded && (orig == 12 || final > ml):
			c.eliminate(i, s)
		case orig == 12:
			c.wound(i, s, true)
		case final > ml:
			c.wound(i, s, false)
		}
	case u.broken:
		// A10.3, A10.31: failure is Casualty Reduction, an Original 12
		// eliminates; never pinned or Replaced (§3.5).
		switch {
		case orig == 12:
			c.eliminate(i, s)
		case final > ml:
			c.casualtyReduce(i, s)
		}
	default:
		elrFail := final-ml > int(u.elr) && u.kind != asl.Crew // A19.11
		switch {
		case orig == 12:
			// A10.31, §8.28: Replacement first, then Casualty Reduction
			// and broken.
			if elrFail {
				c.replaceOrDisrupt(i, false)
			}
			switch u.kind {
			case asl.Squad:
				u.kind, u.reduced, u.bml = asl.HalfSquad, true, u.bml-1
				c.breakUnit(i, s)
			case asl.HalfSquad, asl.Crew:
				c.eliminate(i, s)
			case asl.Leader:
				c.wound(i, s, false)
				if u.gone == inPlay {
					c.breakUnit(i, s)
				}
			}
		case final > ml:
			// A10.3, A19.13.
			twin := -1
			if elrFail {
				twin = c.replaceOrDisrupt(i, true)
			}
			c.breakUnit(i, s)
			if twin >= 0 {
				c.breakUnit(twin, s)
			}
		case final == ml && ift && u.pinnable():
			u.pinned = true // A7.8
		}
	}
	// A15.1, §3.8: an Original 2 on a MC is followed by a HoB DR. With
	// Options.HeatOfBattle off its outcomes are ignored, but it is still
	// counted as triggered, as §9 R18 does ("HoB outcomes ignored …
	// P(a HoB DR occurs) = 2/81").
	if orig == 2 && c.w.p[i].hobSubject() {
		c.w.hob = true
		if c.loc.opts.HeatOfBattle {
			c.heatOfBattle(i)
		}
	}
}

// inexperienced: Conscripts always; Green units unless stacked with an
// unbroken leader (A19.3, §8.3).
func (c *ctx) inexperienced(i int) bool {
	switch c.w.p[i].class {
	case asl.Conscript:
		return true
	case asl.Green:
		if !reading.greenWithLeader {
			return true
		}
		for j, l := range c.w.pieces() {
			if j != i && l.kind == asl.Leader && l.gone == inPlay && !l.broken {
				return false
			}
		}
		return true
	}
	return false
}

// heatOfBattle makes the HoB DR after the MC's result (A15, §3.8, §8.26).
func (c *ctx) heatOfBattle(i int) {
	u := &c.w.p[i]
	drm := 0
	// A15.1: Elite −1, once. A Fanatic is above Elite (§8.49), and every
	// SMC is elite (A1.11, §8.51): a leader takes it too.
	if u.class == asl.Elite || u.fanatic || u.kind == asl.Leader && c.loc.opts.LeadersElite {
		drm--
	}
	if u.broken {
		drm++ // broken after the MC (§8.26)
	}
	if c.inexperienced(i) {
		drm++
	}
	switch final := c.r.dr() + drm; {
	case final <= 4:
		c.heroCreation(i)
	case final <= 6:
		c.heroCreation(i)
		c.battleHarden(i)
	case final <= 8:
		c.battleHarden(i)
	case final <= 11:
		c.berserkResult(i)
	default:
		c.surrender(i)
	}
}

// heroCreation (A15.21): a MMC spawns a hero, who is not a target of this
// attack (§8.26) and is not tracked; a leader becomes heroic, rallies and
// loses any pin (§8.40).
func (c *ctx) heroCreation(i int) {
	u := &c.w.p[i]
	if u.kind == asl.Leader {
		u.heroic, u.broken, u.pinned = true, false, false
	}
}

// battleHarden (A15.3, §8.40): unless refused, the unit becomes unbroken
// and unpinned, one quality higher: a MMC +1 ML on both sides (cap 10) and
// one Class up ("improves the unit in Class", A15.3; the model keeps the
// Class), an elite MMC Fanatic; a leader one grade up, the best leader
// Fanatic. A Fanatic unit gains nothing more ("cannot attain any loftier
// status").
func (c *ctx) battleHarden(i int) {
	if !c.loc.opts.AcceptBattleHardening {
		return
	}
	u := &c.w.p[i]
	u.broken, u.pinned = false, false
	raise := func() { u.ml, u.bml = min(u.ml+1, 10), min(u.bml+1, 10) }
	switch {
	case u.fanatic:
	case u.kind == asl.Leader:
		if !u.regrade(+1) {
			u.fanatic = true
			raise()
		}
	case u.class == asl.Elite:
		u.fanatic = true
		raise()
	default:
		if reading.classChanges {
			u.class = map[asl.Class]asl.Class{asl.Conscript: asl.Green, asl.Green: asl.SecondLine,
				asl.SecondLine: asl.FirstLine, asl.FirstLine: asl.Elite}[u.class]
		}
		raise()
	}
}

// berserkResult: with no Known enemy in LOS it is Battle Hardening (A15.44).
func (c *ctx) berserkResult(i int) {
	if !c.loc.opts.KnownEnemyInLOS {
		c.battleHarden(i)
		return
	}
	c.goBerserk(i, true)
}

// goBerserk (A15.4, A15.42): ML 10, rallied, unpinned. A berserk leader
// makes the other units take a Berserk TC after the attack (A15.41, §8.43).
func (c *ctx) goBerserk(i int, tc bool) {
	u := &c.w.p[i]
	u.berserk, u.broken, u.pinned = true, false, false
	if u.kind == asl.Leader && tc {
		c.w.addEvent(event{kind: evBerserk, leader: int8(i), drm: int8(u.leadership())})
	}
}

// surrender (A15.5, §8.26, §8.44): the unit breaks and is Disrupted; with an
// ADJACENT Known Good Order armed enemy it is a prisoner. A Fanatic unit
// goes berserk instead (A15.5 EXC, §8.52).
func (c *ctx) surrender(i int) {
	u := &c.w.p[i]
	if u.fanatic && c.loc.opts.FanaticBerserk {
		c.berserkResult(i)
		return
	}
	c.breakUnit(i, c.snap(i))
	if c.loc.surrender {
		u.remove(goneSurrendered)
	}
}

// expand turns an after-attack event into its checks, leaders first
// (§8.45).
func (c *ctx) expand(e event) {
	var who []int
	for j := range c.w.pieces() {
		u := &c.w.p[j]
		if j == int(e.leader) || u.gone != inPlay || u.berserk {
			continue // A15.42: berserk units take no LLMC/LLTC
		}
		switch e.kind {
		case evLLMC:
			// A10.2: every other unit with a currently lower ML, broken
			// ones included.
			if u.curML() < int(e.ml) {
				who = append(who, j)
			}
		case evLLTC:
			// A10.2: unbroken units with a lower ML, except those exempt
			// from pinning.
			if !u.broken && !u.pinned && u.pinnable() && u.curML() < int(e.ml) {
				who = append(who, j)
			}
		case evBerserk:
			// Reading of A15.41: "any other friendly units (even if broken
			// …) [EXC: units not normally subject to Heat of Battle]" take
			// a NTC under the leader's modifier; §3.8 likewise says "the
			// other units". So broken units take it too; crews, heroes and
			// heroic leaders do not.
			// The model's reading: the other unbroken units, of any kind.
			if reading.berserkTCAll && u.hobSubject() || !reading.berserkTCAll && !u.broken {
				who = append(who, j)
			}
		}
	}
	op := map[int8]int8{evLLMC: opLLMC, evLLTC: opLLTC, evBerserk: opBerserkTC}[e.kind]
	for _, j := range slices.Backward(c.w.checkOrder(who)) {
		c.w.pushTasks(task{op: op, who: int8(j), drm: e.drm})
	}
}

// attack is the attack DR on the Location and the IFT results it gives
// (§3.11 steps 1–3).
func (c *ctx) attack() {
	orig := c.loc.fixedDR
	if orig == 0 {
		orig = c.r.dr()
	}
	if c.loc.malfunctions(orig) {
		if c.loc.track {
			c.w.det, c.w.ift = detMalfunction, int8(len(oracleIFTLabels)-1)
		}
		return
	}
	// A.5, §8.21: one Original DR, each unit its own column and Final DR.
	res := make([]iftResult, c.w.np)
	for i := range res {
		res[i] = iftCell(c.loc.col[i], orig+c.loc.drm[i])
	}
	if c.loc.track {
		c.w.ift = int8(slices.Index(oracleIFTLabels, res[0].label()))
	}
	// Reading of §8.21: units whose Final DRs give different results are
	// resolved as separate groups, one per distinct result; a #KIA or K/#
	// picks among the units of its own group only. KIA groups first, then
	// K groups, then the MCs and the PTCs.
	for _, kind := range []int{resKIA, resK} {
		for n := 7; n >= 1; n-- {
			var group []int
			for i, r := range res {
				if r == (iftResult{kind, n}) {
					group = append(group, i)
				}
			}
			if len(group) == 0 {
				continue
			}
			if kind == resKIA {
				c.kia(group, n)
			} else {
				c.kResult(group, n)
			}
		}
	}
	for i, r := range res {
		switch r.kind {
		case resMC:
			c.w.p[i].mc = int8(r.n)
		case resPTC:
			c.w.p[i].ptc = true
		}
	}
	c.w.pushTasks(task{op: opStartMC}, task{op: opStartPTC})
}

// kia is a #KIA (A7.301, §3.2): Random Selection eliminates at least n
// units; every other unit breaks, or is Casualty Reduced if it cannot break
// (already broken, berserk, hero). Events: the eliminated first, then the
// broken, each in check order (§8.45).
func (c *ctx) kia(group []int, n int) {
	sel, rest := randomSelect(c.r, group, n)
	for _, i := range c.w.checkOrder(sel) {
		c.eliminate(i, c.snap(i))
	}
	for _, i := range c.w.checkOrder(rest) {
		u := &c.w.p[i]
		if u.broken || u.berserk || u.heroic || u.kind == asl.Hero {
			c.casualtyReduce(i, c.snap(i))
		} else {
			c.breakUnit(i, c.snap(i))
		}
	}
}

// kResult is a K/# (A7.302, §3.2, §8.29): Random Selection picks one unit
// (ties all) for Casualty Reduction; every other unit, and the HS a
// reduced squad becomes, takes a MC at +n; a Reduced SMC or an eliminated
// HS takes none.
func (c *ctx) kResult(group []int, n int) {
	sel, rest := randomSelect(c.r, group, 1)
	for _, i := range c.w.checkOrder(sel) {
		wasSquad := c.w.p[i].kind == asl.Squad
		c.casualtyReduce(i, c.snap(i))
		if wasSquad {
			c.w.p[i].mc = int8(n)
		}
	}
	for _, i := range rest {
		c.w.p[i].mc = int8(n)
	}
}

// ---------------------------------------------------------------------------
// The attack

// xPenalty is the DC user's X# penalty (§4.2, §8.3): non-elite −2,
// captured −2 (doubled to −4 for a non-elite user, A23.2), Inexperienced
// −1 more (A19.32; Options.InexperiencedPenalty).
func xPenalty(a asl.DCAttack) int {
	nonElite := a.User != asl.EliteUser
	p := 0
	switch {
	case nonElite && a.Captured:
		p = 4
	case nonElite || a.Captured:
		p = 2
	}
	if a.User == asl.Inexperienced && a.Options.InexperiencedPenalty {
		p++
	}
	return p
}

// targetLocation sets up the attack on the target Location (§4.3–§4.6).
func targetLocation(a asl.DCAttack) (*location, world) {
	loc := &location{opts: a.Options, surrender: a.Mode != asl.Set}
	if a.Options.Surrender != nil {
		loc.surrender = *a.Options.Surrender
	}
	var w world
	for k, u := range a.Targets {
		w.addPiece(newPiece(u, k, a.ELR))
		concealed := a.Concealed || u.Concealed
		drm := a.DRM + u.DRM
		var col int
		switch a.Mode {
		case asl.Placed:
			// A23.3/A23.4: 30 FP (12 column if concealed), TEM, CX +1.
			col, drm = col30, drm+a.TEM+b2i(a.CX)
		case asl.Thrown:
			// A23.6, A23.62: +2 (+3 from a vehicle/Cavalry), CX, AFPh.
			col, drm = col30, drm+a.TEM+2+b2i(a.FromVehicle)+b2i(a.CX)+b2i(a.AFPh)
		case asl.Set:
			// A23.71: 36+ (16 if concealed), −3, no TEM.
			col, drm = col36p, drm-3
		}
		if concealed {
			col = map[int]int{col30: col12, col36p: col16}[col]
		}
		loc.col = append(loc.col, col)
		loc.drm = append(loc.drm, drm)
	}
	// §4.2: malfunction on Original DR ≥ X#; a Set DC on Original + the
	// enemy Infantry units ≥ 12, less the user's penalties (§8.4).
	pen := xPenalty(a)
	if a.Mode == asl.Set {
		loc.enemyInf = a.EnemyInfantry
		if loc.enemyInf < 0 {
			loc.enemyInf = len(a.Targets)
		}
		if !a.Options.SetDCUsesXPenalty {
			pen = 0
		}
	}
	loc.malfAt = 12 - pen
	w.pushTasks(task{op: opAttack})
	return loc, w
}

// throwerLocation sets up the second DR of a Thrown DC (A23.6, §4.4,
// §8.16–8.18): 30 column, never halved for concealment, thrower-Location
// TEM, +3 (+4), AFPh +1, CX only by option; it never malfunctions.
// Reading: the attack's --drm is a target-side DRM of the target Location
// (Hazardous Movement, FT …) and does not apply here; each thrower's own
// drm= does.
func throwerLocation(a asl.DCAttack) (*location, world) {
	loc := &location{opts: a.Options, surrender: a.Mode != asl.Set}
	if a.Options.Surrender != nil {
		loc.surrender = *a.Options.Surrender
	}
	var w world
	for k, u := range a.Throwers {
		w.addPiece(newPiece(u, k, a.ELR))
		drm := a.ThrowerTEM + 3 + b2i(a.FromVehicle) + b2i(a.AFPh) + u.DRM
		if a.CX && a.Options.CXOnThrowerLocation {
			drm++
		}
		loc.col = append(loc.col, col30)
		loc.drm = append(loc.drm, drm)
	}
	w.pushTasks(task{op: opAttack})
	return loc, w
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unitFates gives each input unit's fate and its reduced and replaced
// flags (§8.39: both no when it is eliminated or surrendered).
//
// Reading (§8.39, docs/output.md): a squad Replaced by its two broken HS
// (A19.13) is one target made of two pieces. It is eliminated (or
// surrendered) only when no piece is left in play; otherwise its fate is
// the worst among the pieces in play, it is reduced when only one HS is
// left ("a squad now a HS"), and it is replaced.
//
// Reading of §8.39: like "replaced", "reduced" compares the end of the
// attack with its start ("a squad now a HS"; "a SMC wounded"), so a SMC
// already wounded before it is not reported reduced, even if wounded
// again. (§8.39 calls both "state flags"; the model reads it so too.)
func unitFates(w *world, start []asl.Unit) (fates []int, reduced, replaced []bool) {
	n := len(start)
	fates = make([]int, n)
	reduced = make([]bool, n)
	replaced = make([]bool, n)
	pieces := make([]int, n)  // pieces of each unit
	inPlayN := make([]int, n) // of them in play
	gone := make([]int, n)    // the better of the gone fates
	for k := range fates {
		fates[k], gone[k] = fateGoodOrder, fateEliminated
	}
	for _, u := range w.pieces() {
		k := int(u.unit)
		pieces[k]++
		if u.gone != inPlay {
			gone[k] = max(gone[k], u.fate())
			continue
		}
		inPlayN[k]++
		fates[k] = min(fates[k], u.fate())
		reduced[k] = reduced[k] || u.reduced || (u.kind.SMC() && u.wounded && !start[k].Wounded)
		replaced[k] = replaced[k] || u.replaced
	}
	for k := range fates {
		switch {
		case inPlayN[k] == 0:
			fates[k], reduced[k], replaced[k] = gone[k], false, false
		case pieces[k] == 2 && inPlayN[k] == 1:
			reduced[k], replaced[k] = true, true
		}
	}
	return fates, reduced, replaced
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// layoutTargets lays out, with metric, the target metrics of n targets:
// stack, hob, out and each target's fate, reduced and replaced.
func layoutTargets(metric func(string, []string) map[string]float64, n int) {
	metric("stack", oracleStackLabels)
	metric("hob", oracleYesNo)
	var outLabels []string
	for k := 0; k <= n; k++ {
		outLabels = append(outLabels, strconv.Itoa(k))
	}
	metric("out", outLabels)
	for k := 1; k <= n; k++ {
		metric("target."+strconv.Itoa(k), oracleFateLabels)
		metric("target."+strconv.Itoa(k)+".reduced", oracleYesNo)
		metric("target."+strconv.Itoa(k)+".replaced", oracleYesNo)
	}
}

// addFates adds the target metrics of the final worlds — each target's
// fate, reduced and replaced flags, and the Location's out, stack and hob
// — to out, whose metrics are already laid out.
func addFates(out map[string]map[string]float64, worlds map[world]float64, targets []asl.Unit) {
	for w, p := range worlds {
		fates, reduced, replaced := unitFates(&w, targets)
		lost := 0
		for k, f := range fates {
			name := "target." + strconv.Itoa(k+1)
			out[name][oracleFateLabels[f]] += p
			out[name+".reduced"][yesNo(reduced[k])] += p
			out[name+".replaced"][yesNo(replaced[k])] += p
			if f <= fateBroken {
				lost++
			}
		}
		out["out"][strconv.Itoa(lost)] += p
		out["hob"][yesNo(w.hob)] += p
		if lost == len(targets) {
			out["stack"]["cleared"] += p
		} else {
			out["stack"]["not_cleared"] += p
		}
	}
}

// oracleMetrics is an oracle's result: metric → label → probability.
type oracleMetrics map[string]map[string]float64

// metric adds a metric with every one of its labels at probability 0.
func (o oracleMetrics) metric(name string, labels []string) map[string]float64 {
	m := make(map[string]float64, len(labels))
	for _, l := range labels {
		m[l] = 0
	}
	o[name] = m
	return m
}

// oracle returns the exact distribution of every metric of a DC attack
// (metric → label → probability); every label of a metric is present.
func oracle(a asl.DCAttack) map[string]map[string]float64 {
	out := oracleMetrics{}
	metric := out.metric
	det := metric("detonation", oracleDetonationLabels)
	ift := metric("ift", oracleIFTLabels)
	layoutTargets(metric, len(a.Targets))

	loc, start := targetLocation(a)
	// detonation (§4.2) and the first target's IFT cell come straight from
	// the attack DR.
	explore(func(r *roller) {
		orig := r.dr()
		if loc.malfunctions(orig) {
			det["malfunction"] += r.p
			ift["no_attack"] += r.p
			return
		}
		det["detonated"] += r.p
		ift[iftCell(loc.col[0], orig+loc.drm[0]).label()] += r.p
	})
	pDet := det["detonated"]
	addFates(out, loc.resolve(start), a.Targets)

	// The thrower's Location is attacked only if the DC detonates (§8.17);
	// its DR is independent of the target DR (§8.18), so its marginals mix
	// the attacked and the untouched Location.
	if len(a.Throwers) > 0 {
		m := len(a.Throwers)
		tloc, tstart := throwerLocation(a)
		fm := make([]map[string]float64, m)
		for k := range fm {
			fm[k] = metric("thrower."+strconv.Itoa(k+1), oracleFateLabels)
		}
		for w, p := range tloc.resolve(tstart) {
			fates, _, _ := unitFates(&w, a.Throwers)
			for k, f := range fates {
				fm[k][oracleFateLabels[f]] += pDet * p
			}
		}
		fates, _, _ := unitFates(&tstart, a.Throwers)
		for k, f := range fates {
			fm[k][oracleFateLabels[f]] += 1 - pDet
		}
	}
	return out
}
