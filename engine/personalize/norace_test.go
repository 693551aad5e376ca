//go:build !race

package personalize

const raceEnabled = false
