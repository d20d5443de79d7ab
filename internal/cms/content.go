// Package cms delivers the site's published CMS content (ManagedContent records): one item by content key or id,
// or a page of items, for a site (/connect/sites/{siteId}/cms/delivery/contents) or its delivery channel
// (/connect/cms/delivery/channels/{channelId}/contents), in the Managed Content Delivery Document shape. Media
// bytes are served apart, at /cms/delivery/media/{contentKey} (package media).
package cms

import (
	"strings"
)

// Document is a Managed Content Delivery Document. ContentBody is the enhanced CMS body (for an image: altText,
// title and sfdc_cms:media with its source and url); ContentNodes carries the same values as the classic content
// nodes (source with url, isExternal, mimeType; altText; title) that storefront components read. A listing without
// includeContentBody sends neither.
type Document struct {
	ContentBody      map[string]any `json:"contentBody,omitempty"`
	ContentKey       string         `json:"contentKey"`
	ContentNodes     map[string]any `json:"contentNodes,omitempty"`
	ContentType      TypeSummary    `json:"contentType"`
	Language         string         `json:"language"`
	ManagedContentID string         `json:"managedContentId"`
	PublishedDate    string         `json:"publishedDate"`
	Title            string         `json:"title"`
	Type             string         `json:"type"` // the content type's fully qualified name
	URLName          string         `json:"urlName"`
}

// TypeSummary is a Managed Content Type Summary.
type TypeSummary struct {
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Name               string `json:"name"`
}

// Collection is a page of documents: currentPageUrl and nextPageUrl (null on the last page) address pages by the
// page parameter.
type Collection struct {
	Contents       []Document `json:"contents"`
	CurrentPageURL string     `json:"currentPageUrl"`
	NextPageURL    *string    `json:"nextPageUrl"`
}

// Language is the content language: the demo site publishes in one.
const Language = "en_US"

// contentTypes maps stored ContentType values (the classic names and the enhanced ones) to their type summary.
var contentTypes = map[string]TypeSummary{
	"cms_image":          {"sfdc_cms__image", "Image"},
	"sfdc_cms__image":    {"sfdc_cms__image", "Image"},
	"cms_document":       {"sfdc_cms__document", "Document"},
	"sfdc_cms__document": {"sfdc_cms__document", "Document"},
	"news":               {"sfdc_cms__news", "News"},
}

// typeOf is the summary of a stored type; an unknown one is its own name.
func typeOf(stored string) TypeSummary {
	if t, ok := contentTypes[stored]; ok {
		return t
	}
	return TypeSummary{FullyQualifiedName: stored, Name: stored}
}

// storedTypes lists the stored values that a contentTypeFQN filter matches (its classic names too).
func storedTypes(fqn string) []string {
	var out []string
	for stored, t := range contentTypes {
		if strings.EqualFold(t.FullyQualifiedName, fqn) || strings.EqualFold(stored, fqn) {
			out = append(out, stored)
		}
	}
	if len(out) == 0 {
		out = append(out, fqn)
	}
	return out
}

// item is one published ManagedContent row.
type item struct {
	ID, Key, Title, Type, URLName, URL, AltText, MimeType, Body, Published string
}

func (it item) isImage() bool { return typeOf(it.Type).FullyQualifiedName == "sfdc_cms__image" }

// document builds the delivery document; base is prepended to the media URL of stored media (the absolute site URL
// when showAbsoluteUrl is asked, otherwise "").
func (it item) document(withBody bool, base string) Document {
	t := typeOf(it.Type)
	d := Document{ContentKey: it.Key, ContentType: t, Language: Language, ManagedContentID: it.ID,
		PublishedDate: it.Published, Title: it.Title, Type: t.FullyQualifiedName, URLName: it.URLName}
	if !withBody {
		return d
	}
	if it.isImage() {
		d.ContentBody, d.ContentNodes = it.imageBody(base)
	} else {
		d.ContentBody = map[string]any{"title": it.Title, "body": it.Body}
		d.ContentNodes = map[string]any{
			"title": map[string]any{"nodeType": "NameField", "value": it.Title},
			"body":  map[string]any{"nodeType": "RichText", "value": it.Body},
		}
	}
	return d
}

func (it item) imageBody(base string) (body, nodes map[string]any) {
	external := strings.HasPrefix(it.URL, "https://") || strings.HasPrefix(it.URL, "http://")
	url := it.URL
	if url == "" {
		url = "/cms/delivery/media/" + it.Key
	}
	if !external {
		url = base + url
	}
	source := map[string]any{"type": "file", "mimeType": it.MimeType}
	if external {
		source = map[string]any{"type": "url", "mimeType": it.MimeType, "url": url}
	}
	body = map[string]any{
		"altText":        it.AltText,
		"title":          it.Title,
		"sfdc_cms:media": map[string]any{"source": source, "url": url},
	}
	nodes = map[string]any{
		"source": map[string]any{"nodeType": "MediaSource", "mediaType": "Image", "url": url,
			"unauthenticatedUrl": url, "isExternal": external, "mimeType": it.MimeType, "fileName": it.URLName},
		"altText": map[string]any{"nodeType": "Text", "value": it.AltText},
		"title":   map[string]any{"nodeType": "NameField", "value": it.Title},
	}
	return body, nodes
}
