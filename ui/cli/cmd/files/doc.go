// Package files holds the commands on campaign files: validate, diff and
// apply (one file each, in the gh shape: Options, NewCmd, run). The CI
// report and the plan files are theirs.
package files
