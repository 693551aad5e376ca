package sandbox

import (
	"net/http"

	"github.com/campaigns-cli/campaigns/api"
	"github.com/campaigns-cli/campaigns/engine"
)

// handleReach estimates an audience on the demo users (sandbox only): the
// editor's Review step shows it beside the audience of a draft, which the
// search's reachability_details (scheduled campaigns only) cannot.
func (s *Server) handleReach(w http.ResponseWriter, r *http.Request, req *api.ReachRequest) {
	if req.SegmentationDetails == nil {
		writeErr(w, r, errValidation("segmentation_details", "segmentation_details is required: the audience to estimate."))
		return
	}
	n, issues := s.users().Count(req.SegmentationDetails, s.now())
	out := api.ReachResult{Count: int64(n), Total: int64(len(s.users().Users)), Issues: []api.ReachIssue{}}
	for _, is := range issues[:min(len(issues), MaxDetails)] {
		out.Issues = append(out.Issues, api.ReachIssue{Field: is.Target, Issue: is.Message})
	}
	if more := len(issues) - MaxDetails; more > 0 {
		m := engine.MoreProblems(more)
		out.Issues = append(out.Issues, api.ReachIssue{Field: m.Target, Issue: m.Message})
	}
	writeData(w, r, http.StatusOK, "reach", out)
}
