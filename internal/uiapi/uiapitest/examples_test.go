package uiapitest

import (
	"os"
	"path/filepath"
	"testing"
)

// exampleFiles lists testdata/examples/<type folder>/<name>.json, copies of shared/contracts/uiapi/examples.
func exampleFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/examples/*/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	return files
}

func mustSpec(t *testing.T) *Spec {
	t.Helper()
	spec, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

func TestParseReadsEveryTypeAndOperation(t *testing.T) {
	spec := mustSpec(t)
	// api.raml declares 172 types and 92 operations; quirks.go adds 3 wire types and 4 POST forms.
	if len(spec.Types) != 172+3 {
		t.Errorf("types: got %d, want 175", len(spec.Types))
	}
	if len(spec.Ops) != 92+4 {
		t.Errorf("operations: got %d, want 96", len(spec.Ops))
	}
	node := spec.Types["RecordRepresentation"]
	if node == nil || node.Props["weakEtag"] == nil || node.Props["weakEtag"].Type.Expr != "integer" || !node.Props["weakEtag"].Required {
		t.Errorf("RecordRepresentation.weakEtag: %+v", node)
	}
	if d := spec.Types["ErrorRecordAvatarBatchRepresentation"]; d == nil || d.DiscriminatorValue != "404" {
		t.Errorf("integer discriminatorValue not read: %+v", d)
	}
	if p := spec.Types["ListViewSummaryCollectionRepresentation"]; p == nil || len(p.Props) == 0 {
		t.Errorf("ListViewSummaryCollectionRepresentation: %+v", p)
	}
}

// Every recorded real response has its type, even in strict mode: the quirks cover every place the RAML and the
// wire disagree on them.
func TestExamplesValidate(t *testing.T) {
	spec := mustSpec(t)
	folders := map[string]bool{}
	for _, f := range exampleFiles(t) {
		folder := filepath.Base(filepath.Dir(f))
		folders[folder] = true
		body, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []Mode{Lenient, Strict} {
			problems, err := spec.Validate(ExampleType(folder), body, mode)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			for _, p := range problems {
				t.Errorf("%s (mode %d): %s", f, mode, p)
			}
		}
	}
	if len(folders) != 33 {
		t.Errorf("example types: got %d, want 33", len(folders))
	}
}
