package notation

import (
	"errors"
	"strconv"
	"strings"

	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Options is the table of a game's rule options: one row ([Opt]) per field
// of the game's comparable Rules struct R. From the table alone it writes
// and reads the rules= field, normalises and range-checks a rule set and
// describes the options to front ends, so that a new option is one field
// of R and one row here (plus the rule code that reads it). Build it once,
// at package initialisation; it is then read-only and safe for concurrent
// use.
type Options[R comparable] struct {
	game string
	opts []Opt[R] // sorted by name: the order of the rules= field
}

// Opt is one row of an [Options] table. Build rows with [Enum], [Bool] and
// [Int].
type Opt[R any] struct {
	name   string
	clause string
	doc    string
	kind   mancala.OptionKind
	values []string // enum names by value; bool "false", "true"
	min    int      // Int: the smallest value other than 0
	max    int      // Int: the largest value
	def    int      // Int: what 0 means
	get    func(*R) int
	set    func(*R, int)
	label  func(int) string // Enum: the type's String of a value
}

// Enum is a row for an enum field (a ~uint8 type whose zero value is the
// default): its rules= values are names, indexed by value; a value without
// a name prints as its type's String does ("WinRule(9)").
func Enum[R any, E interface {
	~uint8
	String() string
}](name, clause, doc string, names []string, field func(*R) *E) Opt[R] {
	return Opt[R]{name: name, clause: clause, doc: doc, kind: mancala.EnumOption, values: names,
		get:   func(r *R) int { return int(*field(r)) },
		set:   func(r *R, v int) { *field(r) = E(v) },
		label: func(v int) string { return E(v).String() }}
}

// Bool is a row for a bool field, false by default, written "true" or
// "false".
func Bool[R any](name, clause, doc string, field func(*R) *bool) Opt[R] {
	return Opt[R]{name: name, clause: clause, doc: doc, kind: mancala.BoolOption, values: []string{"false", "true"},
		get: func(r *R) int {
			if *field(r) {
				return 1
			}
			return 0
		},
		set: func(r *R, v int) { *field(r) = v != 0 }}
}

// Int is a row for an int field whose valid values are 0 (meaning def, the
// default) and min..max; def itself is normalised to 0.
func Int[R any](name, clause, doc string, min, max, def int, field func(*R) *int) Opt[R] {
	return Opt[R]{name: name, clause: clause, doc: doc, kind: mancala.IntOption, min: min, max: max, def: def,
		get: func(r *R) int { return *field(r) },
		set: func(r *R, v int) { *field(r) = v }}
}

// NewOptions returns the table of game's options. It panics on a repeated
// name or an Int row whose default is outside min..max: a programmer error
// in package set-up.
func NewOptions[R comparable](game string, rows ...Opt[R]) *Options[R] {
	t := &Options[R]{game: game, opts: append([]Opt[R](nil), rows...)}
	for i := 1; i < len(t.opts); i++ {
		for j := i; j > 0 && t.opts[j].name < t.opts[j-1].name; j-- {
			t.opts[j], t.opts[j-1] = t.opts[j-1], t.opts[j]
		}
	}
	for i, o := range t.opts {
		if i > 0 && t.opts[i-1].name == o.name {
			panic("notation: " + game + ": option " + o.name + " listed twice")
		}
		if o.kind == mancala.IntOption && (o.def < o.min || o.def > o.max) {
			panic("notation: " + game + ": option " + o.name + ": default outside its range")
		}
	}
	return t
}

// Names returns the option names, sorted, comma-separated: "Bonus, Endless,
// MaxLaps".
func (t *Options[R]) Names() string {
	names := make([]string, len(t.opts))
	for i, o := range t.opts {
		names[i] = o.name
	}
	return strings.Join(names, ", ")
}

// Normalize returns r with every Int option equal to its default written
// as 0, so that rule sets meaning the same are ==.
func (t *Options[R]) Normalize(r R) R {
	for _, o := range t.opts {
		if o.kind == mancala.IntOption && o.get(&r) == o.def {
			o.set(&r, 0)
		}
	}
	return r
}

// Check reports the first option of r out of its range, as a
// [*mancala.RulesError]: an enum value without a name, or an Int other
// than 0 and min..max. Combinations are the game's own check.
func (t *Options[R]) Check(r R) error {
	for _, o := range t.opts {
		v := o.get(&r)
		switch o.kind {
		case mancala.EnumOption, mancala.BoolOption:
			if v < 0 || v >= len(o.values) {
				return t.Invalid(r, "unknown "+o.name+" value "+strconv.Itoa(v)+" (want "+o.want()+")")
			}
		case mancala.IntOption:
			if v != 0 && (v < o.min || v > o.max) {
				return t.Invalid(r, o.name+" must be "+o.want()+"; got "+strconv.Itoa(v))
			}
		}
	}
	return nil
}

// Invalid returns a [*mancala.RulesError] for r (written as [Options.Format]
// writes it) with the message msg.
func (t *Options[R]) Invalid(r R, msg string) error {
	return &mancala.RulesError{Game: t.game, Rules: t.Format(r), Msg: msg}
}

// want describes an option's valid values: "Draw or Illegal", "6..8 (0
// means 7)".
func (o *Opt[R]) want() string {
	switch o.kind {
	case mancala.IntOption:
		span := strconv.Itoa(o.min) + ".." + strconv.Itoa(o.max)
		switch o.max - o.min {
		case 0:
			span = strconv.Itoa(o.min)
		case 1:
			span = strconv.Itoa(o.min) + " or " + strconv.Itoa(o.max)
		case 2:
			span = strconv.Itoa(o.min) + ", " + strconv.Itoa(o.min+1) + " or " + strconv.Itoa(o.max)
		}
		return span + " (0 means " + strconv.Itoa(o.def) + ")"
	}
	return orList(o.values)
}

func orList(v []string) string {
	switch len(v) {
	case 0:
		return ""
	case 1:
		return v[0]
	}
	return strings.Join(v[:len(v)-1], ", ") + " or " + v[len(v)-1]
}

// text returns the rules= value of option o in r.
func (o *Opt[R]) text(r *R) string {
	v := o.get(r)
	if o.kind == mancala.IntOption {
		return strconv.Itoa(v)
	}
	if v >= 0 && v < len(o.values) {
		return o.values[v]
	}
	if o.label != nil {
		return o.label(v)
	}
	return o.name + "(" + strconv.Itoa(v) + ")"
}

// Format returns r as in a position's rules= field: the options that differ
// from their defaults (after [Options.Normalize]), sorted by name, as
// Name:Value separated by commas ("Bonus:Run,WholeLift:true"); "" for the
// defaults. Values out of range print as their type's String ("SetupRule(9)")
// or the number.
func (t *Options[R]) Format(r R) string {
	r = t.Normalize(r)
	var b strings.Builder
	for i := range t.opts {
		o := &t.opts[i]
		if o.get(&r) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(o.name)
		b.WriteByte(':')
		b.WriteString(o.text(&r))
	}
	return b.String()
}

// Parse reads a rules= value: Name:Value options separated by commas, in
// any order, each at most once, defaults allowed ("" is the default rule
// set). It checks each value against its row, then every range
// ([Options.Check]) and then combine (the game's check of combinations,
// nil for none), and returns the rules normalised. Errors are
// [*mancala.SyntaxError] values wrapping [mancala.ErrSyntax]; those about
// an invalid rule set also wrap [mancala.ErrRules]. An unknown option's
// error lists the valid ones.
func (t *Options[R]) Parse(s string, combine func(R) error) (R, error) {
	var r, zero R
	bad := func(input, msg string, err error) (R, error) {
		return zero, &mancala.SyntaxError{Game: t.game, What: "rules", Input: input, Msg: msg, Err: err}
	}
	if s == "" {
		return r, nil
	}
	var seen uint64
	for _, part := range strings.Split(s, ",") {
		name, value, ok := strings.Cut(part, ":")
		if !ok || name == "" || value == "" {
			return bad(part, "want Option:Value, options separated by commas", nil)
		}
		i := t.find(name)
		if i < 0 {
			return bad(part, "unknown option "+quote.String(name)+" (the options are "+t.Names()+")", nil)
		}
		if seen&(1<<i) != 0 {
			return bad(part, "option "+name+" given twice", nil)
		}
		seen |= 1 << i
		o := &t.opts[i]
		v, msg, invalid := o.parse(value)
		if msg != "" {
			var err error
			if invalid {
				err = &mancala.RulesError{Game: t.game, Rules: part, Msg: msg}
			}
			return bad(part, msg, err)
		}
		o.set(&r, v)
	}
	err := t.Check(r)
	if err == nil && combine != nil {
		err = combine(r)
	}
	if err != nil {
		msg := err.Error()
		var re *mancala.RulesError
		if errors.As(err, &re) {
			msg = re.Msg
		}
		return bad(s, msg, err)
	}
	return t.Normalize(r), nil
}

func (t *Options[R]) find(name string) int {
	for i := range t.opts {
		if t.opts[i].name == name {
			return i
		}
	}
	return -1
}

// parse reads one value of o, returning the field value, or a message and
// whether the text is a well-formed number out of the option's range (an
// invalid rule set rather than malformed text).
func (o *Opt[R]) parse(s string) (int, string, bool) {
	msg := o.name + " must be " + o.want() + "; got " + quote.String(s)
	if o.kind == mancala.IntOption {
		if len(s) > 1 && s[0] == '-' && wellFormed(s[1:]) {
			return 0, msg, true // a negative number
		}
		n, err := Number(s)
		if err != nil {
			return 0, msg, wellFormed(s) // above mancala.MaxNumber, or malformed
		}
		if n != 0 && (n < o.min || n > o.max) {
			return 0, msg, true
		}
		return n, "", false
	}
	for i, v := range o.values {
		if v == s {
			return i, "", false
		}
	}
	return 0, msg, false
}

// wellFormed reports whether s is a number as the notation writes one,
// whatever its size: digits without a leading zero.
func wellFormed(s string) bool { return allDigits(s) && (len(s) == 1 || s[0] != '0') }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Describe returns the options as front ends list them, sorted by name.
func (t *Options[R]) Describe() []mancala.RuleOption {
	out := make([]mancala.RuleOption, len(t.opts))
	for i, o := range t.opts {
		d := mancala.RuleOption{Name: o.name, Kind: o.kind, Clause: o.clause, Doc: o.doc}
		switch o.kind {
		case mancala.IntOption:
			d.Min, d.Max, d.Default = o.min, o.max, strconv.Itoa(o.def)
			if o.max-o.min < 16 {
				for v := o.min; v <= o.max; v++ {
					d.Values = append(d.Values, strconv.Itoa(v))
				}
			}
		default:
			d.Values = append([]string(nil), o.values...)
			d.Default = o.values[0]
		}
		out[i] = d
	}
	return out
}

// Names returns the String of the values 0..n-1 of an enum type: the
// rules= names of an option whose type is declared in mancala
// ([mancala.EndlessRule], [mancala.SelfEmptiedRule]), for [Enum].
func Names[E interface {
	~uint8
	String() string
}](n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = E(i).String()
	}
	return names
}

// EnumName returns names[v], or typ(v) ("SetupRule(9)") when v has no name: the
// String method of every enum option type.
func EnumName[E ~uint8](names []string, v E, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// NewFromText returns a game's Descriptor.New: the start position of the
// rules written as in rules= (parse is the game's ParseRules, start its
// New). Errors are parse's or start's.
func NewFromText[R, P any](parse func(string) (R, error), start func(R) (P, error)) func(string) (P, error) {
	return func(rules string) (P, error) {
		r, err := parse(rules)
		if err != nil {
			var zero P
			return zero, err
		}
		return start(r)
	}
}
