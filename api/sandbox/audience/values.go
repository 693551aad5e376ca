package audience

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

func sameDay(a, b time.Time) bool {
	a, b = a.UTC(), b.UTC()
	return a.Year() == b.Year() && a.YearDay() == b.YearDay()
}

// --- value conversion --------------------------------------------------------

func list(v any) []any {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		return x
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	case []float64:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out
	}
	return []any{v}
}

func toString(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), true
	case int:
		return strconv.Itoa(x), true
	case int64:
		return strconv.FormatInt(x, 10), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, !math.IsNaN(x)
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil && !math.IsNaN(f)
	}
	return 0, false
}

func toBool(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		b, err := strconv.ParseBool(strings.TrimSpace(x))
		return b, err == nil
	case []any:
		if len(x) == 1 {
			return toBool(x[0])
		}
	}
	return false, false
}

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02 15:04:05"}

func toTime(v any) (span, bool) {
	switch x := v.(type) {
	case time.Time:
		return span{from: x, to: x}, true
	case string:
		s := strings.TrimSpace(x)
		if t, err := time.Parse("2006-01-02", s); err == nil {
			return span{from: t, to: t.AddDate(0, 0, 1), day: true}, true
		}
		for _, l := range timeLayouts {
			if t, err := time.Parse(l, s); err == nil {
				return span{from: t, to: t}, true
			}
		}
	}
	return span{}, false
}

func toDuration(v any) (time.Duration, bool) {
	n, unit := 0.0, "days"
	switch x := v.(type) {
	case map[string]any:
		f, ok := toFloat(x["value"])
		if !ok {
			return 0, false
		}
		n = f
		if u, ok := x["unit"].(string); ok {
			unit = strings.ToLower(u)
		} else if x["unit"] != nil {
			return 0, false
		}
	default:
		f, ok := toFloat(v)
		if !ok {
			return 0, false
		}
		n = f
	}
	if n < 0 || n > 100*365 {
		return 0, false
	}
	per := map[string]time.Duration{
		"minute": time.Minute, "minutes": time.Minute, "hour": time.Hour, "hours": time.Hour,
		"day": 24 * time.Hour, "days": 24 * time.Hour, "week": 7 * 24 * time.Hour, "weeks": 7 * 24 * time.Hour,
		"month": 30 * 24 * time.Hour, "months": 30 * 24 * time.Hour,
	}[unit]
	if per == 0 {
		return 0, false
	}
	return time.Duration(n * float64(per)), true
}

func show(v any) string {
	if v == nil {
		return "nothing"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
