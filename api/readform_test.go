package api

import (
	"testing"

	"github.com/campaigns-cli/campaigns/model"
)

func TestWriteFormDropsTheResponseOnlySchedulingFields(t *testing.T) {
	at := func(s string) *model.Campaign {
		c, err := model.Decode([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	stored := at(`{"scheduling_details":{"delivery_type":"SEND_IN_BTS"}}`)
	for _, tc := range []struct {
		in, want string
		stored   *model.Campaign
	}{
		{`{"scheduling_details":{"delivery_type":"SCHEDULED","start_time":"2027-01-01T09:00:00","schedule_time":"2027-01-01T09:00:00","time_zone":"UTC"}}`,
			`{"scheduling_details":{"delivery_type":"AT_FIXED_TIME","start_time":"2027-01-01T09:00:00"}}`, nil},
		{`{"scheduling_details":{"delivery_type":"SCHEDULED","bts_details":{"send_in_bts":true}}}`,
			`{"scheduling_details":{"delivery_type":"SEND_IN_BTS","bts_details":{"send_in_bts":true}}}`, nil},
		{`{"scheduling_details":{"delivery_type":"PERIODIC","frequency":"DAILY","schedule_time":"10:00:00","time_zone":"Asia/Singapore"}}`,
			`{"scheduling_details":{"delivery_type":"AT_FIXED_TIME"}}`, nil},
		{`{"scheduling_details":{"delivery_type":"SCHEDULED"},"x_custom":{"kept":true}}`,
			`{"scheduling_details":{"delivery_type":"AT_FIXED_TIME"},"x_custom":{"kept":true}}`, nil},
		{`{"scheduling_details":{"delivery_type":"SCHEDULED","start_time":"2027-01-01T09:00:00"}}`,
			`{"scheduling_details":{"delivery_type":"SEND_IN_BTS","start_time":"2027-01-01T09:00:00"}}`, stored},
		{`{"scheduling_details":{"delivery_type":"ASAP","time_zone":"UTC"}}`, `{"scheduling_details":{"delivery_type":"ASAP"}}`, nil},
		{`{"channel":"PUSH"}`, `{"channel":"PUSH"}`, nil},
	} {
		in := at(tc.in)
		before := string(model.Encode(in))
		if got := string(model.Encode(WriteForm(in, tc.stored))); got != tc.want {
			t.Errorf("WriteForm(%s) = %s, want %s", tc.in, got, tc.want)
		}
		if string(model.Encode(in)) != before {
			t.Errorf("writeForm changed its argument %s", tc.in)
		}
	}
}
