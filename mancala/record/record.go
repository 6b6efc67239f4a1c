// Package record reads and writes game records (docs/notation.md, "Game records")
// for any game of the module, through the game's [mancala.Descriptor], and
// replays them to every position.
//
// A record is plain text: header lines `[Key "value"]`, a blank line, then
// the moves in the game's notation, separated by white space:
//
//	[Game "kisolo"]
//	[South "alice"]
//	[North "bob"]
//	[Date "2026-11-30"]
//	[Result "S:inner"]
//
//	1. xb1 2. xc6 3. xb2 4. xc7 5. xb4 6. xc6 7. xb7 8. xc6 9. xb7 10. xc6
//	11. xb1 12. xc7 13. xb3 14. xc7 15. a2 16. xc7 17. xb1 18. d3 19. b1
//
// The headers are Game (the game's notation name: kiothi, kisolo,
// kimasai), Rules (the rules= field of a position, omitted for the
// defaults), Start (a position line, omitted for the standard start of the
// rules), South and North (the players' names), Date (YYYY-MM-DD) and
// Result (as in a position's result= field, or "*" while the game is
// unfinished). Other keys are kept, in order. Move numbers such as "12."
// (digits and one or more dots) are ignored when read; [Write] writes none,
// ten moves to a line. Header values are written between double quotes; a
// quote or backslash inside is escaped with a backslash. A key is letters,
// digits and _, given at most once; a value is UTF-8 text without control
// characters (no line breaks or tabs); a Date is a calendar date.
//
// Whatever [Write] writes, [Read] reads back to the same record, and Write
// refuses, with an error, every record whose text Read would refuse.
//
// [Read] checks everything: the headers, each move's notation, that each
// move is legal where it is played, and that the Result header matches the
// final position. A record replays its moves through a [mancala.History],
// so under Repetition:Three a game ends by repetition (C-10) where the
// history says, and its Result is that end; a move after it is refused. Errors about headers are [*mancala.SyntaxError] values
// with the line number; errors about a move are [*Error] values naming the
// line, the token and the ply, wrapping [mancala.ErrSyntax] (bad notation)
// or [mancala.ErrIllegalMove] (a refused move).
//
// # Stability
//
// This package is stable: from v0.1.0 an incompatible change of its API is
// made only in a minor release and named in the CHANGELOG (.ci/apidiff
// checks it).
package record

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/seed8ebe013a/go-mancala/internal/quote"
	"github.com/seed8ebe013a/go-mancala/mancala"
)

// Tag is one header line: [Key "Value"].
type Tag struct {
	Key, Value string
}

// Record is a game: where it started, the moves played, and the headers.
// The zero value is not valid; build one with [New] or [Read].
type Record[P mancala.Position[P, M], M mancala.Move] struct {
	// Start is the position before the first move; its rules are the
	// record's rules (the Rules header).
	Start P
	// Moves are the moves played, in order.
	Moves []M
	// South and North are the players' names ("" when unknown: the header
	// is not written). Header values are UTF-8 text without control
	// characters.
	South, North string
	// Date is the date of the game as YYYY-MM-DD, a calendar date ("" when
	// unknown).
	Date string
	// Result is the result in the result= notation ("S:inner",
	// "draw:endless") or "*" while unfinished: the result of the moves,
	// as New, Finish and Read set it (Write refuses any other, "" too).
	Result string
	// Extra holds any other headers, in order: keys of letters, digits
	// and _, none of the keys above, none repeated.
	Extra []Tag

	lines []int // the line of each move in the text it was read from (nil if built)
}

// New returns a record of moves played from start, with the Result taken
// from replaying them (see [Record.Finish]). It returns the error of
// [Record.Positions] if a move is refused.
func New[P mancala.Position[P, M], M mancala.Move](start P, moves []M) (*Record[P, M], error) {
	r := &Record[P, M]{Start: start, Moves: moves}
	if err := r.Finish(); err != nil {
		return nil, err
	}
	return r, nil
}

// Finish replays the moves and sets Result from the final position's
// outcome ("*" if the game is not over). It returns the error of
// [Record.Positions] if a move is refused.
func (r *Record[P, M]) Finish() error {
	p, err := r.Final()
	if err != nil {
		return err
	}
	r.Result = p.Outcome().Result()
	return nil
}

// Positions replays the record: it returns len(Moves)+1 positions, the
// start and the position after each move. A refused move stops the replay
// with an [*Error] wrapping the game's error (which wraps
// [mancala.ErrIllegalMove]) and the positions up to it.
func (r *Record[P, M]) Positions() ([]P, error) {
	ps := make([]P, 1, len(r.Moves)+1)
	ps[0] = r.Start
	_, err := r.replay(func(p P) { ps = append(ps, p) })
	return ps, err
}

// Final returns the position after the last move, replaying the record as
// [Record.Positions] does without keeping the positions; a refused move
// stops it with Positions' error and the position before that move.
func (r *Record[P, M]) Final() (P, error) { return r.replay(nil) }

// replay plays the moves from Start through a [mancala.History], so that
// a game ended by repetition (C-10) ends there too, passing each position
// after a move to keep (if not nil), and returns the last position reached
// and the error of a refused move (an [*Error]).
func (r *Record[P, M]) replay(keep func(P)) (P, error) {
	h := mancala.NewHistory(repetitionOf[P, M](), r.Start)
	for i, m := range r.Moves {
		q, err := h.Apply(m)
		if err != nil {
			return h.Position(), &Error{Line: r.line(i), Ply: i + 1, Token: m.String(), Err: err}
		}
		if keep != nil {
			keep(q)
		}
	}
	return h.Position(), nil
}

// repeater is what C-10 needs of a position type: every game's Position
// has these methods (the same as its Descriptor's RepetitionKey,
// Repetition and EndByRepetition).
type repeater[P any] interface {
	RepetitionKey() P
	Repetition() mancala.RepetitionRule
	EndByRepetition() P
}

// repetitionOf returns a descriptor with the three fields a History uses,
// taken from P's methods; for a position type without them, keys that
// never repeat a position and no repetition rule.
func repetitionOf[P mancala.Position[P, M], M mancala.Move]() *mancala.Descriptor[P, M] {
	var zero P
	if _, ok := any(zero).(repeater[P]); ok {
		return &mancala.Descriptor[P, M]{
			RepetitionKey:   func(p P) P { return any(p).(repeater[P]).RepetitionKey() },
			Repetition:      func(p P) mancala.RepetitionRule { return any(p).(repeater[P]).Repetition() },
			EndByRepetition: func(p P) P { return any(p).(repeater[P]).EndByRepetition() },
		}
	}
	return &mancala.Descriptor[P, M]{
		RepetitionKey:   func(p P) P { return p },
		Repetition:      func(P) mancala.RepetitionRule { return mancala.RepetitionNone },
		EndByRepetition: func(p P) P { return p },
	}
}

func (r *Record[P, M]) line(i int) int {
	if i < len(r.lines) {
		return r.lines[i]
	}
	return 0
}

// Error is a bad move in a record: a token that is not a move in the
// game's notation (wrapping [mancala.ErrSyntax]) or a move refused where it
// is played (wrapping [mancala.ErrIllegalMove]).
type Error struct {
	Line  int    // 1-based line of the token in the record text; 0 if not read from text
	Ply   int    // 1-based number of the move in the record
	Token string // the move as written
	Err   error  // the game's error
}

// Error formats as `record: line 7: move 23 "xb3": kisolo: illegal move
// xb3: ...`, the token quoted as the other errors quote it (a long one cut
// short).
func (e *Error) Error() string {
	s := "record: "
	if e.Line > 0 {
		s += "line " + strconv.Itoa(e.Line) + ": "
	}
	return s + "move " + strconv.Itoa(e.Ply) + " " + quote.String(e.Token) + ": " + e.Err.Error()
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Header keys with a meaning.
const (
	KeyGame   = "Game"
	KeyRules  = "Rules"
	KeyStart  = "Start"
	KeySouth  = "South"
	KeyNorth  = "North"
	KeyDate   = "Date"
	KeyResult = "Result"
)

// movesPerLine is how many move tokens Write puts on a line.
const movesPerLine = 10

// Write writes r in the record format for d's game: Game, Rules (if not
// the defaults), Start (if not the standard start of its rules), South,
// North and Date (if set), Result, the Extra headers, a blank line and the
// moves, ten to a line. What Write writes, [Read] reads back to the same
// record, and Write refuses (writing nothing) what Read would refuse: an
// Extra key that is empty, not made of letters, digits and _, a key with
// a meaning (Game, Rules, Start, South, North, Date, Result) or a key given
// twice; a value holding a control character (a line break, a tab, ...)
// or text that is not UTF-8; a Date that is not a calendar date
// YYYY-MM-DD; a Start that does not read back as itself; a move refused
// where it is played (an [*Error]); and a Result other than the final
// position's result ("*" while unfinished; an empty Result too: see
// [Record.Finish]). Errors about headers are [*mancala.SyntaxError] values
// wrapping [mancala.ErrSyntax]. Otherwise Write returns the first write
// error.
func Write[P mancala.Position[P, M], M mancala.Move](w io.Writer, d *mancala.Descriptor[P, M], r *Record[P, M]) error {
	text, err := Format(d, r)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, text)
	return err
}

// Headers returns the headers [Write] writes for r, in order: Game, Rules
// (when not the defaults), Start (when not the rules' standard start),
// South, North and Date (when set), Result, then r.Extra. It checks
// nothing ([Format] does).
func Headers[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], r *Record[P, M]) []Tag {
	rules := d.Rules(r.Start)
	start := ""
	if std, err := d.New(rules); err != nil || std != r.Start {
		start = r.Start.String()
	}
	return headers(d.Name, rules, start, r.South, r.North, r.Date, r.Result, r.Extra)
}

// headers is Headers of a record of the game name, with its rules and its
// start ("" when the rules' standard start): the game-blind part, compiled
// once for every game.
func headers(name, rules, start, south, north, date, result string, extra []Tag) []Tag {
	tags := []Tag{{KeyGame, name}}
	if rules != "" {
		tags = append(tags, Tag{KeyRules, rules})
	}
	if start != "" {
		tags = append(tags, Tag{KeyStart, start})
	}
	for _, t := range []Tag{{KeySouth, south}, {KeyNorth, north}, {KeyDate, date}} {
		if t.Value != "" {
			tags = append(tags, t)
		}
	}
	tags = append(tags, Tag{KeyResult, result})
	return append(tags, extra...)
}

// Format returns r as [Write] writes it, or Write's error for a record it
// refuses.
func Format[P mancala.Position[P, M], M mancala.Move](d *mancala.Descriptor[P, M], r *Record[P, M]) (string, error) {
	if q, err := d.Parse(r.Start.String()); err != nil || q != r.Start {
		return "", badRecord(d.Name, r.Start.String(), "the Start position does not read back as itself")
	}
	final, err := r.Final()
	if err != nil {
		return "", err
	}
	moves := make([]string, len(r.Moves))
	for i, m := range r.Moves {
		moves[i] = m.String()
		if back, err := d.ParseMove(moves[i]); err != nil || back != m {
			return "", &Error{Ply: i + 1, Token: moves[i], Err: &mancala.SyntaxError{Game: d.Name, What: "move", Input: moves[i], Msg: "the move does not read back as itself"}}
		}
	}
	return format(d.Name, final.Outcome().Result(), r.Result, r.Date, r.Extra, func() []Tag { return Headers(d, r) }, moves)
}

// badRecord is Format's error for a record Read would refuse.
func badRecord(game, input, msg string) error {
	return &mancala.SyntaxError{Game: game, What: "record", Input: input, Msg: msg + " (Read would refuse it)"}
}

// format is the game-blind rest of Format (compiled once for every game):
// it checks the record's result against got (the final position's), its
// date and extra headers, then writes the headers tags() returns and the
// moves' texts.
func format(game, got, result, date string, extra []Tag, tags func() []Tag, moves []string) (string, error) {
	bad := func(input, msg string) (string, error) { return "", badRecord(game, input, msg) }
	if result != got {
		msg := "Result must be the result of the moves, " + strconv.Quote(got)
		if result == "" {
			msg += " (Record.Finish sets it)"
		}
		return bad(result, msg)
	}
	if date != "" {
		if msg := checkDate(date); msg != "" {
			return bad(date, msg)
		}
	}
	seen := map[string]bool{}
	for _, t := range extra {
		switch msg := checkKey(t.Key); {
		case msg != "":
			return bad("", msg)
		case known(t.Key):
			return bad(t.Key, "header "+t.Key+" has a meaning: set its Record field, not an Extra header")
		case seen[t.Key]:
			return bad(t.Key, "header "+t.Key+" is given twice")
		}
		seen[t.Key] = true
	}
	var b strings.Builder
	for _, t := range tags() {
		if msg := checkValue(t.Value); msg != "" {
			return bad(t.Value, "header "+t.Key+": "+msg)
		}
		b.WriteString("[" + t.Key + " " + quoteValue(t.Value) + "]\n")
	}
	b.WriteString("\n")
	for i, m := range moves {
		if i > 0 {
			if i%movesPerLine == 0 {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
		}
		b.WriteString(m)
	}
	if len(moves) > 0 {
		b.WriteString("\n")
	}
	return b.String(), nil
}

// known reports whether k is a header key with a meaning.
func known(k string) bool {
	switch k {
	case KeyGame, KeyRules, KeyStart, KeySouth, KeyNorth, KeyDate, KeyResult:
		return true
	}
	return false
}

// quoteValue writes a header value between double quotes, escaping " and \.
func quoteValue(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
	return b.String()
}

// checkKey says why k cannot be a header key, or "".
func checkKey(k string) string {
	if k == "" {
		return "a header key is empty"
	}
	for _, c := range k {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			if c == ' ' {
				return "header key " + quote.String(k) + " holds a space: a key is letters, digits and _"
			}
			return "header key " + quote.String(k) + " must be letters, digits or _"
		}
	}
	return ""
}

// checkValue says why v cannot be a header value, or "": a value is UTF-8
// text without control characters (a record is one header per line).
func checkValue(v string) string {
	if !utf8.ValidString(v) {
		return "the value is not UTF-8 text"
	}
	for _, c := range v {
		if unicode.IsControl(c) {
			return "the value holds the control character " + strconv.QuoteRune(c)
		}
	}
	return ""
}

// checkDate says why s is not a calendar date YYYY-MM-DD, or "".
func checkDate(s string) string {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return "date must be YYYY-MM-DD"
	}
	for i, c := range []byte(s) {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return "date must be YYYY-MM-DD"
		}
	}
	year, _ := strconv.Atoi(s[:4])
	month, _ := strconv.Atoi(s[5:7])
	day, _ := strconv.Atoi(s[8:])
	if month < 1 || month > 12 {
		return "date must be a calendar date YYYY-MM-DD: there is no month " + strconv.Itoa(month)
	}
	days := time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	if day < 1 || day > days {
		return "date must be a calendar date YYYY-MM-DD: " + time.Month(month).String() + " " + s[:4] + " has days 1.." + strconv.Itoa(days)
	}
	return ""
}

// MaxSize is the longest record text, in bytes (16 MiB), that [Read] and
// [ReadText] accept: a game of tens of thousands of moves fits many times
// over, and a program reading a hostile input stops at it.
const MaxSize = 16 << 20

// maxRecord bounds the text Read accepts.
const maxRecord = MaxSize

// ReadText returns the text of one record read from rd, at most [MaxSize]
// bytes, for a program that must see the text before it can choose the
// descriptor to parse it with ([GameOf], then [Parse]). A longer input is
// refused with a [*mancala.SyntaxError] ("mancala: bad record: longer than
// 16 MiB") as soon as its byte MaxSize+1 is read, so that reading costs
// about MaxSize of memory at most whatever the input's length (twice that
// for an input within the limit, which is joined into one string); an
// error of rd is returned as it is.
func ReadText(rd io.Reader) (string, error) {
	// Read into blocks of 1 MiB (never more than MaxSize+1 bytes in all),
	// then join them once: a long input costs about MaxSize of memory.
	const block = 1 << 20
	var blocks [][]byte
	total := 0
	for {
		b := make([]byte, min(block, maxRecord+1-total))
		n, err := io.ReadFull(rd, b)
		blocks = append(blocks, b[:n])
		total += n
		if total > maxRecord {
			return "", &mancala.SyntaxError{What: "record", Msg: "longer than 16 MiB"}
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return "", err
		}
	}
	var sb strings.Builder
	sb.Grow(total)
	for _, b := range blocks {
		sb.Write(b)
	}
	return sb.String(), nil
}

// Read reads one record of d's game from rd and replays it. The headers
// come first, one per line (blank lines before them are skipped); the first
// line that does not start with '[' begins the moves, which run to the end
// of the input. Read checks that Game names d's game, that Rules and Start
// (if present) are valid and agree, that each token is a move number or a
// move in the notation, that each move is legal where it is played, and
// that Result (if present and not "*") is the final position's result, and
// that a finished game is not marked "*". The record is read as a stream
// and each move is played as it is read, so the first bad move stops the
// reading: the rest of the input is never read (a 16 MiB record whose
// first move is illegal costs one move's work). An input over 16 MiB is
// refused with a [*mancala.SyntaxError] ("longer than 16 MiB") as soon as
// its byte MaxSize+1 is read. See the package documentation for the other
// errors; an error of rd is returned as it is.
func Read[P mancala.Position[P, M], M mancala.Move](rd io.Reader, d *mancala.Descriptor[P, M]) (*Record[P, M], error) {
	return parse(newScanner(rd, maxRecord), d)
}

// Parse is [Read] from a string, without Read's size limit (the caller
// holds the text already).
func Parse[P mancala.Position[P, M], M mancala.Move](text string, d *mancala.Descriptor[P, M]) (*Record[P, M], error) {
	return parse(newScanner(strings.NewReader(text), -1), d)
}

// ReadGame reads the header lines of a record from rd and returns the
// value of its Game header, so that a program can choose the descriptor
// to read the record with, and a reader that gives the whole record
// again (the lines read, then the rest of rd) for [Read]. It reads no
// further than the first line of moves' first character, and at most
// [MaxSize] bytes; a missing or malformed Game header gives an error
// wrapping [mancala.ErrSyntax], as [GameOf] does.
func ReadGame(rd io.Reader) (game string, record io.Reader, err error) {
	sc := newScanner(rd, maxRecord)
	sc.keep = &strings.Builder{}
	var tags []headerLine
	for {
		h, ok, err := sc.header()
		if err == errTooLong {
			c := *errTooLong
			return "", nil, &c
		}
		if err != nil {
			return "", nil, err
		}
		if !ok {
			break
		}
		tags = append(tags, h)
	}
	rest := io.MultiReader(strings.NewReader(sc.keep.String()), sc.br)
	for _, h := range tags {
		k, v, err := parseTag(h.text)
		if err != nil {
			return "", nil, &mancala.SyntaxError{What: "record", Input: h.text, Line: h.line, Msg: err.Error()}
		}
		if k == KeyGame {
			return v, rest, nil
		}
	}
	return "", nil, &mancala.SyntaxError{What: "record", Msg: "missing Game header"}
}

// scanner reads a record's text as a stream: header lines, then move
// tokens, counting lines and bytes.
type scanner struct {
	br      *bufio.Reader
	line    int  // 1-based line of the next byte
	started bool // a header line was read
	done    bool // the headers are over
	keep    *strings.Builder
}

// newScanner reads rd; max >= 0 bounds the bytes read (more gives the
// "longer than 16 MiB" error), max < 0 reads without a bound.
func newScanner(rd io.Reader, max int64) *scanner {
	if max >= 0 {
		rd = &limited{r: rd, left: max}
	}
	return &scanner{br: bufio.NewReader(rd), line: 1}
}

// errTooLong is the error of a record over MaxSize.
var errTooLong = &mancala.SyntaxError{What: "record", Msg: "longer than 16 MiB"}

// limited reads from r and fails with errTooLong once more than left bytes
// have come.
type limited struct {
	r    io.Reader
	left int64
}

func (l *limited) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, errTooLong
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n, errTooLong
	}
	return n, err
}

// peekRune returns the next rune and its bytes without reading them;
// size 0 at the end of the input.
func (s *scanner) peekRune() (r rune, b []byte, err error) {
	b, err = s.br.Peek(utf8.UTFMax)
	if err == io.EOF {
		err = nil // fewer bytes at the end: the input's last rune
	}
	if err != nil {
		// An error of the input (a cut connection, a record over the
		// limit) ends the record, even with bytes left to read: a
		// record cut short is not a complete one.
		return 0, nil, err
	}
	if len(b) == 0 {
		return 0, nil, nil
	}
	r, n := utf8.DecodeRune(b)
	return r, b[:n], nil
}

// skip reads n bytes already peeked.
func (s *scanner) skip(b []byte) {
	if s.keep != nil {
		s.keep.Write(b)
	}
	s.br.Discard(len(b))
}

// headerLine is a header's text (trimmed) and its line.
type headerLine struct {
	text string
	line int
}

// header returns the next header line, or false when the headers are
// over: at a blank line after a header (read) or at the first line that
// does not start with '[' (not read). Blank lines before the first header
// are skipped.
func (s *scanner) header() (headerLine, bool, error) {
	for !s.done {
		// Leading white space of the line.
		for {
			r, b, err := s.peekRune()
			if err != nil {
				return headerLine{}, false, err
			}
			if b == nil || r == '\n' || !unicode.IsSpace(r) {
				break
			}
			s.skip(b)
		}
		r, b, err := s.peekRune()
		switch {
		case err != nil:
			return headerLine{}, false, err
		case b == nil:
			s.done = true
		case r == '\n':
			s.skip(b)
			s.line++
			if s.started {
				s.done = true
			}
		case r != '[':
			s.done = true
		default:
			text, err := s.br.ReadString('\n')
			if err != nil && err != io.EOF {
				return headerLine{}, false, err
			}
			if s.keep != nil {
				s.keep.WriteString(text)
			}
			h := headerLine{strings.TrimSpace(text), s.line}
			if strings.HasSuffix(text, "\n") {
				s.line++
			}
			s.started = true
			return h, true, nil
		}
	}
	return headerLine{}, false, nil
}

// token returns the next white-space separated token of the moves and its
// line, or "" at the end of the input.
func (s *scanner) token() (string, int, error) {
	for {
		r, b, err := s.peekRune()
		if err != nil || b == nil {
			return "", 0, err
		}
		if !unicode.IsSpace(r) {
			break
		}
		if r == '\n' {
			s.line++
		}
		s.skip(b)
	}
	var tok []byte
	line := s.line
	for {
		r, b, err := s.peekRune()
		if err != nil {
			return "", 0, err
		}
		if b == nil || unicode.IsSpace(r) {
			return string(tok), line, nil
		}
		tok = append(tok, b...)
		s.skip(b)
	}
}

// parse reads a record from sc: the headers, then each move, played
// through a [mancala.History] as soon as it is read.
func parse[P mancala.Position[P, M], M mancala.Move](sc *scanner, d *mancala.Descriptor[P, M]) (*Record[P, M], error) {
	r, err := parseRecord(sc, d)
	if err == errTooLong {
		c := *errTooLong
		c.Game = d.Name
		return nil, &c
	}
	return r, err
}

// recordHeaders is what a record's header lines say, read by
// readHeaders.
type recordHeaders struct {
	seen                             map[string]int // the line of each key
	rules, start, result             string
	startLine, rulesLine, resultLine int
	south, north, date               string
	extra                            []Tag
}

// readHeaders reads the header lines of a record of the game name (the
// game-blind part of parsing a record, compiled once for every game): the
// Game header must be there and name the game, no key may repeat, a
// date must be a calendar date.
func readHeaders(sc *scanner, name string) (recordHeaders, error) {
	var r recordHeaders
	synErr := func(line int, input, msg string) error {
		return &mancala.SyntaxError{Game: name, What: "record", Input: input, Line: line, Msg: msg}
	}
	seen := map[string]int{}
	r.seen = seen
	var game string
	for {
		h, ok, err := sc.header()
		if err != nil {
			return r, err
		}
		if !ok {
			break
		}
		k, v, err := parseTag(h.text)
		if err != nil {
			return r, synErr(h.line, h.text, err.Error())
		}
		if first, dup := seen[k]; dup {
			return r, synErr(h.line, h.text, "header "+k+" repeats line "+strconv.Itoa(first))
		}
		seen[k] = h.line
		switch k {
		case KeyGame:
			game = v
		case KeyRules:
			r.rules, r.rulesLine = v, h.line
		case KeyStart:
			r.start, r.startLine = v, h.line
		case KeySouth:
			r.south = v
		case KeyNorth:
			r.north = v
		case KeyDate:
			if msg := checkDate(v); msg != "" {
				return r, synErr(h.line, v, msg)
			}
			r.date = v
		case KeyResult:
			r.result, r.resultLine = v, h.line
		default:
			r.extra = append(r.extra, Tag{k, v})
		}
	}
	if _, ok := seen[KeyGame]; !ok {
		return r, synErr(1, "", "missing Game header")
	}
	if game != name {
		return r, synErr(seen[KeyGame], game, "record of another game, want "+name)
	}
	return r, nil
}

func parseRecord[P mancala.Position[P, M], M mancala.Move](sc *scanner, d *mancala.Descriptor[P, M]) (*Record[P, M], error) {
	hd, err := readHeaders(sc, d.Name)
	if err != nil {
		return nil, err
	}
	r := &Record[P, M]{South: hd.south, North: hd.north, Date: hd.date, Extra: hd.extra}
	if hd.start != "" {
		p, err := d.Parse(hd.start)
		if err != nil {
			return nil, wrapLine(err, hd.startLine, d.Name)
		}
		if _, ok := hd.seen[KeyRules]; ok && d.Rules(p) != hd.rules {
			return nil, hd.synErr(d.Name, hd.rulesLine, hd.rules, "Rules header disagrees with the rules of the Start position")
		}
		r.Start = p
	} else {
		p, err := d.New(hd.rules)
		if err != nil {
			return nil, wrapLine(err, hd.rulesLine, d.Name)
		}
		r.Start = p
	}
	if err := hd.checkResult(d.Name); err != nil {
		return nil, err
	}
	// Moves, each played as it is read.
	hist := mancala.NewHistory(repetitionOf[P, M](), r.Start)
	r.lines, err = readMoves(sc, d.Name, func(tok string, line int) error {
		m, err := d.ParseMove(tok)
		if err != nil {
			return &Error{Line: line, Ply: len(r.Moves) + 1, Token: tok, Err: err}
		}
		if _, err := hist.Apply(m); err != nil {
			return &Error{Line: line, Ply: len(r.Moves) + 1, Token: m.String(), Err: err}
		}
		r.Moves = append(r.Moves, m)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if r.Result, err = hd.finalResult(d.Name, hist.Position().Outcome().Result()); err != nil {
		return nil, err
	}
	return r, nil
}

// synErr is a syntax error of the record of the game name at line.
func (hd *recordHeaders) synErr(name string, line int, input, msg string) error {
	return &mancala.SyntaxError{Game: name, What: "record", Input: input, Line: line, Msg: msg}
}

// checkResult checks the Result header's notation ("*" or a result=
// value) before the moves are read.
func (hd *recordHeaders) checkResult(name string) error {
	if _, ok := hd.seen[KeyResult]; ok && hd.result != "*" {
		if _, err := mancala.ParseResult(hd.result); err != nil {
			return wrapLine(err, hd.resultLine, name)
		}
	}
	return nil
}

// finalResult returns the record's result given got, the result of its
// moves: the Result header must say it when there is one.
func (hd *recordHeaders) finalResult(name, got string) (string, error) {
	switch {
	case hd.resultLine == 0:
		return got, nil
	case hd.result != got:
		return "", hd.synErr(name, hd.resultLine, hd.result, "the moves end in "+got)
	}
	return hd.result, nil
}

// readMoves reads the move text of a record of the game name, passing
// each move's token and line to play (move numbers left out), and returns
// the lines of the moves played; it stops at play's first error.
func readMoves(sc *scanner, name string, play func(tok string, line int) error) ([]int, error) {
	var lines []int
	for {
		tok, line, err := sc.token()
		if err != nil {
			return nil, err
		}
		if tok == "" {
			return lines, nil
		}
		if isMoveNumber(tok) {
			continue
		}
		if strings.HasPrefix(tok, "[") {
			return nil, &mancala.SyntaxError{Game: name, What: "record", Input: tok, Line: line, Msg: "header after the moves"}
		}
		if err := play(tok, line); err != nil {
			return nil, err
		}
		lines = append(lines, line)
	}
}

// wrapLine sets the line of a syntax error from a parser, and the game's
// name when the parser (the core's, for a result) left it out.
func wrapLine(err error, line int, game string) error {
	var se *mancala.SyntaxError
	if errors.As(err, &se) && se.Line == 0 {
		c := *se
		c.Line = line
		if c.Game == "" {
			c.Game = game
		}
		return &c
	}
	return &lineError{line: line, err: err}
}

// lineError is an error of a header's value that is no syntax error of
// the parsers, with the line it is on: "record: line 3: ..." (fmt.Errorf's
// message and wrapping, written without fmt for the WebAssembly build).
type lineError struct {
	line int
	err  error
}

func (e *lineError) Error() string {
	return "record: line " + strconv.Itoa(e.line) + ": " + e.err.Error()
}

func (e *lineError) Unwrap() error { return e.err }

// parseTag reads `[Key "value"]`.
func parseTag(line string) (key, value string, err error) {
	if !strings.HasSuffix(line, "]") {
		return "", "", errors.New(`header must end with "]"`)
	}
	body := line[1 : len(line)-1]
	q := strings.IndexByte(body, '"')
	if q < 0 {
		return "", "", errors.New(`header value must be quoted: want [Key "value"]`)
	}
	key = strings.TrimRight(body[:q], " ")
	switch {
	case key == "":
		return "", "", errors.New(`header key is missing: want [Key "value"]`)
	case len(key) == q:
		return "", "", errors.New(`want a space between the header key and its quoted value: [Key "value"]`)
	}
	if msg := checkKey(key); msg != "" {
		return "", "", errors.New(msg)
	}
	rest := body[q:]
	if len(rest) < 2 || rest[len(rest)-1] != '"' {
		return "", "", errors.New(`header value must be quoted: want [Key "value"]`)
	}
	var b strings.Builder
	in := rest[1 : len(rest)-1]
	for j := 0; j < len(in); j++ {
		switch c := in[j]; c {
		case '\\':
			if j+1 == len(in) || (in[j+1] != '"' && in[j+1] != '\\') {
				return "", "", errors.New(`header value: a backslash must escape " or \`)
			}
			j++
			b.WriteByte(in[j])
		case '"':
			return "", "", errors.New(`header value: unescaped "`)
		default:
			b.WriteByte(c)
		}
	}
	value = b.String()
	if msg := checkValue(value); msg != "" {
		return "", "", errors.New("header " + key + ": " + msg)
	}
	return key, value, nil
}

// isMoveNumber reports whether tok is digits followed by one or more dots.
func isMoveNumber(tok string) bool {
	j := 0
	for j < len(tok) && tok[j] >= '0' && tok[j] <= '9' {
		j++
	}
	if j == 0 || j == len(tok) {
		return false
	}
	for ; j < len(tok); j++ {
		if tok[j] != '.' {
			return false
		}
	}
	return true
}

// GameOf returns the value of the Game header of a record's text, so that a
// program can choose the descriptor to read it with. It reads only the
// header lines; a missing or malformed Game header gives an error wrapping
// [mancala.ErrSyntax].
func GameOf(text string) (string, error) {
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if line[0] != '[' {
			break
		}
		k, v, err := parseTag(line)
		if err != nil {
			return "", &mancala.SyntaxError{What: "record", Input: line, Line: i + 1, Msg: err.Error()}
		}
		if k == KeyGame {
			return v, nil
		}
	}
	return "", &mancala.SyntaxError{What: "record", Msg: "missing Game header"}
}
