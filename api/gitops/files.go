package gitops

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"

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
		found, skip, werrs := Walk(arg)
		set.Skipped, set.Errs = append(set.Skipped, skip...), append(set.Errs, werrs...)
		bases = append(bases, baseFiles(arg)...)
		for _, p := range found {
			add(p, true)
		}
	}
	return set, bases
}

// baseFiles lists the bases kept in the .campaigns folders under dir
// (Walk, which finds the campaign files, skips every dot-folder).
func baseFiles(dir string) []string {
	var bases []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil || !d.IsDir() || p == dir:
			return nil
		case d.Name() == BaseDir:
			bs, _ := filepath.Glob(filepath.Join(p, "*.json"))
			bases = append(bases, bs...)
			return fs.SkipDir
		case strings.HasPrefix(d.Name(), "."):
			return fs.SkipDir
		}
		return nil
	})
	return bases
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
	data, err := ReadFile(path)
	if err != nil {
		return nil, err
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
	return writeAtomic(path, Marshal(tree), mode, false)
}

// writeAtomic replaces the file at path with data: written beside it and
// renamed over it, so a crash leaves the old file or the new one, never a
// mix; durable also syncs it to disk before the rename.
func writeAtomic(path string, data []byte, mode fs.FileMode, durable bool) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil && durable {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
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

// FileName is the name export gives a campaign's file: <campaign_id>.json
// for the service's ids (24 lowercase hex digits). Any other id is encoded
// reversibly: lowercase letters, digits and '-' stay, every other byte
// becomes _XX (its hex), so that no two ids share a file (a/b and a_b, nor
// A and a on a case-insensitive disk), and a name can neither leave the
// folder nor carry control characters. A name that would pass 200 bytes
// keeps its first 160 and a hash of the whole id.
func FileName(campaignID string) string {
	if objectID.MatchString(campaignID) {
		return campaignID + ".json"
	}
	var b strings.Builder
	b.WriteByte('_') // never a service id, never hidden, never ".."
	for i := 0; i < len(campaignID); i++ {
		c := campaignID[i]
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "_%02x", c)
		}
	}
	name := b.String()
	if len(name) > 200 {
		sum := sha256.Sum256([]byte(campaignID))
		name = name[:160] + "_~" + hex.EncodeToString(sum[:8])
	}
	return name + ".json"
}

var objectID = regexp.MustCompile(`^[0-9a-f]{24}$`)
