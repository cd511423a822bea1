// Package benchmarks holds sapper's benchmarks of its hot loops and the
// reference numbers they are held to (README.md in this folder). Run them
// with
//
//	go test -run '^$' -bench . -count 6 ./benchmarks | tee new.txt
//	benchstat old.txt new.txt
package benchmarks
