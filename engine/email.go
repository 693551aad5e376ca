package engine

import (
	"github.com/campaigns-cli/campaigns/model"
)

var (
	emailEditors    = []string{model.EditorRich, model.EditorCode}
	attachmentTypes = []string{model.AttachmentURL, model.AttachmentPersonalized}
)

// emailContent validates one email payload (spec "Email content").
func (k *checker) emailContent(p *path, e *model.EmailContent) {
	k.types(p, &e.Extra)
	hasHTML := e.HTMLContent != nil || wrongType(&e.Extra, "html_content")
	hasTemplate := e.CustomTemplateID != nil || wrongType(&e.Extra, "custom_template_id")
	switch {
	case hasHTML && hasTemplate:
		k.addValue(RuleEmailHTMLOrTemplate, p.String(), "send exactly one of `html_content` and `custom_template_id`, not both.", ValueBoth, nil)
	case !hasHTML && !hasTemplate:
		k.require(RuleEmailHTMLOrTemplate, p.String(), "one of `html_content` and `custom_template_id` is required: the body of the email or a saved template.")
	case e.HTMLContent != nil && blank(e.HTMLContent) && k.publish():
		k.add(RuleEmailHTMLRequired, p.join("html_content"), "`html_content` must not be empty `#publish`.")
	case e.CustomTemplateID != nil && blank(e.CustomTemplateID):
		k.add(RuleEmailTemplateID, p.join("custom_template_id"), "`custom_template_id` must not be empty.")
	}
	k.minInt(RuleEmailCustomTemplateVersion, p, "custom_template_version", e.CustomTemplateVersion, 1)
	if k.publish() {
		if !hasTemplate {
			k.requiredStr(RuleEmailSubjectRequired, p, "subject", e.Subject, &e.Extra, " `#publish` (unless `custom_template_id` is used)")
			k.requiredStr(RuleEmailSenderNameRequired, p, "sender_name", e.SenderName, &e.Extra, " `#publish` (unless `custom_template_id` is used)")
		}
		k.requiredStr(RuleEmailFromAddressRequired, p, "from_address", e.FromAddress, &e.Extra, " `#publish`")
	}
	if e.FromAddress != nil && !blank(e.FromAddress) {
		k.email(RuleEmailAddress, p.sub("from_address"), "`from_address`", *e.FromAddress)
	}
	if e.ReplyToAddress != nil {
		k.email(RuleEmailAddress, p.sub("reply_to_address"), "`reply_to_address`", *e.ReplyToAddress)
	}
	for i, a := range e.CCIDs {
		k.email(RuleEmailAddress, p.sub("cc_ids").el(i), "`cc_ids` entry", a)
	}
	for i, a := range e.BCCIDs {
		k.email(RuleEmailAddress, p.sub("bcc_ids").el(i), "`bcc_ids` entry", a)
	}
	k.enum(RuleEmailEditor, p, "email_editor", e.EmailEditor, emailEditors)
	for i := range e.Attachments {
		a := &e.Attachments[i]
		ap := p.sub("attachments").el(i)
		k.types(ap, &a.Extra)
		if k.requiredStr(RuleEmailAttachmentRequired, ap, "file_type", a.FileType, &a.Extra, " on every attachment") {
			k.enum(RuleEmailAttachmentType, ap, "file_type", a.FileType, attachmentTypes)
		}
		if k.requiredStr(RuleEmailAttachmentRequired, ap, "url", a.URL, &a.Extra, " on every attachment") && model.Str(a.FileType) == model.AttachmentURL {
			k.uri(RuleEmailAttachmentUrl, ap, "url", a.URL)
		}
	}
}
