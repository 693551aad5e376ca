package ops

import "strings"

// Target is the service a write goes to, named the way a person chose it,
// so that every summary and result says where a change landed.
type Target struct {
	// Service is how the service was chosen: "the embedded sandbox",
	// "profile acme" or the base URL given.
	Service string `json:"service"`
	// Workspace is the workspace id (the Basic-auth user).
	Workspace string `json:"workspace"`
	// BaseURL is the root every request goes to.
	BaseURL string `json:"base_url"`
	// Profile is the profile's name, "" when none was used.
	Profile string `json:"profile,omitempty"`
}

// String names the target in a sentence: "workspace SANDBOX on the embedded
// sandbox", "workspace 4F2A on profile acme (https://api-01.example.com)".
func (t Target) String() string {
	var b strings.Builder
	if t.Workspace != "" {
		b.WriteString("workspace " + t.Workspace + " on ")
	}
	switch {
	case t.Service == "" && t.BaseURL == "":
		b.WriteString("an unnamed service")
	case t.Service == "":
		b.WriteString(t.BaseURL)
	case t.BaseURL == "" || t.Service == t.BaseURL || strings.Contains(t.Service, "sandbox"):
		b.WriteString(t.Service)
	default:
		b.WriteString(t.Service + " (" + t.BaseURL + ")")
	}
	return b.String()
}
