package model

// Str is the value of an optional string: "" when absent. The one helper
// for reading the *string fields of the model, in every layer.
func Str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
