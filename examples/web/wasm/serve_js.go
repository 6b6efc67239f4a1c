//go:build js && wasm

package wasm

import (
	"context"
	"syscall/js"

	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// Serve registers the call function of game g's service ([NewService])
// as mancalaCalls[g's name] and keeps the program alive: each call runs
// in its own goroutine and settles the promise it returned. A program's
// main calls it.
func Serve(g wire.Game) {
	s, err := NewService(g)
	if err != nil {
		js.Global().Get("console").Call("error", "mancala wasm: "+err.Error())
		return
	}
	calls := js.Global().Get("mancalaCalls")
	if calls.Type() != js.TypeObject {
		calls = js.Global().Get("Object").New()
		js.Global().Set("mancalaCalls", calls)
	}
	calls.Set(g.Name(), js.FuncOf(func(this js.Value, args []js.Value) any {
		cmd, body := "", ""
		if len(args) > 0 {
			cmd = args[0].String()
		}
		if len(args) > 1 && args[1].Type() == js.TypeString {
			body = args[1].String()
		}
		promise := js.Global().Get("Promise")
		return promise.New(js.FuncOf(func(this js.Value, pa []js.Value) any {
			resolve := pa[0]
			go func() {
				status, out, elsewhere := call(context.Background(), s, cmd, []byte(body))
				res := js.Global().Get("Object").New()
				res.Set("status", status)
				res.Set("body", string(out))
				if elsewhere != "" {
					res.Set("elsewhere", elsewhere)
				}
				resolve.Invoke(res)
			}()
			return nil
		}))
	}))
	select {}
}
