package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/seed8ebe013a/go-mancala/mancala/record"
)

// ReadRecord returns the text of the record file path ("": in,
// standard input), read through the library's limit (record.MaxSize,
// 16 MiB): a regular file over it (standard input too) is refused by its
// size before a byte is read, and any other input as soon as it passes the limit, so that a
// hostile or mistaken input costs neither memory nor time. The error
// names path.
func ReadRecord(path string, in io.Reader) (string, error) {
	if path == "" {
		if f, ok := in.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > record.MaxSize {
				return "", fmt.Errorf("standard input: a record of %d bytes: at most %d (16 MiB) are read", fi.Size(), record.MaxSize)
			}
		}
		text, err := record.ReadText(in)
		if err != nil {
			return "", fmt.Errorf("standard input: %w", err)
		}
		return text, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > record.MaxSize {
		return "", fmt.Errorf("%s: a record of %d bytes: at most %d (16 MiB) are read", path, fi.Size(), record.MaxSize)
	}
	text, err := record.ReadText(f)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return text, nil
}

// OpenRecord opens the record file path ("": in, standard input) for a
// streaming read ([record.ReadGame], then [record.Read], which stops at
// the first bad move without reading the rest): a regular file over
// record.MaxSize (16 MiB) is refused by its size before a byte is read;
// any other input is bounded by record.Read itself. The caller closes the
// returned closer (a no-op for in). Errors name path.
func OpenRecord(path string, in io.Reader) (io.Reader, io.Closer, error) {
	if path == "" {
		if f, ok := in.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > record.MaxSize {
				return nil, nil, fmt.Errorf("standard input: a record of %d bytes: at most %d (16 MiB) are read", fi.Size(), record.MaxSize)
			}
		}
		return in, io.NopCloser(nil), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > record.MaxSize {
		f.Close()
		return nil, nil, fmt.Errorf("%s: a record of %d bytes: at most %d (16 MiB) are read", path, fi.Size(), record.MaxSize)
	}
	return f, f, nil
}
