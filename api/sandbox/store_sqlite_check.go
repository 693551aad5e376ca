package sandbox

// The database's health: a damaged file or WAL is refused at start-up with
// what to do, and a full disk is told apart from other failures.

import (
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	"modernc.org/sqlite"
)

// SQLite's primary result codes this file tells apart.
const (
	sqliteCorrupt = 11
	sqliteFull    = 13
	sqliteNotADB  = 26
)

// isDiskFull reports an error that says the disk (or the database's
// maximum size) is full.
func isDiskFull(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqliteFull {
		return true
	}
	return errors.Is(err, syscall.ENOSPC)
}

func isCorrupt(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff
		return c == sqliteCorrupt || c == sqliteNotADB
	}
	return false
}

// damaged is the start-up error for a damaged database: which file, what
// is wrong, and how to recover.
func damaged(path, what string) error {
	return fmt.Errorf(`sandbox: the database %s is damaged: %s.
Stop every campaigns process using it and keep a copy of its folder. Then either
  - restore the folder from a backup, or
  - recover what it holds:  sqlite3 %s ".recover" | sqlite3 recovered.db
    and move recovered.db in place of sandbox.db (remove sandbox.db-wal and sandbox.db-shm), or
  - start afresh with --data pointing to an empty folder`, path, what, path)
}

// newFile reports a database file that does not exist yet or is empty,
// which SQLite makes a new database.
func newFile(path string) bool {
	fi, err := os.Stat(path)
	return errors.Is(err, os.ErrNotExist) || err == nil && fi.Size() == 0
}

// quickCheck runs SQLite's quick_check on an opened database.
func quickCheck(db *sql.DB, path string) error {
	rows, err := db.Query("PRAGMA quick_check(5)")
	if err != nil {
		if isCorrupt(err) {
			return damaged(path, err.Error())
		}
		return err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	if err := rows.Err(); err != nil {
		if isCorrupt(err) {
			return damaged(path, err.Error())
		}
		return err
	}
	if len(found) > 0 {
		return damaged(path, "quick_check found "+strings.Join(found, "; "))
	}
	return nil
}

// checkWAL verifies the checksums of the write-ahead log before SQLite
// opens it. SQLite replays a WAL up to its first bad frame and silently
// drops the rest, committed transactions included; a torn last frame after
// a crash is normal, but a bad frame followed by whole frames of the same
// log (its salts) means committed writes would be lost: that is refused.
func checkWAL(walPath string) error {
	f, err := os.Open(walPath)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	var hdr [32]byte
	if _, err := io.ReadFull(f, hdr[:]); err != nil {
		return nil // empty or torn header: SQLite ignores it, nothing was committed in it
	}
	magic := binary.BigEndian.Uint32(hdr[0:])
	if magic != 0x377f0682 && magic != 0x377f0683 {
		return nil // not a WAL SQLite would read
	}
	order := binary.ByteOrder(binary.LittleEndian)
	if magic&1 == 1 {
		order = binary.BigEndian
	}
	pageSize := int(binary.BigEndian.Uint32(hdr[8:]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize > 65536 || pageSize&(pageSize-1) != 0 {
		return nil
	}
	salt1, salt2 := binary.BigEndian.Uint32(hdr[16:]), binary.BigEndian.Uint32(hdr[20:])
	s1, s2 := walChecksum(order, hdr[:24], 0, 0)
	if s1 != binary.BigEndian.Uint32(hdr[24:]) || s2 != binary.BigEndian.Uint32(hdr[28:]) {
		return nil // a bad header: SQLite ignores the whole log (nothing of it was checkpointed yet either way)
	}
	frame := make([]byte, 24+pageSize)
	bad := 0 // the first bad frame, 1-based
	lostCommits := 0
	for n := 1; ; n++ {
		if _, err := io.ReadFull(f, frame); err != nil {
			break // end of the log, or a torn last frame
		}
		sameLog := binary.BigEndian.Uint32(frame[8:]) == salt1 && binary.BigEndian.Uint32(frame[12:]) == salt2
		if bad > 0 {
			if sameLog && binary.BigEndian.Uint32(frame[4:]) != 0 {
				lostCommits++
			}
			continue
		}
		if !sameLog {
			break // frames of an older log, overwritten from the start
		}
		s1, s2 = walChecksum(order, frame[:8], s1, s2)
		s1, s2 = walChecksum(order, frame[24:], s1, s2)
		if s1 != binary.BigEndian.Uint32(frame[16:]) || s2 != binary.BigEndian.Uint32(frame[20:]) {
			bad = n
		}
	}
	if lostCommits == 0 {
		return nil
	}
	keep := 32 + int64(bad-1)*int64(24+pageSize)
	return fmt.Errorf(`sandbox: the write-ahead log %s is damaged: frame %d fails its checksum, and %d committed transactions after it would be lost silently.
Stop every campaigns process using it and keep a copy of its folder. Then either
  - restore the folder from a backup, or
  - accept the loss of those transactions: truncate -s %d %s  (the log up to the damaged frame) and start again`,
		walPath, bad, lostCommits, keep, walPath)
}

// walChecksum is SQLite's WAL checksum over b (a multiple of 8 bytes),
// continuing from s1, s2.
func walChecksum(order binary.ByteOrder, b []byte, s1, s2 uint32) (uint32, uint32) {
	for i := 0; i+8 <= len(b); i += 8 {
		s1 += order.Uint32(b[i:]) + s2
		s2 += order.Uint32(b[i+4:]) + s1
	}
	return s1, s2
}
