package engine

import "github.com/campaigns-cli/campaigns/model"

// checkConnector validates the Email connector. The engine does not know a
// workspace's configured connectors, so the type is checked against the
// providers of decisions.md §2 and the name must only be non-empty.
func checkConnector(k *checker) {
	c := k.c.Connector
	p := rootPath("connector")
	k.types(p, &c.Extra)
	if k.requiredStr(RuleConnectorRequired, p, "connector_type", c.ConnectorType, &c.Extra, " in connector") {
		k.enum(RuleConnectorType, p, "connector_type", c.ConnectorType, model.ConnectorTypes)
	}
	k.requiredStr(RuleConnectorRequired, p, "connector_name", c.ConnectorName, &c.Extra, " in connector")
}
