//go:build js && wasm

package wire

// table is empty in the js/wasm build, which leaves the command table,
// the line protocol and Service.Call out (command.go).
type table struct{}
