module github.com/seed8ebe013a/go-mancala

go 1.24

require pgregory.net/rapid v1.3.0
