package errtext

import (
	"errors"
	"fmt"
	"io"
	"math"
	"testing"
)

type stringer int

func (s stringer) String() string { return "s" + fmt.Sprint(int(s)) }

type both struct{}

func (both) String() string { return "string" }
func (both) Error() string  { return "error" }

// TestValue: Value writes what fmt's %v writes for every kind it handles.
func TestValue(t *testing.T) {
	vals := []any{nil, io.EOF, stringer(7), both{}, "a b", true, false,
		0, -12, int8(-128), int16(300), int32(-70000), int64(math.MinInt64),
		uint(7), uint8(255), uint16(65535), uint32(1 << 31), uint64(math.MaxUint64), uintptr(9),
		float32(0.1), float32(1e20), 0.0, math.Copysign(0, -1), 1.5, 1e21, 1e-7, 123456789.0,
		math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64}
	for _, v := range vals {
		if got, want := Value(v), fmt.Sprintf("%v", v); got != want {
			t.Errorf("Value(%#v) = %q, want %q", v, got, want)
		}
	}
	if got := Value(struct{ A int }{1}); got != "?" {
		t.Errorf("Value(struct) = %q, want \"?\"", got)
	}
}

// TestWrap: Wrap and Prefix give fmt.Errorf's text and unwrap to the cause.
func TestWrap(t *testing.T) {
	err := Prefix("game: ply 3", io.EOF)
	if want := fmt.Errorf("game: ply 3: %w", io.EOF); err.Error() != want.Error() {
		t.Errorf("Prefix = %q, want %q", err, want)
	}
	if !errors.Is(err, io.EOF) || errors.Unwrap(err) != io.EOF {
		t.Errorf("Prefix(..., io.EOF) does not unwrap to io.EOF")
	}
	err = Wrap(io.EOF.Error()+": over", io.EOF)
	if err.Error() != "EOF: over" || errors.Unwrap(err) != io.EOF {
		t.Errorf("Wrap = %q unwrapping to %v, want \"EOF: over\" unwrapping to io.EOF", err, errors.Unwrap(err))
	}
	if errors.Unwrap(Wrap("x", nil)) != nil {
		t.Errorf("Wrap(x, nil) unwraps to non-nil")
	}
}
