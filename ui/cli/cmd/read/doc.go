// Package read holds the commands that read the service for scripts and
// people: list, get, meta and export (one file each, in the gh shape:
// Options, NewCmd, run).
package read
