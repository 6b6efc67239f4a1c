package kisolo_test

import (
	"os"
	"regexp"
	"testing"
)

// TestReadmeExample checks that the README's code block (the body of its
// main) is the body of Example_readme, which runs with its output
// checked, so that the README's example cannot rot.
func TestReadmeExample(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)```go\n(.*?)```").FindSubmatch(readme)
	if block == nil {
		t.Fatal("README.md has no ```go code block")
	}
	main := regexp.MustCompile(`(?s)\nfunc main\(\) \{\n(.*?)\n\}\n`).FindSubmatch(block[1])
	if main == nil {
		t.Fatalf("README.md's code block has no func main:\n%s", block[1])
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	ex := regexp.MustCompile(`(?s)\nfunc Example_readme\(\) \{\n(.*?)\n\t// Output:\n`).FindSubmatch(src)
	if ex == nil {
		t.Fatal("example_test.go has no Example_readme with an Output comment")
	}
	if string(main[1]) != string(ex[1]) {
		t.Errorf("README.md's main differs from Example_readme; keep them the same.\nREADME:\n%s\nExample_readme:\n%s", main[1], ex[1])
	}
}
