package siteroutes

import (
	"net/url"
	"testing"
)

func TestIsPageMatchesAsTheRouterDoes(t *testing.T) {
	pages := []string{
		"/", "", "/login", "/LOGIN", "/login/", "/global-search", "/global-search/gel%20pen",
		"/global-search/a%2Fb", // an escaped slash stays in the term
		"/category/office-supplies/0ZG0S0000000001AAA", "/product/pen/01t0S0000000001QAA",
		"/faq", "/faq/en-US", "/cart", "/quick-order", "/a/../cart", "/checkout", "/order-confirmation/00000123",
	}
	for _, p := range pages {
		if !IsPage(p) {
			t.Errorf("%q: not a page, want a page", p)
		}
	}
	missing := []string{
		"/nope", "/index.html", "/login/extra", "/global-search/a/b", "/product/pen", "/product/pen/01t/x",
		"/category//0ZG0S0000000001AAA", "/checkout/x", "/order-confirmation", "/faq/en-US/more", "/assets", "/cartx",
	}
	for _, p := range missing {
		if IsPage(p) {
			t.Errorf("%q: a page, want none", p)
		}
	}
}

// The record paths the server builds (navigation menu items, canonical URLs) must be pages of the web app.
func TestRecordPathsArePages(t *testing.T) {
	for _, p := range []string{ProductPath("a/b c", "01t0S0000000001QAA"), CategoryPath("", "0ZG0S0000000001AAA")} {
		if !IsPage((&url.URL{Path: mustUnescape(t, p), RawPath: p}).EscapedPath()) {
			t.Errorf("%s is not a page of the web app", p)
		}
	}
}

func mustUnescape(t *testing.T, p string) string {
	t.Helper()
	u, err := url.PathUnescape(p)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestPagesFileIsChecked(t *testing.T) {
	for _, bad := range []string{"", "# only a comment\n", "cart\n", "/cart/\n", "/files/*\n", "/a\n/A\n", "/a//b\n", "/x/{id}\n"} {
		if _, err := parsePages(bad); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
	got, err := parsePages("# c\n\n/\n  /cart  \n/product/:urlName/:productId\n")
	if err != nil || len(got) != 3 || got[1] != "/cart" {
		t.Fatalf("%v %v", got, err)
	}
}
