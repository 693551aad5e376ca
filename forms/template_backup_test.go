package forms

import (
	"testing"

	"github.com/campaigns-cli/campaigns/engine"
	"github.com/campaigns-cli/campaigns/model"
)

// TestTemplateBackupFollowsTheEngine: choosing a template in the editor
// adds the backup exactly when the engine requires one, and removes it when
// it does not, on both platforms and for every template.
func TestTemplateBackupFollowsTheEngine(t *testing.T) {
	for platform, templates := range map[string][]string{
		model.PlatformAndroid: model.AndroidTemplates,
		model.PlatformIOS:     model.IOSTemplates,
	} {
		for _, tpl := range templates {
			c := campaign(model.ChannelPush, model.DeliveryOneTime)
			msg := "campaign_content.content.default.variation_1"
			if err := SetTemplate(c, msg, platform, model.TemplateStylizedBasic); err != nil {
				t.Fatal(err)
			}
			if err := SetTemplate(c, msg, platform, tpl); err != nil {
				t.Fatal(err)
			}
			backup := msg + ".push." + map[string]string{model.PlatformAndroid: "android", model.PlatformIOS: "ios"}[platform] + ".template_backup"
			has := Get(c, backup) != nil
			if has != engine.NeedsBackup(platform, tpl) {
				t.Errorf("%s %s: backup present %v, engine needs one %v", platform, tpl, has, engine.NeedsBackup(platform, tpl))
			}
			for _, p := range engine.Validate(c, engine.PhasePatch, engine.Options{}) {
				if p.Rule == engine.RulePushAndroidTemplateBackupRequired || p.Rule == engine.RulePushIOSTemplateBackupRequired {
					t.Errorf("%s %s: %s", platform, tpl, p.Message)
				}
			}
		}
	}
}
