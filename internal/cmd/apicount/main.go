// Command apicount counts a package's exported API names, as the
// CHANGELOG's v0.2.0 counts do: its exported top-level declarations
// (functions, types, constants, variables), the exported methods of its
// exported types and the exported fields of its exported struct types.
//
//	go run ./internal/cmd/apicount mancala/wire
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: apicount DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apicount:", err)
		os.Exit(1)
	}
	n, fields := 0, 0
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Name.IsExported() {
						if d.Recv != nil {
							t := d.Recv.List[0].Type
							if s, ok := t.(*ast.StarExpr); ok {
								t = s.X
							}
							if ix, ok := t.(*ast.IndexExpr); ok {
								t = ix.X
							}
							if ix, ok := t.(*ast.IndexListExpr); ok {
								t = ix.X
							}
							if id, ok := t.(*ast.Ident); ok && !id.IsExported() {
								continue
							}
						}
						n++
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Name.IsExported() {
								n++
								if st, ok := s.Type.(*ast.StructType); ok {
									for _, fl := range st.Fields.List {
										for _, nm := range fl.Names {
											if nm.IsExported() {
												fields++
											}
										}
									}
								}
							}
						case *ast.ValueSpec:
							for _, nm := range s.Names {
								if nm.IsExported() {
									n++
								}
							}
						}
					}
				}
			}
		}
	}
	fmt.Printf("%d names (%d declarations, %d struct fields)\n", n+fields, n, fields)
}
