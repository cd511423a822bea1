package asl

// caveTEM is a cave's TEM for its contents (G11; rules/asl.md §6.7).
const caveTEM = 4

// noJapaneseDRM is the extra DRM of a DC Placed or Set into a cave with no
// unconcealed Good Order Japanese MMC in it (G11.83; rules/asl.md §6.7).
const noJapaneseDRM = -4

// caveThrowLimit: a Thrown DC enters the cave on a Final dr ≤ 3 (§6.7).
const caveThrowLimit = 3

// caveDRM is the DRM on the DR against unit u in the cave (rules/asl.md
// §6.7): a Placed DC has no DRM of any kind but the −4 without Japanese; a
// Set DC its −3 and that −4; a Thrown DC that entered the cave none; one
// that dropped to the Entrance Hex every DRM, the +4 cave TEM included.
func (a DCAttack) caveDRM(u Unit, entered bool) int {
	noJap := noJapaneseDRM * b2i(!a.Japanese)
	switch {
	case a.Mode == Placed:
		return noJap
	case a.Mode == Set:
		return a.DRM + u.DRM - 3 + noJap
	case entered:
		return 0
	}
	return a.DRM + u.DRM + a.attackerDRM() + caveTEM
}

// DestroysCave reports whether Original DR orig destroys the cave a DC was
// Placed into: an Original KIA (30 column, §6.7).
func (a DCAttack) DestroysCave(orig int) bool {
	return a.Cave && a.Mode == Placed && !a.Malfunctions(orig) && Lookup(ColumnFor(30), orig).KIA() > 0
}
