package gitops

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/model"
)

// File is one campaign file as read from disk.
type File struct {
	Path string
	// Tree is the document as parsed (json.Number kept exact).
	Tree map[string]any
}

// CampaignID is the file's campaign_id, "" when it has none (a new draft).
func (f *File) CampaignID() string { return str(f.Tree["campaign_id"]) }

// UpdatedAt is the file's updated_at as exported, "" when absent.
func (f *File) UpdatedAt() string { return str(f.Tree["updated_at"]) }

// Name is the campaign's basic_details.name, "" when absent.
func (f *File) Name() string {
	if b, ok := f.Tree["basic_details"].(map[string]any); ok {
		return str(b["name"])
	}
	return ""
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// FileError is a file that could not be read or is not a campaign. The
// message names the file, and for broken JSON the line and column.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// Skipped is a JSON file inside a folder that does not look like a campaign.
type Skipped struct {
	Path   string
	Reason string
}

// campaignKeys are the top-level keys of which a campaign file has at least
// one; a JSON object in a folder with none of them is someone else's file.
var campaignKeys = []string{"campaign_id", "channel", "campaign_delivery_type", "basic_details", "campaign_content"}

// Collect expands the arguments into campaign files: a file is taken as
// named; a folder gives every *.json inside it, recursively, in name order.
// Files that cannot be read or parsed come back as errors (the others are
// still returned); JSON in a folder that is not a campaign is skipped with
// a note.
func Collect(args []string) (files []*File, skipped []Skipped, errs []*FileError) {
	set, _ := collect(args)
	return set.Files, set.Skipped, set.Errs
}

// Set is what a command works on: the campaign files of its arguments and
// everything found beside them that it must not leave unsaid.
type Set struct {
	Files   []*File
	Skipped []Skipped
	// Errs are files that could not be read, and files sharing a
	// campaign_id (each named, none of them kept in Files).
	Errs []*FileError
	// Orphans are campaigns whose base is kept in a folder but whose file
	// is gone: on the service, not in the repository.
	Orphans []Orphan
}

// Orphan is a base without its campaign file.
type Orphan struct {
	CampaignID string
	Name       string
	// Base is the base's path (DIR/.campaigns/<id>.json).
	Base string
}

// Scan is Collect that also finds duplicate campaign_ids and the bases
// whose files are gone (in folders given as arguments).
func Scan(args []string) *Set {
	set, bases := collect(args)
	set.dropDuplicates()
	set.findOrphans(bases)
	return set
}

func collect(args []string) (*Set, []string) {
	set := &Set{}
	seen := map[string]bool{}
	var bases []string
	add := func(path string, inFolder bool) {
		clean := filepath.Clean(path)
		if seen[clean] {
			return
		}
		seen[clean] = true
		f, err := Load(path)
		var nc *notCampaign
		switch {
		case errors.As(err, &nc) && inFolder:
			set.Skipped = append(set.Skipped, Skipped{Path: path, Reason: nc.reason})
		case err != nil:
			set.Errs = append(set.Errs, &FileError{Path: path, Err: err})
		default:
			set.Files = append(set.Files, f)
		}
	}
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if err != nil {
			set.Errs = append(set.Errs, &FileError{Path: arg, Err: cleanPathErr(err)})
			continue
		}
		if !fi.IsDir() {
			add(arg, false)
			continue
		}
		found, bs, errs := walk(arg)
		set.Errs = append(set.Errs, errs...)
		bases = append(bases, bs...)
		for _, p := range found {
			add(p, true)
		}
	}
	return set, bases
}

// walk lists the *.json files under dir in name order, and the bases kept
// in its .campaigns folders; other dot-folders (.git …) are skipped.
func walk(dir string) (found, bases []string, errs []*FileError) {
	werr := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, &FileError{Path: p, Err: cleanPathErr(err)})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() && p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.Name() == BaseDir {
				bs, _ := filepath.Glob(filepath.Join(p, "*.json"))
				bases = append(bases, bs...)
			}
			return fs.SkipDir
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".json") {
			found = append(found, p)
		}
		return nil
	})
	if werr != nil {
		errs = append(errs, &FileError{Path: dir, Err: werr})
	}
	slices.Sort(found)
	return found, bases, errs
}

// dropDuplicates turns files sharing a campaign_id into errors naming all
// of them: either could be meant, so neither is acted on.
func (s *Set) dropDuplicates() {
	byID := map[string][]string{}
	for _, f := range s.Files {
		if id := f.CampaignID(); id != "" {
			byID[id] = append(byID[id], f.Path)
		}
	}
	s.Files = slices.DeleteFunc(s.Files, func(f *File) bool {
		paths := byID[f.CampaignID()]
		if len(paths) < 2 {
			return false
		}
		others := slices.DeleteFunc(slices.Clone(paths), func(p string) bool { return p == f.Path })
		s.Errs = append(s.Errs, &FileError{Path: f.Path, Err: fmt.Errorf("campaign_id %s is also in %s; one campaign, one file: remove or rename the copy", f.CampaignID(), strings.Join(others, ", "))})
		return true
	})
}

// findOrphans reports the bases whose campaign has no file among the
// arguments (duplicates count as present: they are reported already).
func (s *Set) findOrphans(bases []string) {
	have := map[string]bool{}
	for _, f := range s.Files {
		have[f.CampaignID()] = true
	}
	for _, e := range s.Errs {
		if f, err := Load(e.Path); err == nil {
			have[f.CampaignID()] = true
		}
	}
	for _, b := range bases {
		f, err := Load(b)
		if err != nil {
			continue
		}
		if id := f.CampaignID(); id != "" && !have[id] {
			s.Orphans = append(s.Orphans, Orphan{CampaignID: id, Name: f.Name(), Base: b})
		}
	}
}

type notCampaign struct{ reason string }

func (e *notCampaign) Error() string { return e.reason }

// Load reads one campaign file.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, cleanPathErr(err)
	}
	tree, err := model.Parse(data)
	if err != nil {
		return nil, err // *model.SyntaxError: line and column
	}
	m, ok := tree.(map[string]any)
	if !ok {
		return nil, &notCampaign{"not a campaign: the document is " + api.JSONKind(tree) + ", not a JSON object"}
	}
	if !slices.ContainsFunc(campaignKeys, func(k string) bool { _, ok := m[k]; return ok }) {
		return nil, &notCampaign{"not a campaign: none of " + strings.Join(campaignKeys, ", ") + " is present"}
	}
	return &File{Path: path, Tree: m}, nil
}

// Save writes a campaign record to path in the stable format, atomically
// (a temporary file renamed over the old one), keeping the old file's mode.
func Save(path string, tree any) error {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	if _, err := tmp.Write(Marshal(tree)); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// cleanPathErr drops the "open PATH:" prefix: the caller names the file.
func cleanPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// FileName is the name export gives a campaign's file.
func FileName(campaignID string) string {
	// A campaign id is an ObjectId-like token; anything that could leave the
	// folder is replaced so a hostile id cannot write elsewhere.
	safe := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == 0 || r == ':' {
			return '_'
		}
		return r
	}, campaignID)
	if safe == "" || safe == "." || safe == ".." {
		safe = "_" + safe
	}
	return safe + ".json"
}
