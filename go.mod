module github.com/sapperhq/sapper

go 1.26.0

require (
	github.com/spf13/pflag v1.0.10
	golang.org/x/sync v0.24.0
	gonum.org/v1/gonum v0.17.0
)
