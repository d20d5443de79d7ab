package cms

import (
	"slices"
	"testing"
)

func TestStoredTypes(t *testing.T) {
	got := storedTypes("sfdc_cms__image")
	slices.Sort(got)
	if !slices.Equal(got, []string{"cms_image", "sfdc_cms__image"}) {
		t.Fatalf("image types: %v", got)
	}
	if got := storedTypes("cms_document"); len(got) != 1 || got[0] != "cms_document" {
		t.Fatalf("classic name: %v", got)
	}
	if got := storedTypes("custom__thing"); len(got) != 1 || got[0] != "custom__thing" {
		t.Fatalf("unknown type: %v", got)
	}
}

func TestDocuments(t *testing.T) {
	ext := item{ID: "20Y", Key: "MCX", Title: "Hero", Type: "sfdc_cms__image", URL: "https://cdn.example.com/h.png",
		MimeType: "image/png", AltText: "A hero"}
	d := ext.document(true, "https://shop.example.com")
	media := d.ContentBody["sfdc_cms:media"].(map[string]any)
	if media["url"] != "https://cdn.example.com/h.png" || media["source"].(map[string]any)["type"] != "url" ||
		d.ContentNodes["source"].(map[string]any)["isExternal"] != true {
		t.Fatalf("external image: %+v", d)
	}
	stored := item{Key: "MCY", Type: "cms_image"}.document(true, "https://shop.example.com/base")
	if u := stored.ContentNodes["source"].(map[string]any)["url"]; u != "https://shop.example.com/base/cms/delivery/media/MCY" {
		t.Fatalf("stored image without a URL: %v", u)
	}
	news := item{Key: "MCN", Title: "Hello", Type: "news", Body: "<p>Hi</p>"}.document(true, "")
	if news.Type != "sfdc_cms__news" || news.ContentBody["body"] != "<p>Hi</p>" || news.ContentNodes["body"] == nil {
		t.Fatalf("news: %+v", news)
	}
	if summary := ext.document(false, ""); summary.ContentBody != nil || summary.ContentNodes != nil {
		t.Fatalf("summary carries a body: %+v", summary)
	}
}
