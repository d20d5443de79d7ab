package web

import (
	"io/fs"
	"testing"
)

func TestFSIsTheDistFolder(t *testing.T) {
	if _, err := fs.Stat(FS(), ".keep"); err != nil {
		t.Fatalf("dist/.keep not at the root of FS(): %v", err)
	}
}
