package gitops

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// BaseDir is the folder, beside the campaign files, that keeps each file's
// base: the service copy it was exported or last applied from. It starts
// with a dot, so folder walks skip it as they skip .git.
const BaseDir = ".campaigns"

// BasePath is where the base of a campaign file with this campaign_id is
// kept: DIR/.campaigns/<campaign_id>.json beside the file.
func BasePath(filePath, campaignID string) string {
	return filepath.Join(filepath.Dir(filePath), BaseDir, FileName(campaignID))
}

// LoadBase reads a file's base; nil without error when there is none (a
// hand-written file, or one exported before bases were kept).
func LoadBase(filePath, campaignID string) (map[string]any, error) {
	if campaignID == "" {
		return nil, nil
	}
	f, err := Load(BasePath(filePath, campaignID))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, &FileError{Path: BasePath(filePath, campaignID), Err: err}
	}
	return f.Tree, nil
}

// SaveBase keeps rec as the base of the campaign file at filePath.
func SaveBase(filePath string, rec map[string]any) error {
	id := str(rec["campaign_id"])
	if id == "" {
		id = str(rec["id"])
	}
	dir := filepath.Join(filepath.Dir(filePath), BaseDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return Save(BasePath(filePath, id), rec)
}
