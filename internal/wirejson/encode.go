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
// pointers as null, a line break at the end).

// AppendGames appends a games answer.
func AppendGames(b []byte, v *wire.GamesResponse) []byte {
	e := enc{b}
	e.raw(`{"games":`)
	if v.Games == nil {
		e.raw("null")
	} else {
		e.raw("[")
		for i := range v.Games {
			if i > 0 {
				e.raw(",")
			}
			e.gameInfo(&v.Games[i])
		}
		e.raw("]")
	}
	e.raw(`,"agents":`)
	e.strs(v.Agents)
	l := &v.Limits
	e.raw(`,"limits":{"maxBody":`)
	e.int(l.MaxBody)
	e.raw(`,"maxEvents":`)
	e.int(int64(l.MaxEvents))
	e.raw(`,"maxDepth":`)
	e.int(int64(l.MaxDepth))
	e.raw(`,"maxIterations":`)
	e.int(int64(l.MaxIterations))
	e.raw(`,"maxTimeMs":`)
	e.int(l.MaxTimeMs)
	e.raw(`,"maxRecordMoves":`)
	e.int(int64(l.MaxRecordMoves))
	e.raw("}}\n")
	return e.b
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
	e.raw(`{"move":`)
	e.str(v.Move)
	e.raw(`,"after":`)
	e.state(&v.After)
	e.raw(`,"events":`)
	if v.Events == nil {
		e.raw("null")
	} else {
		e.raw("[")
		for i, ev := range v.Events {
			if i > 0 {
				e.raw(",")
			}
			e.raw(`{"kind":`)
			e.str(ev.Kind)
			e.raw(`,"from":`)
			e.str(ev.From)
			e.raw(`,"to":`)
			e.str(ev.To)
			e.raw(`,"count":`)
			e.int(int64(ev.Count))
			if ev.Reason != "" {
				e.raw(`,"reason":`)
				e.str(ev.Reason)
			}
			e.raw("}")
		}
		e.raw("]")
	}
	e.raw(`,"eventCount":`)
	e.int(int64(v.EventCount))
	e.raw(`,"truncated":`)
	e.bool(v.Truncated)
	e.raw(`,"summary":`)
	e.str(v.Summary)
	e.raw("}\n")
	return e.b
}

// AppendThink appends a think answer. A WinRate that is not a finite
// number is an error, as encoding/json refuses it.
func AppendThink(b []byte, v *wire.ThinkResponse) ([]byte, error) {
	e := enc{b}
	e.raw(`{"move":`)
	e.str(v.Move)
	e.raw(`,"agent":`)
	e.str(v.Agent)
	if v.Value != nil {
		e.raw(`,"value":`)
		e.int(int64(*v.Value))
	}
	if v.Outcome != "" {
		e.raw(`,"outcome":`)
		e.str(v.Outcome)
	}
	if v.Depth != 0 {
		e.raw(`,"depth":`)
		e.int(int64(v.Depth))
	}
	if v.Nodes != 0 {
		e.raw(`,"nodes":`)
		e.int(v.Nodes)
	}
	if len(v.Line) > 0 {
		e.raw(`,"line":`)
		e.strs(v.Line)
	}
	if v.Visits != 0 {
		e.raw(`,"visits":`)
		e.int(int64(v.Visits))
	}
	if v.Iterations != 0 {
		e.raw(`,"iterations":`)
		e.int(int64(v.Iterations))
	}
	if v.WinRate != nil {
		f := *v.WinRate
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return b, &unsupportedValue{strconv.FormatFloat(f, 'g', -1, 64)}
		}
		e.raw(`,"winRate":`)
		e.float(f)
	}
	e.raw(`,"elapsedMs":`)
	e.int(v.ElapsedMs)
	e.raw("}\n")
	return e.b, nil
}

// unsupportedValue is encoding/json's UnsupportedValueError for a float.
type unsupportedValue struct{ s string }

func (u *unsupportedValue) Error() string { return "json: unsupported value: " + u.s }

// AppendRecord appends a record answer.
func AppendRecord(b []byte, v *wire.RecordResponse) []byte {
	e := enc{b}
	e.raw(`{"record":`)
	e.str(v.Record)
	e.raw(`,"result":`)
	e.str(v.Result)
	e.raw(`,"final":`)
	e.str(v.Final)
	e.raw("}\n")
	return e.b
}

// AppendReplay appends a replay answer.
func AppendReplay(b []byte, v *wire.ReplayResponse) []byte {
	e := enc{b}
	e.raw(`{"game":`)
	e.str(v.Game)
	e.raw(`,"rules":`)
	e.str(v.Rules)
	e.raw(`,"start":`)
	e.str(v.Start)
	e.raw(`,"moves":`)
	e.strs(v.Moves)
	e.raw(`,"positions":`)
	e.strs(v.Positions)
	e.raw(`,"result":`)
	e.str(v.Result)
	e.raw(`,"headers":`)
	if v.Headers == nil {
		e.raw("null")
	} else {
		e.raw("[")
		for i, h := range v.Headers {
			if i > 0 {
				e.raw(",")
			}
			e.raw(`{"key":`)
			e.str(h.Key)
			e.raw(`,"value":`)
			e.str(h.Value)
			e.raw("}")
		}
		e.raw("]")
	}
	e.raw("}\n")
	return e.b
}

// AppendError appends an error answer: {"error": message, "code": code}.
func AppendError(b []byte, v *wire.Error) []byte {
	e := enc{b}
	e.raw(`{"error":`)
	e.str(v.Message)
	e.raw(`,"code":`)
	e.str(v.Code)
	e.raw("}\n")
	return e.b
}

// enc appends JSON text to b.
type enc struct{ b []byte }

func (e *enc) raw(s string) { e.b = append(e.b, s...) }
func (e *enc) int(n int64)  { e.b = strconv.AppendInt(e.b, n, 10) }
func (e *enc) bool(ok bool) { e.b = strconv.AppendBool(e.b, ok) }
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
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			e.b = append(e.b, s[start:i]...)
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
				e.b = append(e.b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			e.b = append(e.b, s[start:i]...)
			e.raw(`\ufffd`)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			e.b = append(e.b, s[start:i]...)
			e.raw(`\u202`)
			e.b = append(e.b, hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	e.b = append(e.b, s[start:]...)
	e.b = append(e.b, '"')
}

// strs appends a list of strings, null for nil.
func (e *enc) strs(s []string) {
	if s == nil {
		e.raw("null")
		return
	}
	e.raw("[")
	for i, x := range s {
		if i > 0 {
			e.raw(",")
		}
		e.str(x)
	}
	e.raw("]")
}

func (e *enc) sides(s *wire.Sides) {
	e.raw(`{"S":`)
	e.int(int64(s.S))
	e.raw(`,"N":`)
	e.int(int64(s.N))
	e.raw("}")
}

func (e *enc) words(w *wire.Words) {
	e.raw(`{"seed":`)
	e.str(w.Seed)
	e.raw(`,"capture":`)
	e.str(w.Capture)
	e.raw(`,"store":`)
	e.str(w.Store)
	e.raw(`,"reserve":`)
	e.str(w.Reserve)
	e.raw("}")
}

// pitInfo appends the members of a PitInfo, without braces.
func (e *enc) pitInfo(p *wire.PitInfo) {
	e.raw(`"name":`)
	e.str(p.Name)
	e.raw(`,"index":`)
	e.int(int64(p.Index))
	e.raw(`,"row":`)
	e.int(int64(p.Row))
	e.raw(`,"file":`)
	e.int(int64(p.File))
	e.raw(`,"owner":`)
	e.str(p.Owner)
	e.raw(`,"inner":`)
	e.bool(p.Inner)
}

func (e *enc) layout(l *wire.Layout) {
	e.raw(`{"rows":`)
	e.int(int64(l.Rows))
	e.raw(`,"files":`)
	e.int(int64(l.Files))
	e.raw(`,"pits":`)
	if l.Pits == nil {
		e.raw("null")
	} else {
		e.raw("[")
		for i := range l.Pits {
			if i > 0 {
				e.raw(",")
			}
			e.raw("{")
			e.pitInfo(&l.Pits[i])
			e.raw("}")
		}
		e.raw("]")
	}
	e.raw(`,"sharedRing":`)
	e.bool(l.SharedRing)
	e.raw(`,"direction":`)
	e.str(l.Direction)
	e.raw(`,"circuits":{"S":`)
	e.strs(l.Circuits.S)
	e.raw(`,"N":`)
	e.strs(l.Circuits.N)
	e.raw(`},"stores":`)
	e.strs(l.Stores)
	e.raw(`,"reserves":`)
	e.strs(l.Reserves)
	e.raw("}")
}

func (e *enc) gameInfo(g *wire.GameInfo) {
	e.raw(`{"name":`)
	e.str(g.Name)
	e.raw(`,"title":`)
	e.str(g.Title)
	e.raw(`,"counter":`)
	e.str(g.Counter)
	e.raw(`,"words":`)
	e.words(&g.Words)
	e.raw(`,"options":`)
	if g.Options == nil {
		e.raw("null")
	} else {
		e.raw("[")
		for i, o := range g.Options {
			if i > 0 {
				e.raw(",")
			}
			e.raw(`{"name":`)
			e.str(o.Name)
			e.raw(`,"kind":`)
			e.str(o.Kind)
			e.raw(`,"values":`)
			e.strs(o.Values)
			e.raw(`,"min":`)
			e.int(int64(o.Min))
			e.raw(`,"max":`)
			e.int(int64(o.Max))
			e.raw(`,"default":`)
			e.str(o.Default)
			e.raw(`,"clause":`)
			e.str(o.Clause)
			e.raw(`,"doc":`)
			e.str(o.Doc)
			e.raw("}")
		}
		e.raw("]")
	}
	e.raw(`,"start":`)
	e.str(g.Start)
	e.raw(`,"layout":`)
	e.layout(&g.Layout)
	e.raw(`,"levels":`)
	if g.Levels == nil {
		e.raw("null")
	} else {
		e.raw("[")
		for i, l := range g.Levels {
			if i > 0 {
				e.raw(",")
			}
			e.raw(`{"name":`)
			e.str(l.Name)
			e.raw(`,"rating":`)
			e.int(int64(l.Rating))
			e.raw(`,"agent":{"agent":`)
			e.str(l.Agent.Agent)
			if l.Agent.Depth != 0 {
				e.raw(`,"depth":`)
				e.int(int64(l.Agent.Depth))
			}
			if l.Agent.Nodes != 0 {
				e.raw(`,"nodes":`)
				e.int(l.Agent.Nodes)
			}
			if l.Agent.Iterations != 0 {
				e.raw(`,"iterations":`)
				e.int(int64(l.Agent.Iterations))
			}
			if l.Agent.TimeMs != 0 {
				e.raw(`,"timeMs":`)
				e.int(l.Agent.TimeMs)
			}
			e.raw("}}")
		}
		e.raw("]")
	}
	e.raw("}")
}

func (e *enc) state(s *wire.State) {
	e.raw(`{"game":`)
	e.str(s.Game)
	e.raw(`,"title":`)
	e.str(s.Title)
	e.raw(`,"rules":`)
	e.str(s.Rules)
	e.raw(`,"position":`)
	e.str(s.Position)
	e.raw(`,"toMove":`)
	e.str(s.ToMove)
	e.raw(`,"turn":`)
	e.int(int64(s.Turn))
	e.raw(`,"layout":`)
	e.layout(&s.Layout)
	e.raw(`,"pits":`)
	if s.Pits == nil {
		e.raw("null")
	} else {
		e.raw("[")
		for i := range s.Pits {
			if i > 0 {
				e.raw(",")
			}
			p := &s.Pits[i]
			e.raw("{")
			e.pitInfo(&p.PitInfo)
			e.raw(`,"seeds":`)
			e.int(int64(p.Seeds))
			e.raw(`,"nki":`)
			e.bool(p.Nki)
			e.raw("}")
		}
		e.raw("]")
	}
	if s.Stores != nil {
		e.raw(`,"stores":`)
		e.sides(s.Stores)
	}
	if s.Reserves != nil {
		e.raw(`,"reserves":`)
		e.sides(s.Reserves)
	}
	e.raw(`,"hand":`)
	e.int(int64(s.Hand))
	e.raw(`,"total":`)
	e.int(int64(s.Total))
	if s.Phase != 0 {
		e.raw(`,"phase":`)
		e.int(int64(s.Phase))
	}
	if o := s.Opening; o != nil {
		e.raw(`,"opening":{"step":`)
		e.str(o.Step)
		e.raw(`,"hand":`)
		e.int(int64(o.Hand))
		e.raw(`,"lifted":`)
		e.strs(o.Lifted)
		e.raw(`,"dropFrom":`)
		e.str(o.DropFrom)
		e.raw(`,"pits":`)
		e.strs(o.Pits)
		e.raw(`,"canStop":`)
		e.bool(o.CanStop)
		e.raw("}")
	}
	e.raw(`,"legal":`)
	e.strs(s.Legal)
	e.raw(`,"moves":`)
	if s.Moves == nil {
		e.raw("null")
	} else {
		e.raw("[")
		for i, m := range s.Moves {
			if i > 0 {
				e.raw(",")
			}
			e.raw(`{"text":`)
			e.str(m.Text)
			e.raw(`,"kind":`)
			e.str(m.Kind)
			e.raw(`,"pit":`)
			e.str(m.Pit)
			e.raw(`,"index":`)
			e.int(int64(m.Index))
			e.raw(`,"count":`)
			e.int(int64(m.Count))
			e.raw("}")
		}
		e.raw("]")
	}
	o := &s.Outcome
	e.raw(`,"outcome":{"status":`)
	e.str(o.Status)
	if o.Winner != "" {
		e.raw(`,"winner":`)
		e.str(o.Winner)
	}
	if o.Reason != "" {
		e.raw(`,"reason":`)
		e.str(o.Reason)
	}
	e.raw(`,"result":`)
	e.str(o.Result)
	if o.Score != nil {
		e.raw(`,"score":`)
		e.sides(o.Score)
	}
	if o.Text != "" {
		e.raw(`,"text":`)
		e.str(o.Text)
	}
	e.raw(`},"diagram":`)
	e.str(s.Diagram)
	e.raw(`,"words":`)
	e.words(&s.Words)
	e.raw("}")
}
