package gitops

import (
	"reflect"
	"slices"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/campaigns-cli/campaigns/model"
)

// componentOrder is the order components are reported in: the record's own
// order; unknown top-level keys follow, sorted.
var componentOrder = []string{
	"channel", "campaign_delivery_type", "sender_name",
	"basic_details", "connector", "trigger_condition", "campaign_content",
	"segmentation_details", "scheduling_details", "delivery_controls", "advanced",
	"conversion_goal_details", "control_group_details", "utm_params", "campaign_audience_limit",
}

// Change is one component that differs between a file and the service.
type Change struct {
	Component string
	// File and Service are the component's values; nil when absent there.
	File, Service any
	InFile        bool
	InService     bool
}

// Removed reports a component the service has and the file does not: a
// component PATCH cannot remove it.
func (c Change) Removed() bool { return !c.InFile && c.InService }

// Compare lists, in a stable order, the components (every top-level key but
// the service-owned ones) whose values differ between the file and the
// service's record.
func Compare(file, service map[string]any) []Change {
	var keys []string
	for k := range file {
		if !model.IsServiceOwned(k) {
			keys = append(keys, k)
		}
	}
	for k := range service {
		if _, dup := file[k]; !dup && !model.IsServiceOwned(k) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, compareComponents)
	var out []Change
	for _, k := range keys {
		fv, inF := file[k]
		sv, inS := service[k]
		// An explicit null reads as "not sent" (model codec), so null and
		// absent are the same component.
		inF = inF && fv != nil
		inS = inS && sv != nil
		if inF == inS && (!inF || reflect.DeepEqual(fv, sv)) {
			continue
		}
		out = append(out, Change{Component: k, File: fv, Service: sv, InFile: inF, InService: inS})
	}
	return out
}

func compareComponents(a, b string) int {
	ia, ib := slices.Index(componentOrder, a), slices.Index(componentOrder, b)
	switch {
	case ia >= 0 && ib >= 0:
		return ia - ib
	case ia >= 0:
		return -1
	case ib >= 0:
		return 1
	}
	return strings.Compare(a, b)
}

// Names lists the components of changes.
func Names(changes []Change) []string {
	out := make([]string, len(changes))
	for i, c := range changes {
		out[i] = c.Component
	}
	return out
}

// Unified is a unified diff of one component, service first ("-") and file
// second ("+"), both in the export format, with three lines of context.
func Unified(serviceLabel, fileLabel string, c Change) string {
	var a, b string
	if c.InService {
		a = string(Marshal(c.Service))
	}
	if c.InFile {
		b = string(Marshal(c.File))
	}
	edits := LineDiff(a, b)
	out, err := udiff.ToUnified(serviceLabel, fileLabel, a, edits, udiff.DefaultContextLines)
	if err != nil {
		return ""
	}
	return out
}

func sortComponents(keys []string) { slices.SortFunc(keys, compareComponents) }
