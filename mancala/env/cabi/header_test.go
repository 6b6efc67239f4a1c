//go:build cgo

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decls returns the function declarations of a C header: name -> the
// parameter types and the return type, normalised (no const, no names,
// single spaces, "*" attached to the type), and the typedef'd structs:
// name -> their fields, likewise.
func decls(t *testing.T, text string) (funcs, structs map[string][]string) {
	t.Helper()
	text = regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(text, " ")
	text = regexp.MustCompile(`//[^\n]*`).ReplaceAllString(text, " ")
	text = regexp.MustCompile(`(?m)^\s*#[^\n]*`).ReplaceAllString(text, " ")
	norm := func(s string) string {
		s = regexp.MustCompile(`\bconst\b|\bextern\b`).ReplaceAllString(s, " ")
		s = strings.ReplaceAll(s, "*", " * ")
		s = strings.Join(strings.Fields(s), " ")
		return strings.ReplaceAll(s, " *", "*")
	}
	typeOf := func(param string) string {
		p := norm(param)
		if p == "void" {
			return p
		}
		// Drop the name: the last word, unless the type ends in "*"
		// right before it.
		i := strings.LastIndexAny(p, " *")
		return strings.TrimSpace(p[:i+1])
	}
	funcs, structs = map[string][]string{}, map[string][]string{}
	for _, m := range regexp.MustCompile(`(?s)([A-Za-z_][A-Za-z0-9_ \*]*?)\b(mancala_[a-z_0-9]+)\s*\(([^)]*)\)\s*;`).FindAllStringSubmatch(text, -1) {
		var types []string
		for _, p := range strings.Split(m[3], ",") {
			types = append(types, typeOf(p))
		}
		funcs[m[2]] = append(types, "-> "+norm(m[1]))
	}
	for _, m := range regexp.MustCompile(`(?s)typedef struct (mancala_[a-z_0-9]+)\s*\{(.*?)\}\s*([a-z_0-9]+)\s*;`).FindAllStringSubmatch(text, -1) {
		var fields []string
		for _, f := range strings.Split(m[2], ";") {
			if f = norm(f); f != "" {
				fields = append(fields, f)
			}
		}
		structs[m[3]] = fields
	}
	return funcs, structs
}

// TestHeader compares mancala_env.h with cgo's declarations of the built
// library (libmancala_env.h): the same functions with the same parameter
// and return types (cgo writes no const), the same structs with the same
// fields; and the header's constants with the Go ones.
func TestHeader(t *testing.T) {
	_, dir := buildC(t)
	ours, err := os.ReadFile("mancala_env.h")
	if err != nil {
		t.Fatal(err)
	}
	cgo, err := os.ReadFile(filepath.Join(dir, "libmancala_env.h"))
	if err != nil {
		t.Fatal(err)
	}
	of, os_ := decls(t, string(ours))
	cf, cs := decls(t, string(cgo))
	// The two functions written in C (status.c) are not cgo exports.
	for _, name := range []string{"mancala_abi_version", "mancala_status_text"} {
		if _, ok := of[name]; !ok {
			t.Errorf("the header lacks %s", name)
		}
		delete(of, name)
	}
	if len(of) < 40 {
		t.Fatalf("read %d functions of mancala_env.h: the parser is broken", len(of))
	}
	if diff := cmp.Diff(of, cf); diff != "" {
		t.Errorf("functions (-mancala_env.h +cgo):\n%s", diff)
	}
	if len(os_) != 9 {
		t.Errorf("read %d structs of mancala_env.h, want 9", len(os_))
	}
	if diff := cmp.Diff(os_, cs); diff != "" {
		t.Errorf("structs (-mancala_env.h +cgo preamble):\n%s", diff)
	}

	defines := map[string]int{}
	for _, m := range regexp.MustCompile(`#define (MANCALA_[A-Z_0-9]+) \(?(-?\d+)\)?`).FindAllStringSubmatch(string(ours), -1) {
		n, _ := strconv.Atoi(m[2])
		defines[m[1]] = n
	}
	want := map[string]int{
		"MANCALA_ABI_VERSION": abiVersionValue, "MANCALA_OK": statusOK, "MANCALA_E_HANDLE": errHandle,
		"MANCALA_E_ARGUMENT": errArgument, "MANCALA_E_GAME": errGame, "MANCALA_E_RULES": errRules,
		"MANCALA_E_SYNTAX": errSyntax, "MANCALA_E_MISMATCH": errMismatch, "MANCALA_E_ACTION": errAction,
		"MANCALA_E_ILLEGAL": errIllegal, "MANCALA_E_OVER": errOver, "MANCALA_E_AGENT": errAgent,
		"MANCALA_E_BUFFER": errBuffer, "MANCALA_E_INTERNAL": errInternal, "MANCALA_E_CANCELLED": errCancelled,
		"MANCALA_E_LIMIT": errLimit, "MANCALA_SEAT_SOUTH": seatSouth, "MANCALA_SEAT_NORTH": seatNorth,
		"MANCALA_SEAT_BOTH": seatBoth, "MANCALA_SEAT_ALTERNATE": seatAlternate, "MANCALA_SEAT_NONE": seatNone,
		"MANCALA_SEAT_MOVER": seatMover, "MANCALA_STATE_RUNNING": 0, "MANCALA_STATE_TRUNCATED": 2,
		"MANCALA_STATE_TERMINATED": 1, "MANCALA_OUTCOME_UNKNOWN": outcomeUnknown, "MANCALA_OUTCOME_WIN": outcomeWin,
		"MANCALA_OUTCOME_DRAW": outcomeDraw, "MANCALA_OUTCOME_LOSS": outcomeLoss,
	}
	if diff := cmp.Diff(want, defines); diff != "" {
		t.Errorf("constants (-Go +mancala_env.h):\n%s", diff)
	}
	var seats []int
	for k, v := range defines {
		if strings.HasPrefix(k, "MANCALA_SEAT_") {
			seats = append(seats, v)
		}
	}
	slices.Sort(seats)
	if len(slices.Compact(seats)) != 6 {
		t.Errorf("seat values %v are not distinct", seats)
	}
}

// TestFastDeclarations compares the Python extension's own copies of the
// header's declarations (examples/python/mancala_engine/_fast.c builds
// against no header of ours: the sdist carries only the package) with
// mancala_env.h: its step_t is mancala_step_t field by field, its env_t
// is the mancala_env handle, and the functions it calls through pointers
// (step, observe, reset) take the header's parameter types. A change of
// the header that _fast.c does not follow would make the extension read
// the library's answers at the wrong offsets.
func TestFastDeclarations(t *testing.T) {
	ours, err := os.ReadFile("mancala_env.h")
	if err != nil {
		t.Fatal(err)
	}
	fast, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "python", "mancala_engine", "_fast.c"))
	if err != nil {
		t.Fatal(err)
	}
	funcs, structs := decls(t, string(ours))
	// _fast.c's names for the header's types.
	text := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(string(fast), " ")
	alias := strings.NewReplacer("env_t", "mancala_env", "step_t", "mancala_step_t")
	norm := func(s string) string {
		s = alias.Replace(regexp.MustCompile(`\bconst\b`).ReplaceAllString(s, " "))
		s = strings.ReplaceAll(s, "*", " * ")
		s = strings.Join(strings.Fields(s), " ")
		return strings.ReplaceAll(s, " *", "*")
	}
	fields := func(body string) []string {
		var out []string
		for _, f := range strings.Split(body, ";") {
			if f = norm(f); f != "" {
				out = append(out, f)
			}
		}
		return out
	}
	got := map[string][]string{}
	for _, m := range regexp.MustCompile(`(?s)typedef struct\s*\{([^{}]*)\}\s*(env_t|step_t)\s*;`).FindAllStringSubmatch(text, -1) {
		got[alias.Replace(m[2])] = fields(m[1])
	}
	for _, name := range []string{"mancala_env", "mancala_step_t"} {
		if got[name] == nil {
			t.Errorf("_fast.c declares no %s (under its own name)", name)
			continue
		}
		// The header's fields carry names; so do _fast.c's.
		if diff := cmp.Diff(structs[name], got[name]); diff != "" {
			t.Errorf("%s (-mancala_env.h +_fast.c):\n%s", name, diff)
		}
	}
	ptrs := regexp.MustCompile(`(?s)typedef\s+(\w+)\s*\(\*(\w+)_fn\)\s*\(([^)]*)\)\s*;`).FindAllStringSubmatch(text, -1)
	if len(ptrs) < 3 {
		t.Fatalf("read %d function pointer types of _fast.c, want 3 or more: the parser is broken", len(ptrs))
	}
	for _, m := range ptrs {
		want, ok := funcs["mancala_env_"+m[2]]
		if !ok {
			t.Errorf("_fast.c's %s_fn names no mancala_env_%s of the header", m[2], m[2])
			continue
		}
		var types []string
		for _, p := range strings.Split(m[3], ",") {
			types = append(types, norm(p))
		}
		types = append(types, "-> "+norm(m[1]))
		if diff := cmp.Diff(want, types); diff != "" {
			t.Errorf("%s_fn (-mancala_env_%s of the header +_fast.c):\n%s", m[2], m[2], diff)
		}
	}
}
