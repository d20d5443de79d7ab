package auth

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/internal/platform/db"
)

// logBuffer is the server log of a test server: JSON lines, written from handlers and their goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// entries returns the logged lines whose msg is msg.
func (l *logBuffer) entries(msg string) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(l.buf.String(), "\n") {
		var e map[string]any
		if json.Unmarshal([]byte(line), &e) == nil && e["msg"] == msg {
			out = append(out, e)
		}
	}
	return out
}

// link waits for the n-th (1-based) reset link line and returns its link.
func (l *logBuffer) link(t *testing.T, n int) string {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if es := l.entries("password reset link"); len(es) >= n {
			if es[n-1]["level"] != "INFO" {
				t.Fatalf("the link is logged at %v", es[n-1]["level"])
			}
			return es[n-1]["link"].(string)
		}
	}
	t.Fatalf("no reset link number %d in the log:\n%s", n, l.buf.String())
	return ""
}

func tokenOf(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Query().Get("token") == "" {
		t.Fatalf("link %q", link)
	}
	return u.Query().Get("token")
}

func (b *browser) askReset(email string) reply {
	b.t.Helper()
	return b.do("POST", ResetPath, "application/json", `{"email":"`+email+`"}`)
}

func (b *browser) confirm(token, password string) reply {
	b.t.Helper()
	return b.do("POST", ResetConfirmPath, "application/json", `{"token":"`+token+`","newPassword":"`+password+`"}`)
}

const (
	accepted    = `{"message":"If an account exists for that email, we sent a link to reset its password."}` + "\n"
	invalidLink = `[{"errorCode":"INVALID_RESET_TOKEN","message":"This password reset link is invalid, has expired or was already used. Request a new one."}]` + "\n"
)

func TestPasswordResetByLog(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		log := &logBuffer{}
		srv, svc := testServerLogging(t, d, log)
		clk := newClock()
		svc.Now = clk.Now
		userID, _ := mustBuyer(t, d, "buyer@example.com")

		signedIn := newBrowser(t, srv)
		signedIn.login("buyer@example.com", "demo1234")
		form := url.Values{"grant_type": {"password"}, "username": {"buyer@example.com"}, "password": {"demo1234"}}
		var tok struct {
			AccessToken string `json:"access_token"`
		}
		_ = json.Unmarshal([]byte(newBrowser(t, srv).do("POST", TokenPath, "application/x-www-form-urlencoded", form.Encode()).body), &tok)

		// The same answer, headers included, whether or not the account exists.
		b := newBrowser(t, srv)
		known, unknown := b.askReset(" Buyer@Example.com "), b.askReset("nobody@example.com")
		for _, r := range []reply{known, unknown} {
			if r.status != 202 || r.body != accepted || r.header.Get("Cache-Control") != "no-store" || len(r.cookies) != 0 {
				t.Fatalf("request: %d %s %v", r.status, r.body, r.header)
			}
		}
		link := log.link(t, 1)
		if !strings.HasPrefix(link, srv.URL+"/shop/reset-password?token=") {
			t.Fatalf("link %q", link)
		}
		if es := log.entries("password reset link"); es[0]["to"] != "buyer@example.com" {
			t.Fatalf("log entry %v", es[0])
		}
		token := tokenOf(t, link)
		var stored string
		if err := d.QueryRow(t.Context(), `SELECT token_hash FROM sf_password_reset WHERE user_id = ?`, userID).Scan(&stored); err != nil || stored != HashToken(token) {
			t.Fatalf("only the token's hash is stored: %q %v", stored, err)
		}

		for name, tc := range map[string]struct{ body, want string }{
			"no email":  {`{"email":" "}`, `[{"errorCode":"REQUIRED_FIELD_MISSING","message":"Enter your email address.","field":"email"}]`},
			"bad email": {`{"email":"not an email"}`, `[{"errorCode":"INVALID_EMAIL_ADDRESS","message":"Enter a valid email address.","field":"email"}]`},
		} {
			if r := b.do("POST", ResetPath, "application/json", tc.body); r.status != 400 || r.body != tc.want+"\n" {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
		}
		if r := b.do("POST", ResetPath, "text/plain", `{"email":"buyer@example.com"}`); r.status != 415 {
			t.Fatalf("a cross-site form's content type: %d", r.status)
		}

		// Refusals leave the link usable.
		if r := b.confirm(token, "short"); r.status != 400 || !strings.Contains(r.body, `"field":"newPassword"`) {
			t.Fatalf("short password: %d %s", r.status, r.body)
		}
		for _, bad := range []string{newToken(), "nonsense", ""} {
			if r := b.confirm(bad, "n3w-password"); r.status != 400 || r.body != invalidLink {
				t.Fatalf("unknown token %q: %d %s", bad, r.status, r.body)
			}
		}

		if r := b.confirm(token, "n3w-password"); r.status != 204 {
			t.Fatalf("confirm: %d %s", r.status, r.body)
		}
		if r := b.confirm(token, "an0ther-password"); r.status != 400 || r.body != invalidLink {
			t.Fatalf("a used link: %d %s", r.status, r.body)
		}
		if p := signedIn.whoami(); !p.Guest {
			t.Fatal("the reset must end the user's sessions")
		}
		if r := b.do("GET", "/whoami", "", "", "Authorization", "Bearer "+tok.AccessToken); r.status != 401 {
			t.Fatalf("and bearer tokens: %d", r.status)
		}
		if r := newBrowser(t, srv).login("buyer@example.com", "demo1234"); r.status != 401 {
			t.Fatalf("old password: %d", r.status)
		}
		if r := newBrowser(t, srv).login("buyer@example.com", "n3w-password"); r.status != 200 {
			t.Fatalf("new password: %d %s", r.status, r.body)
		}

		// A newer link supersedes the older; an expired link is refused.
		b.askReset("buyer@example.com")
		first := tokenOf(t, log.link(t, 2))
		clk.advance(time.Minute)
		b.askReset("buyer@example.com")
		second := tokenOf(t, log.link(t, 3))
		if r := b.confirm(first, "th1rd-password"); r.status != 400 || r.body != invalidLink {
			t.Fatalf("superseded link: %d %s", r.status, r.body)
		}
		clk.advance(DefaultResetTTL)
		if r := b.confirm(second, "th1rd-password"); r.status != 400 || r.body != invalidLink {
			t.Fatalf("expired link: %d %s", r.status, r.body)
		}
		if r := newBrowser(t, srv).login("buyer@example.com", "n3w-password"); r.status != 200 {
			t.Fatalf("refused links change nothing: %d", r.status)
		}
	})
}

// Using a link clears the user's sign-in counters: someone who kept guessing cannot keep the real user waiting.
func TestPasswordResetClearsSignInThrottle(t *testing.T) {
	eachStore(t, func(t *testing.T, d *db.DB, st *counterStoreUnderTest) {
		log := &logBuffer{}
		srv, svc := testServerLogging(t, d, log)
		st.use(svc)
		svc.Now = newClock().Now
		mustBuyer(t, d, "buyer@example.com")
		b := newBrowser(t, srv)
		for i := 0; i < svc.AccountLimit.Free; i++ {
			b.login("buyer@example.com", "wrong-password")
		}
		if r := b.login("buyer@example.com", "demo1234"); r.status != 429 {
			t.Fatalf("the account's counter should hold: %d", r.status)
		}
		b.askReset("buyer@example.com")
		if r := b.confirm(tokenOf(t, log.link(t, 1)), "n3w-password"); r.status != 204 {
			t.Fatalf("confirm: %d %s", r.status, r.body)
		}
		if r := b.login("buyer@example.com", "n3w-password"); r.status != 200 {
			t.Fatalf("after the reset: %d %s", r.status, r.body)
		}
	})
}

func TestPasswordResetThrottling(t *testing.T) {
	eachStore(t, func(t *testing.T, d *db.DB, st *counterStoreUnderTest) {
		log := &logBuffer{}
		srv, svc := testServerLogging(t, d, log)
		st.use(svc)
		svc.Now = newClock().Now
		mustBuyer(t, d, "buyer@example.com")
		b := newBrowser(t, srv)
		// Past the email's allowance the answer stays the same, but no more links are made.
		for i := 0; i < svc.ResetEmailLimit.Free+2; i++ {
			if r := b.askReset("buyer@example.com"); r.status != 202 || r.body != accepted {
				t.Fatalf("request %d: %d %s", i, r.status, r.body)
			}
		}
		log.link(t, svc.ResetEmailLimit.Free)
		time.Sleep(200 * time.Millisecond) // any further link would have been logged by now
		if n := len(log.entries("password reset link")); n != svc.ResetEmailLimit.Free {
			t.Fatalf("%d links for one email, want %d", n, svc.ResetEmailLimit.Free)
		}
		if n := len(log.entries("password reset: too many requests for one email; no link sent")); n != 2 {
			t.Fatalf("%d throttled requests logged", n)
		}
		// Past the address's allowance: 429 with Retry-After.
		for i := svc.ResetEmailLimit.Free + 2; i < svc.ResetAddressLimit.Free; i++ {
			b.askReset("someone" + string(rune('a'+i)) + "@example.com")
		}
		r := b.askReset("buyer@example.com")
		if r.status != 429 || r.header.Get("Retry-After") != "60" ||
			r.body != `[{"errorCode":"REQUEST_LIMIT_EXCEEDED","message":"Too many password reset requests. Try again later."}]`+"\n" {
			t.Fatalf("past the address's allowance: %d %q %s", r.status, r.header.Get("Retry-After"), r.body)
		}
	})
}

// smtpSink is a minimal SMTP server on loopback that records one conversation's envelope and message.
type smtpSink struct {
	addr string
	got  chan sinkMail
}

type sinkMail struct {
	auth, from, to, data string
}

func newSMTPSink(t *testing.T) *smtpSink {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	s := &smtpSink{addr: ln.Addr().String(), got: make(chan sinkMail, 4)}
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(conn)
		}
	}()
	return s
}

func (s *smtpSink) serve(conn net.Conn) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(conn)
	say := func(line string) { _, _ = conn.Write([]byte(line + "\r\n")) }
	var m sinkMail
	say("220 sink ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.TrimRight(line, "\r\n")
		switch verb := strings.ToUpper(strings.SplitN(cmd, " ", 2)[0]); verb {
		case "EHLO":
			say("250-sink")
			say("250 AUTH PLAIN")
		case "AUTH":
			raw, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(cmd, "AUTH PLAIN "))
			m.auth = string(raw)
			say("235 2.7.0 Authentication successful")
		case "MAIL":
			m.from = cmd
			say("250 OK")
		case "RCPT":
			m.to = cmd
			say("250 OK")
		case "DATA":
			say("354 End data with <CR><LF>.<CR><LF>")
			var data strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				data.WriteString(l)
			}
			m.data = data.String()
			say("250 OK queued")
			s.got <- m
		case "QUIT":
			say("221 Bye")
			return
		default:
			say("502 unknown")
		}
	}
}

func TestPasswordResetBySMTP(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		sink := newSMTPSink(t)
		log := &logBuffer{}
		srv, svc := testServerLogging(t, d, log)
		m, err := ParseSMTPURL("smtp://shop:s3cret@"+sink.addr, "Acme Store <store@example.com>")
		if err != nil {
			t.Fatal(err)
		}
		svc.Mailer, svc.ResetOrigin = m, "https://shop.example.com"
		mustBuyer(t, d, "buyer@example.com")
		b := newBrowser(t, srv)
		if r := b.askReset("buyer@example.com"); r.status != 202 || r.body != accepted {
			t.Fatalf("request: %d %s", r.status, r.body)
		}
		var mail sinkMail
		select {
		case mail = <-sink.got:
		case <-time.After(10 * time.Second):
			t.Fatal("no mail")
		}
		if mail.auth != "\x00shop\x00s3cret" || mail.from != "MAIL FROM:<store@example.com>" || mail.to != "RCPT TO:<buyer@example.com>" {
			t.Fatalf("envelope: %q %q %q", mail.auth, mail.from, mail.to)
		}
		for _, want := range []string{"From: store@example.com\r\n", "To: buyer@example.com\r\n", "Subject: Reset your password\r\n",
			"Content-Type: text/plain; charset=UTF-8\r\n", "within 30 minutes:\r\n"} {
			if !strings.Contains(mail.data, want) {
				t.Errorf("mail lacks %q:\n%s", want, mail.data)
			}
		}
		i := strings.Index(mail.data, "https://shop.example.com/shop/reset-password?token=")
		if i < 0 {
			t.Fatalf("no link in the mail:\n%s", mail.data)
		}
		link := strings.TrimSpace(strings.SplitN(mail.data[i:], "\r\n", 2)[0])
		if r := b.confirm(tokenOf(t, link), "n3w-password"); r.status != 204 {
			t.Fatalf("the mailed link: %d %s", r.status, r.body)
		}
		if n := len(log.entries("password reset link")); n != 0 {
			t.Fatal("a mailed link must not be logged too")
		}
	})
}

func TestParseSMTPURL(t *testing.T) {
	m, err := ParseSMTPURL("smtps://u%40x:p%3Ass@mail.example.com", "store@example.com")
	if err != nil || m.Host != "mail.example.com:465" || !m.Implicit || m.User != "u@x" || m.Password != "p:ss" {
		t.Fatalf("smtps: %+v %v", m, err)
	}
	if m, err = ParseSMTPURL("smtp://mail.example.com", "store@example.com"); err != nil || m.Host != "mail.example.com:25" || m.User != "" {
		t.Fatalf("smtp: %+v %v", m, err)
	}
	for _, bad := range [][2]string{{"http://mail.example.com", "a@b.c"}, {"smtp://", "a@b.c"}, {"smtp://u:secret@h", "not an address"}} {
		if _, err := ParseSMTPURL(bad[0], bad[1]); err == nil || strings.Contains(err.Error(), "secret") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// Two uses of one link at once: exactly one sets the password.
func TestResetLinkRaceHasOneWinner(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		log := &logBuffer{}
		srv, _ := testServerLogging(t, d, log)
		mustBuyer(t, d, "buyer@example.com")
		newBrowser(t, srv).askReset("buyer@example.com")
		token := tokenOf(t, log.link(t, 1))
		statuses := make(chan int, 2)
		for _, pw := range []string{"first-password", "second-password"} {
			go func() {
				resp, err := http.Post(srv.URL+ResetConfirmPath, "application/json",
					strings.NewReader(`{"token":"`+token+`","newPassword":"`+pw+`"}`))
				if err != nil {
					statuses <- 0
					return
				}
				resp.Body.Close()
				statuses <- resp.StatusCode
			}()
		}
		got := map[int]int{<-statuses: 1}
		got[<-statuses]++
		if got[204] != 1 || got[400] != 1 {
			t.Fatalf("statuses %v, want one 204 and one 400", got)
		}
	})
}
