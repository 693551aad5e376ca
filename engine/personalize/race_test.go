//go:build race

package personalize

const raceEnabled = true
