module github.com/seed8ebe013a/go-mancala

go 1.24

require pgregory.net/rapid v1.3.0

require (
	github.com/andybalholm/brotli v1.3.0
	github.com/coder/websocket v1.8.14
	github.com/fatih/color v1.18.0
	github.com/google/go-cmp v0.7.0
	github.com/schollz/progressbar/v3 v3.18.0
	go.etcd.io/bbolt v1.4.3
	golang.org/x/net v0.34.0
	golang.org/x/term v0.28.0
)

require (
	github.com/mattn/go-colorable v0.1.13 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.29.0 // indirect
)
