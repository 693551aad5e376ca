package gitops

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// MaxFileBytes is the largest campaign file read: the service refuses any
// request body over 1 MiB, so a larger file could never be sent (and a
// 200 MB file would cost gigabytes to parse).
const MaxFileBytes = 1 << 20

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// ReadFile reads one campaign file within bounds: a regular file only (a
// named pipe would block for ever, a device never end), at most
// MaxFileBytes, valid UTF-8 (else the byte offset of the first invalid
// byte); a UTF-8 byte order mark is dropped.
func ReadFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, cleanPathErr(err)
	}
	if err := regular(fi.Mode()); err != nil {
		return nil, err
	}
	if fi.Size() > MaxFileBytes {
		return nil, tooLarge(fi.Size())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, cleanPathErr(err)
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil { // what was opened, not what was looked at
		return nil, cleanPathErr(err)
	}
	if err := regular(fi.Mode()); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, cleanPathErr(err)
	}
	if len(data) > MaxFileBytes {
		return nil, tooLarge(int64(len(data)))
	}
	return CheckText(data)
}

// CheckText drops a UTF-8 byte order mark and refuses text that is not
// UTF-8, naming the offset of the first bad byte (the service would read
// it otherwise, or a rewrite would silently replace it).
func CheckText(data []byte) ([]byte, error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	if utf8.Valid(data) {
		return data, nil
	}
	off := 0
	for off < len(data) {
		r, size := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		off += size
	}
	return nil, fmt.Errorf("not UTF-8: invalid byte 0x%02x at byte offset %d; save the file as UTF-8", data[off], off)
}

func regular(m fs.FileMode) error {
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return errors.New("a folder, not a campaign file")
	case m&fs.ModeNamedPipe != 0:
		return errors.New("a named pipe (FIFO), not a regular file: not read")
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		return errors.New("a device, not a regular file: not read")
	case m&fs.ModeSocket != 0:
		return errors.New("a socket, not a regular file: not read")
	}
	return errors.New("not a regular file: not read")
}

func tooLarge(n int64) error {
	return fmt.Errorf("%d bytes: larger than the service's 1 MiB body limit; not read", n)
}

// Walk lists the *.json files under root, in name order, the way a folder
// argument is read: hidden folders (.git) are left out; files that are not
// regular (named pipes, devices) and symbolic links that lead out of the
// folder are skipped with the reason, so that a hostile folder can neither
// block the command nor make it read elsewhere.
func Walk(root string) (found []string, skipped []Skipped, errs []*FileError) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, nil, []*FileError{{Path: root, Err: cleanPathErr(err)}}
	}
	werr := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, &FileError{Path: p, Err: cleanPathErr(err)})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir // .git and friends
			}
			return nil
		}
		if !strings.EqualFold(filepath.Ext(p), ".json") {
			return nil
		}
		switch t := d.Type(); {
		case t&fs.ModeSymlink != 0:
			target, err := filepath.EvalSymlinks(p)
			if err != nil {
				skipped = append(skipped, Skipped{Path: p, Reason: "a symbolic link that leads nowhere"})
				return nil
			}
			if rel, err := filepath.Rel(realRoot, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				skipped = append(skipped, Skipped{Path: p, Reason: "a symbolic link out of the folder (to " + target + "): not read"})
				return nil
			}
			if fi, err := os.Stat(target); err != nil || regular(fi.Mode()) != nil {
				skipped = append(skipped, Skipped{Path: p, Reason: "a symbolic link to something that is not a regular file: not read"})
				return nil
			}
		case !t.IsRegular():
			skipped = append(skipped, Skipped{Path: p, Reason: regular(t).Error()})
			return nil
		}
		found = append(found, p)
		return nil
	})
	if werr != nil {
		errs = append(errs, &FileError{Path: root, Err: werr})
	}
	slices.Sort(found)
	return found, skipped, errs
}
