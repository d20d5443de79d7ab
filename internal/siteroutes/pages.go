package siteroutes

import (
	_ "embed"
	"fmt"
	"net/url"
	"path"
	"strings"
)

// pagesFile is the one list of the web app's pages. The server reads it here; the web app's tests check that
// web/src/routes.tsx routes exactly these patterns.
//
//go:embed pages.txt
var pagesFile string

// Pages are the web app's page patterns in React Router syntax ("/product/:urlName/:productId"), relative to the
// site base path, in the order of pages.txt.
var Pages = mustParsePages(pagesFile)

// pagePattern is one page split into segments; a segment starting with ":" matches any one non-empty segment.
type pagePattern []string

func mustParsePages(text string) []string {
	out, err := parsePages(text)
	if err != nil {
		panic("siteroutes: pages.txt: " + err.Error())
	}
	return out
}

func parsePages(text string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !strings.HasPrefix(line, "/") || strings.ContainsAny(line, "*?{} \t") || (line != "/" && strings.HasSuffix(line, "/")) ||
			strings.Contains(line, "//") {
			return nil, fmt.Errorf("line %d: %q is not a supported pattern (absolute, no trailing slash, only :params)", n+1, line)
		}
		key := strings.ToLower(line)
		if seen[key] {
			return nil, fmt.Errorf("line %d: %q is listed twice", n+1, line)
		}
		seen[key] = true
		out = append(out, line)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no pages")
	}
	return out, nil
}

var patterns = compile(Pages)

func compile(pages []string) []pagePattern {
	out := make([]pagePattern, len(pages))
	for i, p := range pages {
		out[i] = segments(p)
	}
	return out
}

// segments splits a cleaned path into its segments: "/" has none.
func segments(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// IsPage reports whether escapedPath, a URL path below the site base path in its escaped form (url.URL's
// EscapedPath), is one of the web app's pages, matched as React Router matches it: a trailing slash does not
// count, static segments ignore case, a parameter takes one segment, and an escaped slash (%2F) stays inside its
// segment.
func IsPage(escapedPath string) bool {
	if escapedPath == "" {
		escapedPath = "/"
	}
	got := segments(path.Clean("/" + escapedPath))
	for _, want := range patterns {
		if matches(want, got) {
			return true
		}
	}
	return false
}

func matches(want pagePattern, got []string) bool {
	if len(want) != len(got) {
		return false
	}
	for i, w := range want {
		seg, err := url.PathUnescape(got[i])
		if err != nil || seg == "" {
			return false
		}
		if strings.HasPrefix(w, ":") {
			continue
		}
		if !strings.EqualFold(w, seg) {
			return false
		}
	}
	return true
}
