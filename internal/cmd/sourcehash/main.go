// Command sourcehash prints the sha256 of the sources the C library
// (mancala/env/cabi) is built from, plus go.mod and go.sum (sorted,
// independent of the checkout's path): the library's build id, which the
// Python package's build stamps into the library and the package alike.
// Run it from the module's root: go run ./internal/cmd/sourcehash.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/cabibuild"
)

func main() {
	list := flag.Bool("list", false, "print the files hashed instead, one a line")
	flag.Parse()
	if *list {
		files, err := cabibuild.Sources(".")
		if err != nil {
			fmt.Fprintln(os.Stderr, "sourcehash:", err)
			os.Exit(1)
		}
		fmt.Println(strings.Join(files, "\n"))
		return
	}
	h, err := cabibuild.SourceHash(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "sourcehash:", err)
		os.Exit(1)
	}
	fmt.Println(h)
}
