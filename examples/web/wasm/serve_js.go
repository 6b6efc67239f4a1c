//go:build js && wasm

package main

import (
	"context"
	"syscall/js"
)

// serve registers mancalaCall and keeps the program alive: each call runs
// in its own goroutine and settles the promise it returned.
func serve() {
	s, err := newService()
	if err != nil {
		js.Global().Get("console").Call("error", "mancala wasm: "+err.Error())
		return
	}
	js.Global().Set("mancalaCall", js.FuncOf(func(this js.Value, args []js.Value) any {
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
				status, out := call(context.Background(), s, cmd, []byte(body))
				res := js.Global().Get("Object").New()
				res.Set("status", status)
				res.Set("body", string(out))
				resolve.Invoke(res)
			}()
			return nil
		}))
	}))
	select {}
}
