package cli

import (
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/report"
)

// explainers are the commands' --explain hooks (explain_*.go), set where
// the working's code is built in: the command line and sapper serve. The
// page's engine (GOOS=js) leaves them out, and with them 3% of its
// download (about 100 KB gzipped), since its form offers no --explain;
// there they are nil and --explain is refused (canExplain).
var explainers struct {
	dc         func(asl.DCAttack) *report.Explanation
	afv        func(asl.AFVAttack) *report.Explanation
	fire       func(asl.IFTAttack) *report.Explanation
	plan       func(asl.Plan) *report.Explanation
	comparison func(asl.Comparison) []*report.Explanation
	building   func(toi.BuildingAttack) *report.Explanation
	lhy        func(lhy.FireAttack) *report.Explanation
	crossing   func(*sasl.Crossing) *report.Explanation
}

// canExplain reports whether this build has the working (explainers).
func canExplain() bool { return explainers.dc != nil }
