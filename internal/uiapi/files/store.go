package files

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"io"

	"storefront/internal/platform/db"
)

// The file store keeps a version's bytes as chunks in the database (sf_file_chunk, migration 00026), on SQLite and
// PostgreSQL alike: several instances on one PostgreSQL must all serve a file, so local disk is no place for it;
// chunks are ordinary rows (unlike PostgreSQL's large objects, which outlive their rows unless unlinked and need a
// session of their own), go with the database's backups, and let an upload and a download hold one chunk in memory.
// The same code serves SQLite, where the database file is the durable store.

// chunkSize is the bytes of one chunk: large enough that a 50 MB file is 50 statements, small enough for memory.
const chunkSize = 1 << 20

// errTooLarge is an upload over the size limit.
var errTooLarge = errors.New("file too large")

// writeBlob copies r into a new blob, a chunk per statement (each its own short write, so a slow client never holds
// the database's write lock), stopping with errTooLarge past limit bytes. On any error what was written is removed.
func writeBlob(ctx context.Context, d *db.DB, r io.Reader, limit int64) (blobID string, size int64, err error) {
	raw := make([]byte, 16)
	if _, err := rand.Read(raw); err != nil {
		return "", 0, err
	}
	id := hex.EncodeToString(raw)
	defer func() {
		if err != nil { // the returns below clear blobID: remove by the id itself
			deleteBlob(context.WithoutCancel(ctx), d, id)
		}
	}()
	buf := make([]byte, chunkSize)
	for seq := 0; ; seq++ {
		n, rerr := fill(r, buf)
		if n > 0 {
			size += int64(n)
			if size > limit {
				return "", 0, errTooLarge
			}
			if _, err := d.Exec(ctx, `INSERT INTO sf_file_chunk (blob_id, seq, data) VALUES (?, ?, ?)`, id, seq, buf[:n]); err != nil {
				return "", 0, err
			}
		}
		if errors.Is(rerr, io.EOF) {
			return id, size, nil
		}
		if rerr != nil {
			return "", 0, rerr
		}
	}
}

// fill reads until buf is full or the reader stops: io.EOF only at the true end of the data. Unlike io.ReadFull it
// keeps a cut-off body (io.ErrUnexpectedEOF from a multipart part) apart from a short last chunk.
func fill(r io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// deleteBlob removes a blob's chunks (best effort: a failure leaves chunks no version names).
func deleteBlob(ctx context.Context, d *db.DB, blobID string) {
	_, _ = d.Exec(ctx, `DELETE FROM sf_file_chunk WHERE blob_id = ?`, blobID)
}

// recordData names the blob of a version, inside the transaction that creates the version.
func recordData(ctx context.Context, tx *db.Tx, versionID, blobID string, size int64) error {
	_, err := tx.Exec(ctx, `INSERT INTO sf_content_data (version_id, blob_id, size) VALUES (?, ?, ?)`, versionID, blobID, size)
	return err
}

// dataOf is the blob and size of a version's data; ok false when it has none.
func dataOf(ctx context.Context, d *db.DB, versionID string) (blobID string, size int64, ok bool, err error) {
	err = d.QueryRow(ctx, `SELECT blob_id, size FROM sf_content_data WHERE version_id = ?`, versionID).Scan(&blobID, &size)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, false, nil
	}
	return blobID, size, err == nil, err
}

// copyBlob writes a blob to w a chunk at a time, one statement per chunk.
func copyBlob(ctx context.Context, d *db.DB, blobID string, w io.Writer) error {
	for seq := 0; ; seq++ {
		var data []byte
		err := d.QueryRow(ctx, `SELECT data FROM sf_file_chunk WHERE blob_id = ? AND seq = ?`, blobID, seq).Scan(&data)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
}
