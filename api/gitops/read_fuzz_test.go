package gitops_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/campaigns-cli/campaigns/api/gitops"
	"github.com/campaigns-cli/campaigns/model/fuzzseeds"
)

var offsetRe = regexp.MustCompile(`byte offset (\d+)`)

// FuzzReadCampaignFile reads arbitrary bytes as a campaign file: never a
// panic; a file read is UTF-8 (a byte order mark dropped); a refusal for
// the encoding names an offset before which the text is good and at which
// it is not.
func FuzzReadCampaignFile(f *testing.F) {
	fuzzseeds.Add(f, "FuzzReadCampaignFile")
	f.Add([]byte("\xef\xbb\xbf{\"channel\":\"PUSH\"}"))
	f.Add([]byte(`{"channel":"PUSH","basic_details":{"name":"Caf` + "\xe9" + `"}}`))
	f.Add([]byte("{\"basic_details\":{\"name\":\"\x1b]0;x\x07\"}}"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "c.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := gitops.ReadFile(path)
		text := bytes.TrimPrefix(data, []byte{0xef, 0xbb, 0xbf})
		if err == nil {
			if !utf8.Valid(got) || !bytes.Equal(got, text) {
				t.Fatalf("read %q from %q", got, data)
			}
			_, _ = gitops.Load(path)
			return
		}
		if m := offsetRe.FindStringSubmatch(err.Error()); m != nil {
			off, _ := strconv.Atoi(m[1])
			if off > len(text) || !utf8.Valid(text[:off]) || utf8.Valid(text[off:min(off+4, len(text))]) && utf8.FullRune(text[off:]) {
				t.Fatalf("%v, for %q", err, text)
			}
		}
	})
}
