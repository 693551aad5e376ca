package api

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

// TestWriteFormReadsTheReadForm: schedule_time becomes start_time (not the
// bare time of a periodic schedule), time_zone timezone, and delivery_type
// the request form the evidence names; Read says which and why.
func TestWriteFormReadsTheReadForm(t *testing.T) {
	at := func(s string) *model.Campaign {
		c, err := model.Decode([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	stored := at(`{"scheduling_details":{"delivery_type":"SEND_IN_BTS","start_time":"2027-01-01T09:00:00"}}`)
	for _, tc := range []struct {
		in, want, dt string
		missing      int
		stored       *model.Campaign
	}{
		{`{"scheduling_details":{"delivery_type":"SCHEDULED","schedule_time":"2027-01-01T09:00:00","time_zone":"UTC"}}`,
			`{"scheduling_details":{"delivery_type":"AT_FIXED_TIME","start_time":"2027-01-01T09:00:00","timezone":"UTC"}}`, "AT_FIXED_TIME", 0, nil},
		{`{"scheduling_details":{"delivery_type":"SCHEDULED","bts_details":{"send_in_bts":true}}}`,
			`{"scheduling_details":{"delivery_type":"SEND_IN_BTS","bts_details":{"send_in_bts":true}}}`, "SEND_IN_BTS", 0, nil},
		{`{"scheduling_details":{"delivery_type":"SCHEDULED","schedule_time":"2027-01-01T09:00:00","user_timezone_details":{"send_in_user_timezone":true}}}`,
			`{"scheduling_details":{"delivery_type":"SEND_IN_USER_TIMEZONE","start_time":"2027-01-01T09:00:00","user_timezone_details":{"send_in_user_timezone":true}}}`, "SEND_IN_USER_TIMEZONE", 0, nil},
		{`{"scheduling_details":{"delivery_type":"PERIODIC","frequency":"DAILY","schedule_time":"10:00:00","time_zone":"Asia/Singapore"}}`,
			`{"scheduling_details":{"delivery_type":"AT_FIXED_TIME","timezone":"Asia/Singapore"}}`, "AT_FIXED_TIME", 2, nil},
		{`{"scheduling_details":{"delivery_type":"SCHEDULED"},"x_custom":{"kept":true}}`,
			`{"scheduling_details":{"delivery_type":"ASAP"},"x_custom":{"kept":true}}`, "ASAP", 0, nil},
		{`{"scheduling_details":{"delivery_type":"SCHEDULED","schedule_time":"2027-01-01T09:00:00"}}`,
			`{"scheduling_details":{"delivery_type":"SEND_IN_BTS","start_time":"2027-01-01T09:00:00"}}`, "SEND_IN_BTS", 0, stored},
		{`{"scheduling_details":{"delivery_type":"ASAP","time_zone":"UTC"}}`, `{"scheduling_details":{"delivery_type":"ASAP","timezone":"UTC"}}`, "ASAP", 0, nil},
		{`{"scheduling_details":{"delivery_type":"AT_FIXED_TIME","start_time":"2027-01-01T09:00:00"}}`,
			`{"scheduling_details":{"delivery_type":"AT_FIXED_TIME","start_time":"2027-01-01T09:00:00"}}`, "", 0, nil},
		{`{"channel":"PUSH"}`, `{"channel":"PUSH"}`, "", 0, nil},
	} {
		in := at(tc.in)
		before := string(model.Encode(in))
		got, r := Read(in, tc.stored)
		if s := string(model.Encode(got)); s != tc.want {
			t.Errorf("Read(%s) = %s, want %s", tc.in, s, tc.want)
		}
		if r.DeliveryType != tc.dt || len(r.Missing) != tc.missing || (tc.dt != "") != (r.Sentence() != "") {
			t.Errorf("Read(%s): %+v", tc.in, r)
		}
		if string(model.Encode(in)) != before {
			t.Errorf("Read changed its argument %s", tc.in)
		}
	}
}
