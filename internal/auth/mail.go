package auth

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// Message is one plain-text mail to one recipient.
type Message struct {
	To, Subject, Body string
}

// Mailer delivers the store's mail (today: password reset links).
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// SMTPMailer sends through one SMTP server with net/smtp: STARTTLS whenever the server offers it (smtp://), or TLS
// from the first byte (smtps://), and AUTH PLAIN when the URL has a user. net/smtp refuses to send a password over
// an unencrypted connection except to localhost, so a misconfigured relay fails loudly rather than leaking it.
type SMTPMailer struct {
	Host     string // host:port
	Implicit bool   // smtps: TLS from the start
	User     string
	Password string
	From     string // the From address
	Timeout  time.Duration
}

// ParseSMTPURL reads smtp://[user:pass@]host[:port] (port 25 by default; 587 is the usual submission port) or
// smtps://[user:pass@]host[:port] (465 by default).
func ParseSMTPURL(raw, from string) (*SMTPMailer, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "smtp" && u.Scheme != "smtps") {
		return nil, fmt.Errorf("smtp url %q: want smtp://user:pass@host:port or smtps://...", redactURL(raw))
	}
	sender, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("mail from %q: %v", from, err)
	}
	m := &SMTPMailer{Host: u.Host, Implicit: u.Scheme == "smtps", From: sender.Address, Timeout: 30 * time.Second}
	if u.Port() == "" {
		port := "25"
		if m.Implicit {
			port = "465"
		}
		m.Host = net.JoinHostPort(u.Hostname(), port)
	}
	if u.User != nil {
		m.User = u.User.Username()
		m.Password, _ = u.User.Password()
	}
	return m, nil
}

// redactURL hides a password in an SMTP URL quoted in an error.
func redactURL(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Redacted()
	}
	return "(unparsable)"
}

// Send delivers m in one SMTP conversation, bounded by Timeout.
func (s *SMTPMailer) Send(ctx context.Context, m Message) error {
	host, _, _ := net.SplitHostPort(s.Host)
	deadline := time.Now().Add(s.Timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	dialer := &net.Dialer{Deadline: deadline}
	var conn net.Conn
	var err error
	if s.Implicit {
		conn, err = tls.DialWithDialer(dialer, "tcp", s.Host, &tls.Config{ServerName: host})
	} else {
		conn, err = dialer.DialContext(ctx, "tcp", s.Host)
	}
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	_ = conn.SetDeadline(deadline)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp: %w", err)
	}
	defer c.Close()
	if err := s.converse(c, host, m); err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	return c.Quit()
}

func (s *SMTPMailer) converse(c *smtp.Client, host string, m Message) error {
	if err := c.Hello("localhost"); err != nil {
		return err
	}
	if ok, _ := c.Extension("STARTTLS"); ok && !s.Implicit {
		if err := c.StartTLS(&tls.Config{ServerName: host}); err != nil {
			return err
		}
	}
	if s.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.User, s.Password, host)); err != nil {
			return err
		}
	}
	if err := c.Mail(s.From); err != nil {
		return err
	}
	if err := c.Rcpt(m.To); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(s.compose(m)); err != nil {
		return err
	}
	return w.Close()
}

// compose writes the message with its headers. Addresses were parsed by net/mail, so they hold no line breaks; the
// subject is encoded when it is not plain ASCII; lines end in CRLF as SMTP wants.
func (s *SMTPMailer) compose(m Message) []byte {
	var id [12]byte
	_, _ = rand.Read(id[:])
	_, domain, _ := strings.Cut(s.From, "@")
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\n", s.From)
	fmt.Fprintf(&b, "To: %s\r\n", m.To)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id[:]), domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(m.Body, "\r\n", "\n"), "\n", "\r\n"))
	return []byte(b.String())
}
