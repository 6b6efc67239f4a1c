// Command buildcabi builds the C library (mancala/env/cabi) into a
// directory, the one way the project builds it (internal/cabibuild:
// -trimpath, only mancala_* exported, SONAME libmancala_env.so.2, the
// build id of the sources), and prints the library's path. Run it from
// the module's root:
//
//	go run ./internal/cmd/buildcabi [-o DIR]
//
// DIR defaults to $MANCALA_LIB_DIR, else build/cabi. It writes
// DIR/libmancala_env.so.2, the link DIR/libmancala_env.so and cgo's
// declarations DIR/libmancala_env.h.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/seed8ebe013a/go-mancala/internal/cabibuild"
)

func main() {
	def := os.Getenv("MANCALA_LIB_DIR")
	if def == "" {
		def = "build/cabi"
	}
	dir := flag.String("o", def, "the directory to build into")
	flag.Parse()
	lib, err := cabibuild.Build(".", *dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "buildcabi:", err)
		os.Exit(1)
	}
	fmt.Println(lib)
}
