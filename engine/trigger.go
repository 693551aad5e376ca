package engine

import (
	"github.com/campaigns-cli/campaigns/model"
)

var (
	pushDelayTypes  = []string{model.DelayFixed, model.DelayASAP, model.DelayIntelligent}
	emailDelayTypes = []string{model.DelayFixed, model.DelayASAP}
	relations       = []string{model.RelationBefore, model.RelationAfter}
	minGranularity  = []string{model.Minutes, model.Hours}
	maxGranularity  = []string{model.Hours, model.Days}
)

// checkTrigger validates trigger_condition (service-reference §2.7, §3.4).
func checkTrigger(k *checker) {
	t := k.c.TriggerCondition
	p := rootPath("trigger_condition")
	switch k.dtype {
	case model.DeliveryOneTime, model.DeliveryPeriodic, model.DeliveryBusinessEvent:
		k.add(RuleTriggerNotApplicable, p.String(), "`trigger_condition` does not apply to "+k.dtLabel()+"; remove it (only EVENT_TRIGGERED, DEVICE_TRIGGERED and LOCATION_TRIGGERED use a trigger).")
		return
	}
	k.types(p, &t.Extra)
	if t.IncludedFilters != nil {
		k.filterGroup(p.sub("included_filters"), t.IncludedFilters)
	}
	if t.SecondaryIncludedFilters != nil {
		k.filterGroup(p.sub("secondary_included_filters"), t.SecondaryIncludedFilters)
	}
	if k.dtype == model.DeliveryEventTriggered && (t.IncludedFilters == nil || len(t.IncludedFilters.Filters) == 0) && !wrongType(&t.Extra, "included_filters") {
		k.add(RuleTriggerIncludedFiltersRequired, p.join("included_filters"), "`included_filters` needs at least one filter: the event that triggers the campaign.")
	}
	delayTypes := pushDelayTypes
	if k.isEmail() {
		delayTypes = emailDelayTypes
	}
	k.enum(RuleTriggerDelayType, p, "trigger_delay_type", t.TriggerDelayType, delayTypes)
	k.minInt(RuleTriggerDelayValue, p, "trigger_delay_value", t.TriggerDelayValue, 0)
	k.enum(RuleTriggerDelayGranularity, p, "trigger_delay_granularity", t.TriggerDelayGranularity, granularities)
	k.enum(RuleTriggerRelation, p, "trigger_relation", t.TriggerRelation, relations)
	triggerAttr(k, p, t)
	switch model.Str(t.TriggerDelayType) {
	case model.DelayFixed:
		why := " when `trigger_delay_type` is DELAY"
		k.requiredVal(RuleTriggerDelayRequired, p, "trigger_delay_value", t.TriggerDelayValue != nil, &t.Extra, why)
		k.requiredStr(RuleTriggerDelayRequired, p, "trigger_delay_granularity", t.TriggerDelayGranularity, &t.Extra, why)
		k.requiredStr(RuleTriggerDelayRequired, p, "trigger_relation", t.TriggerRelation, &t.Extra, why)
	case model.DelayIntelligent:
		if k.isPush() {
			k.requiredVal(RuleTriggerIntelligentRequired, p, "intelligent_delay_optimization", t.IntelligentDelayOptimization != nil, &t.Extra, " when `trigger_delay_type` is INTELLIGENT_DELAY")
		}
	}
	if o := t.IntelligentDelayOptimization; o != nil {
		op := p.sub("intelligent_delay_optimization")
		if k.isEmail() {
			k.add(RuleTriggerIntelligentNotApplicable, op.String(), "`intelligent_delay_optimization` does not apply to EMAIL campaigns (PUSH only); remove it.")
			return
		}
		if model.Str(t.TriggerDelayType) != model.DelayIntelligent && !wrongType(&t.Extra, "trigger_delay_type") {
			k.add(RuleTriggerIntelligentNotApplicable, op.String(), "`intelligent_delay_optimization` is used only when `trigger_delay_type` is INTELLIGENT_DELAY; remove it or change the delay type.")
		}
		k.types(op, &o.Extra)
		why := " in `intelligent_delay_optimization`"
		k.requiredVal(RuleTriggerIntelligentRequired, op, "min_delay_value", o.MinDelayValue != nil, &o.Extra, why)
		k.minInt(RuleTriggerIntelligentValue, op, "min_delay_value", o.MinDelayValue, 0)
		if k.requiredStr(RuleTriggerIntelligentRequired, op, "min_delay_granularity", o.MinDelayGranularity, &o.Extra, why) {
			k.enum(RuleTriggerIntelligentGranularity, op, "min_delay_granularity", o.MinDelayGranularity, minGranularity)
		}
		k.requiredVal(RuleTriggerIntelligentRequired, op, "max_delay_value", o.MaxDelayValue != nil, &o.Extra, why)
		k.minInt(RuleTriggerIntelligentValue, op, "max_delay_value", o.MaxDelayValue, 0)
		if k.requiredStr(RuleTriggerIntelligentRequired, op, "max_delay_granularity", o.MaxDelayGranularity, &o.Extra, why) {
			k.enum(RuleTriggerIntelligentGranularity, op, "max_delay_granularity", o.MaxDelayGranularity, maxGranularity)
		}
	}
}

// triggerAttr accepts the string form ("If Action") and the object form
// {name} (decisions.md §2 row 5); BEFORE needs the anchor attribute.
func triggerAttr(k *checker, p *path, t *model.TriggerCondition) {
	target := p.sub("trigger_attr")
	switch v := t.TriggerAttr.(type) {
	case nil:
	case string:
		if v == "" {
			k.add(RuleTriggerAttr, target.String(), "`trigger_attr` must not be empty: use \"If Action\" or an object {\"name\": attribute}.")
		}
	case map[string]any:
		name, ok := v["name"].(string)
		if !ok || name == "" {
			k.add(RuleTriggerAttr, target.join("name"), "`trigger_attr.name` must be the name of the time-anchor attribute, a non-empty string.")
		}
	default:
		k.add(RuleTriggerAttr, target.String(), "`trigger_attr` must be a string (\"If Action\") or an object {\"name\": attribute}, not "+jsonKind(v)+".")
	}
	if model.Str(t.TriggerRelation) == model.RelationBefore && t.TriggerAttr == nil && !wrongType(&t.Extra, "trigger_attr") {
		k.require(RuleTriggerAttrRequired, target.String(), "`trigger_attr` is required when `trigger_relation` is BEFORE: name the attribute the delay counts back from, as {\"name\": attribute}.")
	}
}

var (
	filterOperators = []string{model.OperatorAnd, model.OperatorOr}
	filterTypes     = []string{model.FilterUserAttributes, model.FilterActions, model.FilterCustomSegments}
	dataTypes       = []string{model.DataString, model.DataDouble, model.DataDatetime, model.DataBool}
	executionTypes  = []string{model.ExecAtLeast, model.ExecAtMost, model.ExecExactly}
)

// filterGroup validates a filter group of segmentation or a trigger.
func (k *checker) filterGroup(p *path, g *model.FilterGroup) {
	k.types(p, &g.Extra)
	if k.requiredStr(RuleFilterOperatorRequired, p, "filter_operator", g.FilterOperator, &g.Extra, " in a filter group") {
		k.enum(RuleFilterOperator, p, "filter_operator", g.FilterOperator, filterOperators)
	}
	for i := range g.Filters {
		k.filter(p.sub("filters").el(i), &g.Filters[i])
	}
}

func (k *checker) filter(p *path, f *model.Filter) {
	k.types(p, &f.Extra)
	if !k.requiredStr(RuleFilterTypeRequired, p, "filter_type", f.FilterType, &f.Extra, "") {
		return
	}
	if !k.enum(RuleFilterType, p, "filter_type", f.FilterType, filterTypes) {
		return
	}
	switch *f.FilterType {
	case model.FilterUserAttributes:
		k.requiredStr(RuleFilterUserAttributeRequired, p, "name", f.Name, &f.Extra, " in a `user_attributes` filter")
		if k.requiredStr(RuleFilterUserAttributeRequired, p, "data_type", f.DataType, &f.Extra, " in a `user_attributes` filter") &&
			k.enum(RuleFilterDataType, p, "data_type", f.DataType, dataTypes) {
			ops := model.OperatorsByDataType[*f.DataType]
			if k.requiredStr(RuleFilterUserAttributeRequired, p, "operator", f.Operator, &f.Extra, " in a `user_attributes` filter") &&
				!oneOf(*f.Operator, ops) {
				k.addValue(RuleFilterOperatorForType, p.join("operator"), "`operator` "+quote(*f.Operator)+" does not work on `data_type` "+lit(*f.DataType)+": use "+list(ops)+".", *f.Operator, ops)
			}
		}
		if f.Value == nil && model.Str(f.Operator) != "exists" && !wrongType(&f.Extra, "value") {
			k.require(RuleFilterValueRequired, p.join("value"), "`value` is required unless the operator is exists.")
		}
	case model.FilterActions:
		k.requiredStr(RuleFilterActionRequired, p, "action_name", f.ActionName, &f.Extra, " in an actions filter")
		if e := f.Execution; e != nil {
			ep := p.sub("execution")
			k.types(ep, &e.Extra)
			k.enum(RuleFilterExecutionType, ep, "type", e.Type, executionTypes)
			k.minInt(RuleFilterExecutionCount, ep, "count", e.Count, 0)
		}
		if f.Condition != nil && *f.Condition != model.ConditionIf {
			k.add(RuleFilterCondition, p.join("condition"), "`condition` must be \"IF\" when it is sent.")
		}
		if f.Attributes != nil {
			k.filterGroup(p.sub("attributes"), f.Attributes)
		}
	case model.FilterCustomSegments:
		if blank(f.ID) && blank(f.Name) && !wrongType(&f.Extra, "id") && !wrongType(&f.Extra, "name") {
			k.add(RuleFilterSegmentRequired, p.join("id"), "a `custom_segments` filter needs the segment's id (and name).")
		}
	}
}

// checkSegmentation validates segmentation_details.
func checkSegmentation(k *checker) {
	s := k.c.SegmentationDetails
	p := rootPath("segmentation_details")
	k.types(p, &s.Extra)
	if s.IncludedFilters != nil {
		k.filterGroup(p.sub("included_filters"), s.IncludedFilters)
	}
	if s.ExcludedFilters != nil {
		k.filterGroup(p.sub("excluded_filters"), s.ExcludedFilters)
	}
}
