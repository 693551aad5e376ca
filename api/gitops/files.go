package gitops

import (
	"errors"

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
	seen := map[string]bool{}
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
			skipped = append(skipped, Skipped{Path: path, Reason: nc.reason})
		case err != nil:
			errs = append(errs, &FileError{Path: path, Err: err})
		default:
			files = append(files, f)
		}
	}
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if err != nil {
			errs = append(errs, &FileError{Path: arg, Err: cleanPathErr(err)})
			continue
		}
		if !fi.IsDir() {
			add(arg, false)
			continue
		}
		var found []string
		werr := filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, &FileError{Path: p, Err: cleanPathErr(err)})
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() && p != arg && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir // .git and friends
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".json") {
				found = append(found, p)
			}
			return nil
		})
		if werr != nil {
			errs = append(errs, &FileError{Path: arg, Err: werr})
		}
		slices.Sort(found)
		for _, p := range found {
			add(p, true)
		}
	}
	return files, skipped, errs
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
