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
		found, skip, werrs := Walk(arg)
		skipped, errs = append(skipped, skip...), append(errs, werrs...)
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
