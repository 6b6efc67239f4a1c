package mancala

import "strconv"

// OptionKind says what values a rule option takes.
type OptionKind uint8

const (
	// EnumOption takes one of a list of names (RuleOption.Values); the
	// first is the default.
	EnumOption OptionKind = iota
	// BoolOption takes "true" or "false"; false is the default.
	BoolOption
	// IntOption takes a decimal number: 0 (meaning the default) or
	// RuleOption.Min..RuleOption.Max.
	IntOption
)

var optionKindNames = [...]string{"enum", "bool", "int"}

// String returns "enum", "bool" or "int"; out of range "OptionKind(7)".
func (k OptionKind) String() string {
	if int(k) < len(optionKindNames) {
		return optionKindNames[k]
	}
	return "OptionKind(" + strconv.Itoa(int(k)) + ")"
}

// RuleOption describes one rule option of a game, as a front end offers it
// (a game's Descriptor.Options, sorted by name). The option is written in
// a rules= field as Name:Value.
type RuleOption struct {
	Name    string     // the option as written in rules= ("Columns", "Endless")
	Kind    OptionKind // enum, bool or int
	Values  []string   // the allowed values: enum names, "false" and "true", or every int of a short range ("6", "7", "8"); nil for a long int range
	Min     int        // IntOption: the smallest value other than 0
	Max     int        // IntOption: the largest value
	Default string     // the default value as written ("Draw", "false", "7", "1000000")
	Clause  string     // the rule clause it belongs to ("KS-1", "C-6")
	Doc     string     // one line in plain words
}
