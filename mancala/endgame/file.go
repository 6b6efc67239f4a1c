package endgame

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/seed8ebe013a/go-mancala/mancala"
)

// FormatVersion is the version of the table file format (docs/endgame.md).
// A file of another version is refused.
const FormatVersion = 1

// magic opens every table file.
const magic = "MNCLEGTB"

// FileName returns the name of the file that holds space's table with seed
// limit seeds: "<game>-<hash>-n<seeds>-v<format>.<space version>.egtb",
// where hash is the first 16 hex digits of the SHA-256 of the rules text,
// e.g. "kiothi-e3b0c44298fc1c14-n6-v1.1.egtb" under the default rules.
func FileName[P any](space Space[P], seeds int) string {
	h := sha256.Sum256([]byte(space.Rules()))
	return fmt.Sprintf("%s-%s-n%d-v%d.%d.egtb", space.Game(), hex.EncodeToString(h[:8]), seeds, FormatVersion, space.Version())
}

// DefaultDir returns the directory [Open] uses when given "": the
// go-mancala/endgame folder of the user's cache directory
// (os.UserCacheDir), or an error when there is none.
func DefaultDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("endgame: no cache directory: %w", err)
	}
	return filepath.Join(d, "go-mancala", "endgame"), nil
}

// header returns the file header of space's table with seed limit seeds.
func header[P any](space Space[P], seeds int) []byte {
	var b bytes.Buffer
	b.WriteString(magic)
	put := func(v uint64, size int) {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], v)
		b.Write(w[:size])
	}
	put(FormatVersion, 4)
	put(uint64(space.Version()), 4)
	put(uint64(seeds), 4)
	scored := uint64(0)
	if space.Scored() {
		scored = 1
	}
	put(scored, 1)
	put(uint64(len(space.Game())), 2)
	b.WriteString(space.Game())
	put(uint64(len(space.Rules())), 4)
	b.WriteString(space.Rules())
	for n := 0; n <= seeds; n++ {
		put(space.Size(n), 8)
	}
	return b.Bytes()
}

// fileSize returns the length of the file of space's table with seed limit
// seeds, and false if it does not fit an int.
func fileSize[P any](space Space[P], seeds int) (int64, bool) {
	total := int64(len(header(space, seeds))) + sha256.Size
	for n := 0; n <= seeds; n++ {
		s := space.Size(n)
		if s > MaxLayer {
			return 0, false
		}
		total += 2 * int64(s)
	}
	return total, true
}

// WriteTo writes the table in the file format of docs/endgame.md: the
// header, the entries layer by layer, and the SHA-256 of all that. It
// returns the number of bytes written.
func (t *Table[P, M]) WriteTo(w io.Writer) (int64, error) {
	h := sha256.New()
	cw := &countWriter{w: io.MultiWriter(w, h)}
	if _, err := cw.Write(header(t.space, t.seeds)); err != nil {
		return cw.n, err
	}
	for _, l := range t.layers {
		if _, err := cw.Write(l); err != nil {
			return cw.n, err
		}
	}
	n, err := w.Write(h.Sum(nil))
	return cw.n + int64(n), err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

// Load reads the table of space with seed limit seeds from data, a whole
// file as [Table.WriteTo] writes it. Anything else — another game, rules,
// seed limit, format or space version, a wrong length, a bad checksum, an
// entry out of range — gives an error wrapping [ErrFile]; Load never
// trusts a file it has not verified, and never panics.
func Load[P mancala.Position[P, M], M mancala.Move](data []byte, space Space[P], seeds int) (*Table[P, M], error) {
	return load[P, M](data, space, seeds, false)
}

// load is Load; with own it keeps slices of data instead of copies (data
// is then the table's).
func load[P mancala.Position[P, M], M mancala.Move](data []byte, space Space[P], seeds int, own bool) (*Table[P, M], error) {
	if seeds < 0 || seeds > space.MaxSeeds() || seeds > 120 {
		return nil, fmt.Errorf("%w: seed limit %d out of range", ErrFile, seeds)
	}
	want, ok := fileSize(space, seeds)
	if !ok {
		return nil, fmt.Errorf("%w: the space's layers are too large", ErrFile)
	}
	if int64(len(data)) != want {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrFile, len(data), want)
	}
	hd := header(space, seeds)
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, fmt.Errorf("%w: not a table file", ErrFile)
	}
	if !bytes.Equal(data[:len(hd)], hd) {
		return nil, fmt.Errorf("%w: the header names another table (format, game, rules, seed limit or sizes)", ErrFile)
	}
	body := data[:len(data)-sha256.Size]
	sum := sha256.Sum256(body)
	if !bytes.Equal(sum[:], data[len(body):]) {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrFile)
	}
	t := &Table[P, M]{space: space, seeds: seeds}
	off := len(hd)
	for n := 0; n <= seeds; n++ {
		size := int(space.Size(n))
		l := data[off : off+2*size : off+2*size]
		if !own {
			l = bytes.Clone(l)
		}
		off += 2 * size
		for i := 0; i < size; i++ {
			a, b := int8(l[2*i]), int8(l[2*i+1])
			if a == invalid && b == invalid {
				continue
			}
			if int(a) < -(n+1) || int(b) > n+2 || a > b {
				return nil, fmt.Errorf("%w: layer %d entry %d out of range", ErrFile, n, i)
			}
		}
		t.layers = append(t.layers, l)
	}
	return t, nil
}

// ReadFile loads the table of space with seed limit seeds from the file
// at path ([Load]): a file of the wrong length is refused before it is
// read.
func ReadFile[P mancala.Position[P, M], M mancala.Move](path string, space Space[P], seeds int) (*Table[P, M], error) {
	want, ok := fileSize(space, seeds)
	if !ok {
		return nil, fmt.Errorf("%w: the space's layers are too large", ErrFile)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() != want {
		return nil, fmt.Errorf("%w: %s: %d bytes, want %d", ErrFile, path, st.Size(), want)
	}
	data := make([]byte, want)
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrFile, path, err)
	}
	return load[P, M](data, space, seeds, true)
}

// WriteFile writes t to path atomically: to a temporary file in the same
// directory, synced, then renamed over path. Two processes writing the
// same table at once leave one complete file (their contents are equal);
// a reader never sees a partial one.
func (t *Table[P, M]) WriteFile(path string) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("endgame: %w", err)
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<20)
	if _, err := t.WriteTo(bw); err != nil {
		return fmt.Errorf("endgame: write %s: %w", tmp, err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("endgame: write %s: %w", tmp, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("endgame: sync %s: %w", tmp, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("endgame: close %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("endgame: %w", err)
	}
	ok = true
	return nil
}

// Open returns space's table with seed limit seeds from dir ("" means
// [DefaultDir]), creating dir if needed: the file named by [FileName] if
// it loads and verifies ([ReadFile]), otherwise a table built now
// ([Build]) and written there ([Table.WriteFile]; a file that failed to
// verify is replaced). built reports whether it was built. A table that
// was built but could not be written is still returned, with the write's
// error.
func Open[P mancala.Position[P, M], M mancala.Move](ctx context.Context, dir string, space Space[P], seeds int) (t *Table[P, M], built bool, err error) {
	if dir == "" {
		if dir, err = DefaultDir(); err != nil {
			return nil, false, err
		}
	}
	path := filepath.Join(dir, FileName(space, seeds))
	if t, err := ReadFile[P, M](path, space, seeds); err == nil {
		return t, false, nil
	}
	t, err = Build[P, M](ctx, space, seeds)
	if err != nil {
		return nil, false, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return t, true, fmt.Errorf("endgame: %w", err)
	}
	return t, true, t.WriteFile(path)
}
