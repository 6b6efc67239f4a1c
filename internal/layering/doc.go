// Package layering holds only a test: the module's import rules
// (docs/design.md, "Layout"), checked with go list -deps so that a change
// that breaks them fails go test. It has no code.
package layering
