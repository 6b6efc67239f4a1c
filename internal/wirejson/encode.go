package wirejson

import (
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/seed8ebe013a/go-mancala/mancala/wire"
)

// The Append functions append v's JSON text as wire's Handler writes it
// (encoding/json's encoder without HTML escaping: the json tags' names
// in the struct's order, omitempty members left out, nil slices and
// pointers as null, a line break at the end). Objects are written from
// tables of members ([enc.object]) rather than by a call per member: in
// WebAssembly each call site costs some hundred bytes.

// AppendGames appends a games answer.
func AppendGames(b []byte, v *wire.GamesResponse) []byte {
	e := enc{b}
	l := &v.Limits
	e.object([]member{
		{key: "games", kind: mFunc, fn: func(e *enc) {
			e.list(len(v.Games), v.Games == nil, func(i int) { e.gameInfo(&v.Games[i]) })
		}},
		{key: "agents", kind: mStrs, ss: v.Agents},
		{key: "limits", kind: mFunc, fn: func(e *enc) {
			e.object([]member{
				{key: "maxBody", kind: mInt, n: l.MaxBody},
				{key: "maxEvents", kind: mInt, n: int64(l.MaxEvents)},
				{key: "maxDepth", kind: mInt, n: int64(l.MaxDepth)},
				{key: "maxIterations", kind: mInt, n: int64(l.MaxIterations)},
				{key: "maxTimeMs", kind: mInt, n: l.MaxTimeMs},
				{key: "maxRecordMoves", kind: mInt, n: int64(l.MaxRecordMoves)},
			})
		}},
	})
	return append(e.b, '\n')
}

// AppendState appends a state answer.
func AppendState(b []byte, v *wire.State) []byte {
	e := enc{b}
	e.state(v)
	return append(e.b, '\n')
}

// AppendApply appends an apply answer.
func AppendApply(b []byte, v *wire.ApplyResponse) []byte {
	e := enc{b}
	e.object([]member{
		{key: "move", s: v.Move},
		{key: "after", kind: mFunc, fn: func(e *enc) { e.state(&v.After) }},
		{key: "events", kind: mFunc, fn: func(e *enc) {
			e.list(len(v.Events), v.Events == nil, func(i int) {
				ev := &v.Events[i]
				e.object([]member{
					{key: "kind", s: ev.Kind},
					{key: "from", s: ev.From},
					{key: "to", s: ev.To},
					{key: "count", kind: mInt, n: int64(ev.Count)},
					{key: "reason", kind: mStr | mOmit, s: ev.Reason},
				})
			})
		}},
		{key: "eventCount", kind: mInt, n: int64(v.EventCount)},
		{key: "truncated", kind: mBool, ok: v.Truncated},
		{key: "summary", s: v.Summary},
	})
	return append(e.b, '\n')
}

// AppendThink appends a think answer. A WinRate that is not a finite
// number is an error, as encoding/json refuses it.
func AppendThink(b []byte, v *wire.ThinkResponse) ([]byte, error) {
	value := member{key: "value", kind: mFunc | mOmit}
	if v.Value != nil {
		value.fn = func(e *enc) { e.int(int64(*v.Value)) }
	}
	winRate := member{key: "winRate", kind: mFunc | mOmit}
	if v.WinRate != nil {
		f := *v.WinRate
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return b, &unsupportedValue{strconv.FormatFloat(f, 'g', -1, 64)}
		}
		winRate.fn = func(e *enc) { e.float(f) }
	}
	e := enc{b}
	e.object([]member{
		{key: "move", s: v.Move},
		{key: "agent", s: v.Agent},
		value,
		{key: "outcome", kind: mStr | mOmit, s: v.Outcome},
		{key: "depth", kind: mInt | mOmit, n: int64(v.Depth)},
		{key: "nodes", kind: mInt | mOmit, n: v.Nodes},
		{key: "line", kind: mStrs | mOmit, ss: v.Line},
		{key: "visits", kind: mInt | mOmit, n: int64(v.Visits)},
		{key: "iterations", kind: mInt | mOmit, n: int64(v.Iterations)},
		winRate,
		{key: "elapsedMs", kind: mInt, n: v.ElapsedMs},
	})
	return append(e.b, '\n'), nil
}

// unsupportedValue is encoding/json's UnsupportedValueError for a float.
type unsupportedValue struct{ s string }

func (u *unsupportedValue) Error() string { return "json: unsupported value: " + u.s }

// AppendRecord appends a record answer.
func AppendRecord(b []byte, v *wire.RecordResponse) []byte {
	e := enc{b}
	e.object([]member{{key: "record", s: v.Record}, {key: "result", s: v.Result}, {key: "final", s: v.Final}})
	return append(e.b, '\n')
}

// AppendReplay appends a replay answer.
func AppendReplay(b []byte, v *wire.ReplayResponse) []byte {
	e := enc{b}
	e.object([]member{
		{key: "game", s: v.Game},
		{key: "rules", s: v.Rules},
		{key: "start", s: v.Start},
		{key: "moves", kind: mStrs, ss: v.Moves},
		{key: "positions", kind: mStrs, ss: v.Positions},
		{key: "result", s: v.Result},
		{key: "headers", kind: mFunc, fn: func(e *enc) {
			e.list(len(v.Headers), v.Headers == nil, func(i int) {
				e.object([]member{{key: "key", s: v.Headers[i].Key}, {key: "value", s: v.Headers[i].Value}})
			})
		}},
	})
	return append(e.b, '\n')
}

// AppendError appends an error answer: {"error": message, "code": code}.
func AppendError(b []byte, v *wire.Error) []byte {
	e := enc{b}
	e.object([]member{{key: "error", s: v.Message}, {key: "code", s: v.Code}})
	return append(e.b, '\n')
}

// The kinds of a member: what it holds, and mOmit for omitempty.
const (
	mStr  = iota // s
	mInt         // n
	mBool        // ok
	mStrs        // ss, null for nil
	mFunc        // fn writes the value; with mOmit, a nil fn leaves it out
	mOmit = 8
)

// member is one member of an object to write: its key, its kind and the
// value in the field of that kind.
type member struct {
	key  string
	kind uint8
	ok   bool
	s    string
	n    int64
	ss   []string
	fn   func(*enc)
}

// enc appends JSON text to b.
type enc struct{ b []byte }

// object writes the members, leaving out the empty omitempty ones.
func (e *enc) object(ms []member) {
	e.b = append(e.b, '{')
	first := true
	for i := range ms {
		m := &ms[i]
		if m.kind&mOmit != 0 {
			switch m.kind &^ mOmit {
			case mStr:
				if m.s == "" {
					continue
				}
			case mInt:
				if m.n == 0 {
					continue
				}
			case mStrs:
				if len(m.ss) == 0 {
					continue
				}
			case mFunc:
				if m.fn == nil {
					continue
				}
			}
		}
		if !first {
			e.b = append(e.b, ',')
		}
		first = false
		e.str(m.key)
		e.b = append(e.b, ':')
		switch m.kind &^ mOmit {
		case mStr:
			e.str(m.s)
		case mInt:
			e.int(m.n)
		case mBool:
			e.b = strconv.AppendBool(e.b, m.ok)
		case mStrs:
			e.strs(m.ss)
		case mFunc:
			m.fn(e)
		}
	}
	e.b = append(e.b, '}')
}

// list writes null when isNil, else an array of n items written by item.
func (e *enc) list(n int, isNil bool, item func(i int)) {
	if isNil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '[')
	for i := range n {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		item(i)
	}
	e.b = append(e.b, ']')
}

func (e *enc) int(n int64) { e.b = strconv.AppendInt(e.b, n, 10) }

func (e *enc) float(f float64) {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	e.b = strconv.AppendFloat(e.b, f, format, -1, 64)
	if n := len(e.b); format == 'e' && n >= 4 && e.b[n-4] == 'e' && e.b[n-3] == '-' && e.b[n-2] == '0' {
		e.b[n-2] = e.b[n-1] // e-09 as e-9
		e.b = e.b[:n-1]
	}
}

const hexDigits = "0123456789abcdef"

// str appends s as encoding/json quotes it without HTML escaping.
func (e *enc) str(s string) {
	e.b = append(e.b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf && c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		e.b = append(e.b, s[start:i]...)
		size := 1
		switch c {
		case '\\', '"':
			e.b = append(e.b, '\\', c)
		case '\b':
			e.b = append(e.b, '\\', 'b')
		case '\f':
			e.b = append(e.b, '\\', 'f')
		case '\n':
			e.b = append(e.b, '\\', 'n')
		case '\r':
			e.b = append(e.b, '\\', 'r')
		case '\t':
			e.b = append(e.b, '\\', 't')
		default:
			if c < utf8.RuneSelf {
				e.b = append(e.b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
				break
			}
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				e.b = append(e.b, `\ufffd`...)
			case r == '\u2028' || r == '\u2029':
				e.b = append(e.b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			default:
				e.b = append(e.b, s[i:i+size]...)
			}
		}
		i += size
		start = i
	}
	e.b = append(e.b, s[start:]...)
	e.b = append(e.b, '"')
}

// strs appends a list of strings, null for nil.
func (e *enc) strs(s []string) {
	e.list(len(s), s == nil, func(i int) { e.str(s[i]) })
}

// sides is the member key holding s, left out when s is nil.
func sides(key string, s *wire.Sides) member {
	m := member{key: key, kind: mFunc | mOmit}
	if s != nil {
		m.fn = func(e *enc) {
			e.object([]member{{key: "S", kind: mInt, n: int64(s.S)}, {key: "N", kind: mInt, n: int64(s.N)}})
		}
	}
	return m
}

func (e *enc) words(w *wire.Words) {
	e.object([]member{{key: "seed", s: w.Seed}, {key: "capture", s: w.Capture}, {key: "store", s: w.Store}, {key: "reserve", s: w.Reserve}})
}

// pitInfo is the members of a PitInfo.
func pitInfo(p *wire.PitInfo) []member {
	return []member{
		{key: "name", s: p.Name},
		{key: "index", kind: mInt, n: int64(p.Index)},
		{key: "row", kind: mInt, n: int64(p.Row)},
		{key: "file", kind: mInt, n: int64(p.File)},
		{key: "owner", s: p.Owner},
		{key: "inner", kind: mBool, ok: p.Inner},
	}
}

func (e *enc) layout(l *wire.Layout) {
	e.object([]member{
		{key: "rows", kind: mInt, n: int64(l.Rows)},
		{key: "files", kind: mInt, n: int64(l.Files)},
		{key: "pits", kind: mFunc, fn: func(e *enc) {
			e.list(len(l.Pits), l.Pits == nil, func(i int) { e.object(pitInfo(&l.Pits[i])) })
		}},
		{key: "sharedRing", kind: mBool, ok: l.SharedRing},
		{key: "direction", s: l.Direction},
		{key: "circuits", kind: mFunc, fn: func(e *enc) {
			e.object([]member{{key: "S", kind: mStrs, ss: l.Circuits.S}, {key: "N", kind: mStrs, ss: l.Circuits.N}})
		}},
		{key: "stores", kind: mStrs, ss: l.Stores},
		{key: "reserves", kind: mStrs, ss: l.Reserves},
	})
}

func (e *enc) gameInfo(g *wire.GameInfo) {
	e.object([]member{
		{key: "name", s: g.Name},
		{key: "title", s: g.Title},
		{key: "counter", s: g.Counter},
		{key: "words", kind: mFunc, fn: func(e *enc) { e.words(&g.Words) }},
		{key: "options", kind: mFunc, fn: func(e *enc) {
			e.list(len(g.Options), g.Options == nil, func(i int) {
				o := &g.Options[i]
				e.object([]member{
					{key: "name", s: o.Name},
					{key: "kind", s: o.Kind},
					{key: "values", kind: mStrs, ss: o.Values},
					{key: "min", kind: mInt, n: int64(o.Min)},
					{key: "max", kind: mInt, n: int64(o.Max)},
					{key: "default", s: o.Default},
					{key: "clause", s: o.Clause},
					{key: "doc", s: o.Doc},
				})
			})
		}},
		{key: "start", s: g.Start},
		{key: "layout", kind: mFunc, fn: func(e *enc) { e.layout(&g.Layout) }},
		{key: "levels", kind: mFunc, fn: func(e *enc) {
			e.list(len(g.Levels), g.Levels == nil, func(i int) {
				l := &g.Levels[i]
				e.object([]member{
					{key: "name", s: l.Name},
					{key: "rating", kind: mInt, n: int64(l.Rating)},
					{key: "agent", kind: mFunc, fn: func(e *enc) {
						e.object([]member{
							{key: "agent", s: l.Agent.Agent},
							{key: "depth", kind: mInt | mOmit, n: int64(l.Agent.Depth)},
							{key: "nodes", kind: mInt | mOmit, n: l.Agent.Nodes},
							{key: "iterations", kind: mInt | mOmit, n: int64(l.Agent.Iterations)},
							{key: "timeMs", kind: mInt | mOmit, n: l.Agent.TimeMs},
						})
					}},
				})
			})
		}},
	})
}

func (e *enc) state(s *wire.State) {
	opening := member{key: "opening", kind: mFunc | mOmit}
	if o := s.Opening; o != nil {
		opening.fn = func(e *enc) {
			e.object([]member{
				{key: "step", s: o.Step},
				{key: "hand", kind: mInt, n: int64(o.Hand)},
				{key: "lifted", kind: mStrs, ss: o.Lifted},
				{key: "dropFrom", s: o.DropFrom},
				{key: "pits", kind: mStrs, ss: o.Pits},
				{key: "canStop", kind: mBool, ok: o.CanStop},
			})
		}
	}
	e.object([]member{
		{key: "game", s: s.Game},
		{key: "title", s: s.Title},
		{key: "rules", s: s.Rules},
		{key: "position", s: s.Position},
		{key: "toMove", s: s.ToMove},
		{key: "turn", kind: mInt, n: int64(s.Turn)},
		{key: "layout", kind: mFunc, fn: func(e *enc) { e.layout(&s.Layout) }},
		{key: "pits", kind: mFunc, fn: func(e *enc) {
			e.list(len(s.Pits), s.Pits == nil, func(i int) {
				p := &s.Pits[i]
				e.object(append(pitInfo(&p.PitInfo), member{key: "seeds", kind: mInt, n: int64(p.Seeds)}, member{key: "nki", kind: mBool, ok: p.Nki}))
			})
		}},
		sides("stores", s.Stores),
		sides("reserves", s.Reserves),
		{key: "hand", kind: mInt, n: int64(s.Hand)},
		{key: "total", kind: mInt, n: int64(s.Total)},
		{key: "phase", kind: mInt | mOmit, n: int64(s.Phase)},
		opening,
		{key: "legal", kind: mStrs, ss: s.Legal},
		{key: "moves", kind: mFunc, fn: func(e *enc) {
			e.list(len(s.Moves), s.Moves == nil, func(i int) {
				m := &s.Moves[i]
				e.object([]member{
					{key: "text", s: m.Text},
					{key: "kind", s: m.Kind},
					{key: "pit", s: m.Pit},
					{key: "index", kind: mInt, n: int64(m.Index)},
					{key: "count", kind: mInt, n: int64(m.Count)},
				})
			})
		}},
		{key: "outcome", kind: mFunc, fn: func(e *enc) {
			o := &s.Outcome
			e.object([]member{
				{key: "status", s: o.Status},
				{key: "winner", kind: mStr | mOmit, s: o.Winner},
				{key: "reason", kind: mStr | mOmit, s: o.Reason},
				{key: "result", s: o.Result},
				sides("score", o.Score),
				{key: "text", kind: mStr | mOmit, s: o.Text},
			})
		}},
		{key: "diagram", s: s.Diagram},
		{key: "words", kind: mFunc, fn: func(e *enc) { e.words(&s.Words) }},
	})
}
