package wirejson

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/seed8ebe013a/go-mancala/internal/games/gameswire"
	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// stdJSON is v's JSON text as wire's Handler writes it.
func stdJSON(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// strs are strings that exercise every branch of the quoting.
var strs = []string{"", "a1", "kisolo", `"quoted"`, `back\slash`, "<b>&amp;</b>", "tab\there", "line\nbreak",
	"\r\b\f\x00\x01\x1f\x7f", "é ü 中文 🙂", "\u2028\u2029", "bad \xff\xfe utf8", "\xed\xa0\x80", "Bonus:Run",
	"South wins: North's inner row is empty", "a\u00a0b", "\xc3"}

// fill sets v (addressable) to random contents: every string from strs,
// numbers of every size, nil and empty slices, nil and set pointers.
func fill(r *rand.Rand, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(strs[r.IntN(len(strs))])
	case reflect.Int, reflect.Int64:
		switch r.IntN(4) {
		case 0:
			v.SetInt(0)
		case 1:
			v.SetInt(r.Int64N(100) - 50)
		case 2:
			v.SetInt(r.Int64())
		default:
			v.SetInt(math.MinInt64 + r.Int64N(3))
		}
	case reflect.Uint64:
		v.SetUint(r.Uint64() >> r.IntN(64))
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Float64:
		fs := []float64{0, 0.5, 1, 1.0 / 3, 1e-7, 123456789e-15, 1e21, 2.5e22, -0.25, 0.999999, 1e-6}
		v.SetFloat(fs[r.IntN(len(fs))])
	case reflect.Pointer:
		if r.IntN(2) == 0 {
			v.SetZero()
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(r, p.Elem())
		v.Set(p)
	case reflect.Slice:
		switch n := r.IntN(5); n {
		case 0:
			v.SetZero()
		default:
			s := reflect.MakeSlice(v.Type(), n-1, n-1)
			for i := range n - 1 {
				fill(r, s.Index(i))
			}
			v.Set(s)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i))
			}
		}
	default:
		panic("fill: " + v.Kind().String())
	}
}

// TestAppendRandom: every Append function writes encoding/json's bytes
// for random values of its type.
func TestAppendRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 400 {
		var g wire.GamesResponse
		fill(r, reflect.ValueOf(&g).Elem())
		check(t, &g, string(AppendGames(nil, &g)))
		var s wire.State
		fill(r, reflect.ValueOf(&s).Elem())
		check(t, &s, string(AppendState(nil, &s)))
		var a wire.ApplyResponse
		fill(r, reflect.ValueOf(&a).Elem())
		check(t, &a, string(AppendApply(nil, &a)))
		var th wire.ThinkResponse
		fill(r, reflect.ValueOf(&th).Elem())
		out, err := AppendThink(nil, &th)
		if err != nil {
			t.Fatal(err)
		}
		check(t, &th, string(out))
		var rec wire.RecordResponse
		fill(r, reflect.ValueOf(&rec).Elem())
		check(t, &rec, string(AppendRecord(nil, &rec)))
		var rep wire.ReplayResponse
		fill(r, reflect.ValueOf(&rep).Elem())
		check(t, &rep, string(AppendReplay(nil, &rep)))
		e := wire.Error{Message: strs[r.IntN(len(strs))], Code: wire.CodeSyntax}
		check(t, &e, string(AppendError(nil, &e)))
	}
}

func check(t *testing.T, v any, got string) {
	t.Helper()
	if want := stdJSON(t, v); got != want {
		t.Fatalf("%T:\n got %s\nwant %s", v, got, want)
	}
}

// TestAppendThinkNaN: a win rate that is not a number is refused with
// encoding/json's error.
func TestAppendThinkNaN(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		v := wire.ThinkResponse{Move: "a1", WinRate: &f}
		_, want := json.Marshal(v)
		_, err := AppendThink(nil, &v)
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%v: got %v, want %v", f, err, want)
		}
	}
}

// TestServiceAnswers: over random games of every game, the service's
// answers (games, state, apply, think, record, replay) are written as
// encoding/json writes them.
func TestServiceAnswers(t *testing.T) {
	s, err := gameswire.NewService(wire.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	g := s.Games()
	check(t, &g, string(AppendGames(nil, &g)))
	r := rand.New(rand.NewPCG(3, 4))
	for _, info := range g.Games {
		for game := range 4 {
			st, err := s.State(wire.StateRequest{Game: info.Name})
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for ply := 0; ply < 300 && len(st.Legal) > 0; ply++ {
				check(t, &st, string(AppendState(nil, &st)))
				if ply%25 == game {
					th, err := s.Think(context.Background(), wire.ThinkRequest{Position: st.Position, Agent: []string{"alphabeta", "mcts", "random"}[ply%3], Depth: 2, Iterations: 50})
					if err != nil {
						t.Fatal(err)
					}
					out, err := AppendThink(nil, &th)
					if err != nil {
						t.Fatal(err)
					}
					check(t, &th, string(out))
				}
				mv := st.Legal[r.IntN(len(st.Legal))]
				a, err := s.Apply(wire.ApplyRequest{Position: st.Position, Move: mv})
				if err != nil {
					t.Fatal(err)
				}
				check(t, &a, string(AppendApply(nil, &a)))
				moves = append(moves, a.Move)
				st = a.After
			}
			check(t, &st, string(AppendState(nil, &st)))
			rec, err := s.Record(wire.RecordRequest{Game: info.Name, Moves: moves, South: "Ann \"A\"", Date: "2026-12-07"})
			if err != nil {
				t.Fatal(err)
			}
			check(t, &rec, string(AppendRecord(nil, &rec)))
			rep, err := s.Replay(wire.ReplayRequest{Record: rec.Record})
			if err != nil {
				t.Fatal(err)
			}
			check(t, &rep, string(AppendReplay(nil, &rep)))
		}
	}
}

// decoders are the package's decoders with wire's for the same type.
var decoders = []struct {
	name string
	ours func([]byte) (any, error)
	std  func([]byte) (any, error)
}{
	{"state", func(b []byte) (any, error) { var r wire.StateRequest; err := DecodeState(b, &r); return r, err },
		func(b []byte) (any, error) { var r wire.StateRequest; err := wire.DecodeRequest(b, &r); return r, err }},
	{"apply", func(b []byte) (any, error) { var r wire.ApplyRequest; err := DecodeApply(b, &r); return r, err },
		func(b []byte) (any, error) { var r wire.ApplyRequest; err := wire.DecodeRequest(b, &r); return r, err }},
	{"think", func(b []byte) (any, error) { var r wire.ThinkRequest; err := DecodeThink(b, &r); return r, err },
		func(b []byte) (any, error) { var r wire.ThinkRequest; err := wire.DecodeRequest(b, &r); return r, err }},
	{"record", func(b []byte) (any, error) { var r wire.RecordRequest; err := DecodeRecord(b, &r); return r, err },
		func(b []byte) (any, error) { var r wire.RecordRequest; err := wire.DecodeRequest(b, &r); return r, err }},
	{"replay", func(b []byte) (any, error) { var r wire.ReplayRequest; err := DecodeReplay(b, &r); return r, err },
		func(b []byte) (any, error) { var r wire.ReplayRequest; err := wire.DecodeRequest(b, &r); return r, err }},
}

// compareDecode checks that every decoder reads data as wire does: the
// same request, or the same error (code and message).
func compareDecode(t *testing.T, data []byte) {
	t.Helper()
	for _, d := range decoders {
		got, gerr := d.ours(data)
		want, werr := d.std(data)
		if (gerr == nil) != (werr == nil) {
			t.Fatalf("%s %q: got error %v, want %v", d.name, data, gerr, werr)
		}
		if werr != nil {
			var ge, we *wire.Error
			if !errors.As(gerr, &ge) || !errors.As(werr, &we) || *ge != *we {
				t.Fatalf("%s %q:\n got %#v\nwant %#v", d.name, data, gerr, werr)
			}
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%s %q (-want +got):\n%s", d.name, data, diff)
		}
	}
}

// seeds are requests good and bad for the decoders' tests.
var seeds = []string{
	``, ` `, `{}`, `null`, ` null `, `null x`, `nul`, `[]`, `[1]`, `1`, `12 `, `"x"`, `true`, `{} {}`, `{} x`, `{}}`, `{} 5`, `{} [`,
	`{"game":"kisolo"}`, `{"game":"kisolo","rules":"Bonus:Run"}`, `{"Game":"kisolo"}`, `{"GAME":"kisolo"}`,
	`{"game":"kisolo","game":"kiothi"}`, `{"game":"kisolo","Game":"kiothi"}`, `{"nope":1}`, `{"nope":{"a":[1,{"b":2}]},"game":1}`,
	`{"game":1}`, `{"game":true}`, `{"game":null}`, `{"game":[]}`, `{"game":{}}`, `{"game":"\u00e9\ud83d\ude00\ud800x\\\/\"\b\f\n\r\t"}`,
	`{"position":"kisolo 3,3","move":"xb1","moves":["a1",null,"b2"],"start":"s"}`, `{"moves":null}`, `{"moves":[]}`, `{"moves":"a1"}`,
	`{"moves":[1,"a"]}`, `{"moves":[[1]]}`, `{"depth":3,"nodes":800000,"iterations":-5,"seed":18446744073709551615,"timeMs":1}`,
	`{"depth":1.5}`, `{"depth":1e2}`, `{"depth":"3"}`, `{"depth":-0}`, `{"depth":99999999999999999999}`, `{"seed":-1}`, `{"seed":1.0}`,
	`{"nodes":null,"depth":true}`, `{"depth":[1],"game":2}`, `{"record":"[Game \"kisolo\"]\n\nxb1\n"}`, `{"record":"x"`, `{"record":`,
	`{"record"}`, `{"record":"x",}`, `{,}`, `{"a\u0000":1}`, "{\"game\":\"\xff\"}", "{\"game\":\"a\x01\"}", `{"ſtart":"x"}`, `{"K":1}`,
	`{"south":"a","north":"b","date":"2026-12-07"}`, "\t{\"game\" : \"kisolo\" }\n", `{"game":"x"} null`, `{"depth":01}`, `{"depth":-}`,
	`{"game":"` + strings.Repeat("long", 30) + `","game":"x"}`, `{"` + strings.Repeat("Long", 30) + `":1}`, `[[[[[[[]]]]]]]`,
	strings.Repeat("[", 10001), `{"game":"kisolo"}` + strings.Repeat(" ", 600) + `x`, `{"moves":["a" "b"]}`, `{"moves":["a",]}`,
	`{"depth":tru}`, `{"depth":nulL}`, `{"game":"\u12"}`, `{"game":"\x"}`, `{"depth":1}{"depth":2}`, "\ufeff{}",
}

// TestDecodeSeeds: the decoders read each seed request as wire does.
func TestDecodeSeeds(t *testing.T) {
	for _, s := range seeds {
		compareDecode(t, []byte(s))
	}
}

// TestDecodeRandom: the decoders read random requests as wire does:
// requests encoded from random values, then with random edits (a byte
// changed, dropped, doubled or inserted; a member's name in other case;
// the text cut short). 20,000 requests, 2,000 under -short.
func TestDecodeRandom(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 2000
	}
	r := rand.New(rand.NewPCG(5, 6))
	reqs := []any{&wire.StateRequest{}, &wire.ApplyRequest{}, &wire.ThinkRequest{}, &wire.RecordRequest{}, &wire.ReplayRequest{}}
	alphabet := []byte(`{}[]:,"\ 0123456789-+.eEtrufalsn` + "\t\n\xff\u00e9x")
	for range n {
		v := reqs[r.IntN(len(reqs))]
		fill(r, reflect.ValueOf(v).Elem())
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		compareDecode(t, b)
		for range r.IntN(3) + 1 {
			if len(b) == 0 {
				break
			}
			i := r.IntN(len(b))
			switch r.IntN(6) {
			case 0:
				b[i] = alphabet[r.IntN(len(alphabet))]
			case 1:
				b = append(b[:i:i], b[i+1:]...)
			case 2:
				b = append(b[:i+1:i+1], b[i:]...)
			case 3:
				b = append(b[:i:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
			case 4:
				b = bytes.Replace(b, []byte(`"`+[]string{"game", "moves", "depth", "record", "seed"}[r.IntN(5)]+`"`), []byte(`"`+[]string{"Game", "MOVES", "dEpth", "Record", "seeD"}[r.IntN(5)]+`"`), 1)
			default:
				b = b[:i]
			}
			compareDecode(t, b)
		}
	}
}

// FuzzDecode: the decoders read any text as wire does.
func FuzzDecode(f *testing.F) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { compareDecode(t, data) })
}
