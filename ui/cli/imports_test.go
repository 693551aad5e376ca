package cli

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// layerRules say which of the project's packages each package may import:
// model ← engine ← forms ← ui ← main, api beside forms (never ui or forms),
// themes only lipgloss, and inside ui every screen and component on
// ui/common only (ARCHITECTURE.md); every door writes through api/ops. A rule names the importing package by
// prefix; the first matching rule applies.
var layerRules = []struct {
	pkg     string   // import path below the module, or a prefix ending in "/"
	allowed []string // project packages (prefixes ending in "/") it may import
	deny    string   // why, for the failure message
}{
	{"model/modeltest", []string{"model"}, "test support: campaigns for the tests of every layer"},
	{"model/", []string{"model/"}, "the model is plain data"},
	{"model", []string{"model/"}, "the model is plain data"},
	{"engine/", []string{"model", "engine/"}, "the engine sees only the model"},
	{"engine", []string{"model", "engine/"}, "the engine sees only the model"},
	{"forms", []string{"model", "engine", "engine/"}, "forms are built on the engine"},
	{"api/", []string{"model", "engine", "engine/", "api", "api/"}, "api uses model and engine, never ui or forms"},
	{"api", []string{"model", "engine", "engine/"}, "api uses model and engine, never ui or forms"},
	{"themes", nil, "themes import only lipgloss"},
	{"ui/common", []string{"model", "engine", "engine/", "api", "api/ops", "themes"}, "ui/common is shared by every screen and imports none"},
	{"ui/components/", []string{"model", "engine", "engine/", "api", "themes", "ui/common", "ui/components/"}, "a component imports no page, no forms and not the ui root (it may be built of smaller components)"},
	{"ui/pages/", []string{"model", "engine", "engine/", "forms", "api", "api/drafts", "api/ops", "themes", "ui/common", "ui/components/", "ui/internal/resume"}, "pages import no other page, no sandbox and not the ui root"},
	{"ui/internal/", []string{"model", "api", "themes", "ui/common"}, "test support and small helpers; no sandbox"},
	{"ui/sshserver", []string{"model", "engine", "api", "api/ops", "themes", "ui", "ui/common"}, "the SSH host serves the ui root"},
	{"ui/cli/cmdutil", cliAllowed, "cmdutil is below every command: it imports no command and not ui/cli"},
	{"ui/cli/cmd/", append([]string{"ui/cli/cmdutil", "ui/cli/internal/"}, cliAllowed...), "a command group imports cmdutil and the helpers several groups share (ui/cli/internal), never another group and never ui/cli"},
	{"ui/cli/internal/", append([]string{"ui/cli/cmdutil", "ui/cli/internal/"}, cliAllowed...), "what several commands share sits below them: it imports cmdutil, no command and not ui/cli"},
	{"ui/cli/", cliAllowed, "the command line is a user interface: it may build any screen and start the sandbox"},
	{"ui/cli", append([]string{"ui/cli/"}, cliAllowed...), "the root assembles the commands: ui/cli imports every command group (ui/cli/cmd/*) and cmdutil"},
	{"ui", []string{"model", "engine", "engine/", "forms", "api", "api/ops", "themes", "ui/common", "ui/components/", "ui/pages/"}, "the root routes between pages"},
}

// cliAllowed are what the command line's packages may import besides one
// another: it is a user interface, so it may build any screen and start the
// sandbox.
var cliAllowed = []string{"model", "engine", "engine/", "forms", "api", "api/", "themes", "ui", "ui/common", "ui/components/", "ui/pages/", "ui/sshserver"}

// commandGroups are the packages of ui/cli/cmd, one per group of commands
// (each holds one file per command in the gh shape). Every command test
// binary links the whole program with its sandbox, so a new command joins
// its group rather than making a package of its own.
var commandGroups = []string{"ui/cli/cmd/act", "ui/cli/cmd/api", "ui/cli/cmd/auth", "ui/cli/cmd/files", "ui/cli/cmd/read", "ui/cli/cmd/serve"}

const module = "github.com/campaigns-cli/campaigns"

type listed struct {
	ImportPath string
	Imports    []string
}

// projectPackages is every package of the module with its imports (its
// test files aside), read as the go command reads them (go/build: build
// constraints included) without starting it: `go list ./...` was most of
// this test's time.
func projectPackages(t *testing.T) []listed {
	t.Helper()
	const root = "../.." // the module root: every package, not only the command line's
	var pkgs []listed
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir // as ./... does
		}
		p, err := build.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		ip := module
		if rel, _ := filepath.Rel(root, path); rel != "." {
			ip += "/" + filepath.ToSlash(rel)
		}
		pkgs = append(pkgs, listed{ImportPath: ip, Imports: p.Imports})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestImportsPointOneWay fails when a package imports across the layers.
func TestImportsPointOneWay(t *testing.T) {
	t.Parallel()
	pkgs := projectPackages(t)
	if len(pkgs) < 10 {
		t.Fatalf("found %d packages", len(pkgs))
	}
	matches := func(path, rule string) bool {
		if strings.HasSuffix(rule, "/") {
			return strings.HasPrefix(path, rule)
		}
		return path == rule
	}
	checked, groups := 0, 0
	for _, p := range pkgs {
		rel, ok := strings.CutPrefix(p.ImportPath, module+"/")
		if !ok {
			continue // main: it may import anything
		}
		if strings.HasPrefix(rel, "ui/cli/cmd/") {
			if !slices.Contains(commandGroups, rel) {
				t.Errorf("%s: a command joins the package of its group (%s), each package is one more test binary linking the whole program", rel, strings.Join(commandGroups, ", "))
			}
			groups++
		}
		for _, r := range layerRules {
			if !matches(rel, r.pkg) {
				continue
			}
			checked++
			for _, imp := range p.Imports {
				dep, ok := strings.CutPrefix(imp, module+"/")
				if !ok {
					if rel == "themes" && imp != "github.com/charmbracelet/lipgloss" && strings.Contains(imp, ".") {
						t.Errorf("themes imports %s: %s", imp, r.deny)
					}
					continue
				}
				if strings.HasPrefix(dep, rel+"/") && r.pkg != "ui" {
					continue // its own sub-packages
				}
				if page := pageOf(rel); page != "" && strings.HasPrefix(dep, page+"/") {
					continue // the parts of one page use each other (ui/pages/editor/dialogs, …/rowform)
				}
				allowed := false
				for _, a := range r.allowed {
					allowed = allowed || matches(dep, a)
				}
				if !allowed {
					t.Errorf("%s imports %s: %s", rel, dep, r.deny)
				}
			}
			break
		}
	}
	if checked < 10 {
		t.Fatalf("only %d packages matched a rule", checked)
	}
	if groups != len(commandGroups) {
		t.Errorf("found %d packages under ui/cli/cmd, want the %d command groups %v", groups, len(commandGroups), commandGroups)
	}
	// Test support is linked into tests only.
	for _, p := range pkgs {
		for _, imp := range p.Imports {
			if imp == module+"/ui/internal/uitest" || imp == module+"/api/sandbox/sandboxtest" || imp == module+"/model/modeltest" ||
				imp == module+"/api/refserver" || imp == module+"/api/internal/refcheck" || imp == module+"/ui/cli/internal/clitest" {
				t.Errorf("%s imports the test support package", p.ImportPath)
			}
		}
	}
}

// TestRootHoldsOnlyMain: the module root is the binary's entry and nothing
// else; the command line lives here, in ui/cli.
func TestRootHoldsOnlyMain(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("../../*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if filepath.Base(f) != "main.go" {
			t.Errorf("%s: the module root holds main.go only (the command line lives in ui/cli)", filepath.Base(f))
		}
	}
}

// TestRendererNamedInOnePlace: only themes and ui/common name lipgloss's
// renderer, so the move to the Charm v2 line (no renderer) changes them
// alone.
func TestRendererNamedInOnePlace(t *testing.T) {
	t.Parallel()
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, "../../"))
		if strings.HasPrefix(rel, "themes/") || strings.HasPrefix(rel, "ui/common/") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		// Split, so this file does not name them itself.
		for _, name := range []string{"lipgloss." + "Renderer", "lipgloss." + "NewRenderer", "lipgloss." + "DefaultRenderer"} {
			if strings.Contains(string(b), name) {
				t.Errorf("%s names %s: use common.Renderer and common.NewRenderer", rel, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// pageOf is the page a package under ui/pages belongs to ("ui/pages/editor"
// for ui/pages/editor/dialogs), "" for any other package.
func pageOf(rel string) string {
	rest, ok := strings.CutPrefix(rel, "ui/pages/")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return "ui/pages/" + name
}
