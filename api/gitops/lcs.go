package gitops

import (
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
)

// maxEditDistance bounds the exact line diff: past this many differing
// lines the trace would grow quadratically, and a diff that large is read
// as "rewritten" anyway, so the character diff's approximation is used.
const maxEditDistance = 2000

// LineDiff is a minimal line diff of a to b (Myers' O(ND) algorithm: the
// shortest edit script, so the longest common subsequence of lines is kept
// and an added block shows as additions only, as GNU diff shows it). The
// edits are at line boundaries, in the form udiff.ToUnified reads.
func LineDiff(a, b string) []udiff.Edit {
	if a == b {
		return nil
	}
	al, bl := splitKeep(a), splitKeep(b)
	ops, ok := myers(al, bl)
	if !ok {
		return udiff.Strings(a, b)
	}
	offsets := make([]int, len(al)+1)
	for i, l := range al {
		offsets[i+1] = offsets[i] + len(l)
	}
	var edits []udiff.Edit
	i, j := 0, 0
	for k := 0; k < len(ops); {
		if ops[k] == opKeep {
			i, j, k = i+1, j+1, k+1
			continue
		}
		i0, j0 := i, j
		for k < len(ops) && ops[k] != opKeep {
			if ops[k] == opDel {
				i++
			} else {
				j++
			}
			k++
		}
		edits = append(edits, udiff.Edit{Start: offsets[i0], End: offsets[i], New: strings.Join(bl[j0:j], "")})
	}
	return edits
}

type op byte

const (
	opKeep op = iota
	opDel
	opIns
)

// myers returns the shortest edit script from a to b, deletions before
// insertions within a changed block; false when it needs more than
// maxEditDistance edits.
func myers(a, b []string) ([]op, bool) {
	n, m := len(a), len(b)
	maxD := min(n+m, maxEditDistance)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, d, n, m), true
			}
		}
	}
	return nil, false
}

// backtrack walks the saved frontiers back from (n, m) to (0, 0).
func backtrack(trace [][]int, d, n, m int) []op {
	var rev []op
	x, y := n, m
	for ; d > 0; d-- {
		fr := trace[d] // v before step d, indices k+d+1 for k in [-d-1, d+1]
		at := func(k int) int { return fr[k+d+1] }
		k := x - y
		var pk int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			rev = append(rev, opKeep)
			x, y = x-1, y-1
		}
		if pk == k+1 {
			rev = append(rev, opIns)
		} else {
			rev = append(rev, opDel)
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		rev = append(rev, opKeep)
		x, y = x-1, y-1
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return orderBlocks(ops)
}

// orderBlocks puts the deletions of each changed block before its
// insertions, as unified diffs show them.
func orderBlocks(ops []op) []op {
	for i := 0; i < len(ops); {
		if ops[i] == opKeep {
			i++
			continue
		}
		j, dels := i, 0
		for j < len(ops) && ops[j] != opKeep {
			if ops[j] == opDel {
				dels++
			}
			j++
		}
		for k := i; k < j; k++ {
			if k-i < dels {
				ops[k] = opDel
			} else {
				ops[k] = opIns
			}
		}
		i = j
	}
	return ops
}

// splitKeep splits text into lines, each keeping its newline.
func splitKeep(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}
