//go:build !(js && wasm)

package wire_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/seed8ebe013a/go-mancala/kimasai"
	"github.com/seed8ebe013a/go-mancala/kiothi"
	"github.com/seed8ebe013a/go-mancala/kisolo"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// The line protocol over any reader and writer: one response line per
// request line, in order, the id echoed.
func ExampleService_ServeLines() {
	svc, err := wire.NewService(wire.Limits{}, wire.NewGame(&kisolo.Descriptor), wire.NewGame(&kiothi.Descriptor), wire.NewGame(&kimasai.Descriptor))
	if err != nil {
		panic(err)
	}
	in := strings.NewReader(`{"id":1,"cmd":"record","game":"kisolo","moves":["xb1","xc6"]}
{"id":"two","cmd":"state","game":"kisolo","rules":"Columns:5"}
{"id":3,"cmd":"apply","position":"` + kisolo.Start().String() + `","move":"b3"}
`)
	if err := svc.ServeLines(context.Background(), in, os.Stdout, wire.LineOptions{}); err != nil {
		panic(err)
	}
	// Output:
	// {"id":1,"ok":true,"record":"[Game \"kisolo\"]\n[Result \"*\"]\n\nxb1 xc6\n","result":"*","final":"kisolo 0,4,1,4,1,4,4/0,3,0,3,0,4,4/7,6,6,6,0,0,6/7,0,7,0,6,0,1 S turn=2"}
	// {"id":"two","ok":false,"error":"kisolo: bad rules: \"Columns:5\": Columns must be 6, 7 or 8 (0 means 7); got \"5\"","code":"syntax"}
	// {"id":3,"ok":false,"error":"kisolo: illegal move b3: a capture is compulsory (KS-6)","code":"illegal"}
}

// Service.Call answers as the HTTP handler does, for a transport that is
// neither HTTP nor lines (a WebAssembly worker's messages).
func ExampleService_Call() {
	svc, err := wire.NewService(wire.Limits{}, wire.NewGame(&kisolo.Descriptor))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	answer, err := svc.Call(ctx, "apply", []byte(`{"position":"`+kisolo.Start().String()+`","move":"xb3"}`))
	if err != nil {
		panic(err)
	}
	var r wire.ApplyResponse
	if err := json.Unmarshal(answer, &r); err != nil {
		panic(err)
	}
	fmt.Println(r.After.Position, r.After.ToMove)
	_, err = svc.Call(ctx, "state", []byte(`{"game":"oware"}`))
	var we *wire.Error
	if errors.As(err, &we) {
		fmt.Println(we.Status(), we.Code, we.Message)
	}
	// Output:
	// kisolo 0,3,0,0,3,0,0/0,3,0,0,3,0,0/8,8,8,7,7,7,0/0,7,1,3,7,2,7 N turn=1 N
	// 400 bad_request wire: unknown game "oware" (want kisolo)
}
