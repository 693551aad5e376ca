// Package gitops keeps campaigns as files: export writes each campaign as the
// service returns it (pretty, keys sorted so diffs stay small, unknown fields
// kept), diff compares files with the service component by component, and
// apply sends only the components that differ, validated locally first and
// paced under the service's rate limits.
//
// It talks to the service through the Service interface (*api.Client
// satisfies it) and does no terminal I/O: the command layer renders.
//
// # Conflicts
//
// A file holds the campaign as GET returned it, updated_at included. When the
// service's updated_at is no longer the file's, someone changed the campaign
// after the export; a component that then differs cannot be told apart as
// "edited in the file" or "changed on the service", so it is reported as a
// conflict and not sent. Re-export (or pass Force) to resolve. After a
// successful apply the file and its base are rewritten with the service's
// new record, made from the record read before the PATCH and the body sent
// (see written): updated_at, which only the service's clock knows, is left
// out, so a file separated from its base is a conflict rather than taken as
// the newest version.
package gitops
