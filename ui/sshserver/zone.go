package sshserver

import (
	"strings"
	"time"

	"github.com/campaigns-cli/campaigns/ui"
	"github.com/campaigns-cli/campaigns/ui/common"
)

// sessionZone is the time zone the SSH client sent as TZ (ssh -o
// SendEnv=TZ), when it names one: "Europe/Madrid", ":Asia/Tokyo", "UTC".
// POSIX rules ("CET-1CEST,…") and unknown names are not a zone we can
// read: the caller says "server time" instead.
func sessionZone(env []string) (*time.Location, bool) {
	v, ok := lookupEnv(env, "TZ")
	v = strings.TrimPrefix(strings.TrimSpace(v), ":")
	if !ok || v == "" {
		return nil, false
	}
	loc, err := time.LoadLocation(v)
	if err != nil {
		return nil, false
	}
	return loc, true
}

// setZone gives the session's own draft editor (the one wire built) the
// client's zone, or marks the time it shows as the server's. An editor of
// the base config, shared by every session, is left as it is.
func setZone(cfg *ui.Config, base ui.Config, env []string) {
	if loc, ok := sessionZone(env); ok {
		cfg.Local, cfg.ServerTime = loc, false
	} else {
		cfg.Local, cfg.ServerTime = common.LocalZone(), true
	}
	if cfg.Editor == nil || cfg.Editor == base.Editor {
		return
	}
	if loc, ok := sessionZone(env); ok {
		cfg.Editor.Local, cfg.Editor.ServerTime = loc, false
	} else {
		cfg.Editor.Local, cfg.Editor.ServerTime = common.LocalZone(), true
	}
}
