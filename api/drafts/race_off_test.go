//go:build !race

package drafts

const raceOn = false
