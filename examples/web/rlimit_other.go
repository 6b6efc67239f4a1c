//go:build !unix

package main

// fdLimit returns 0: the limit of open files is not known here.
func fdLimit() int { return 0 }

// fdsOpen returns 16, a guess: only used with a known fdLimit.
func fdsOpen() int { return 16 }
