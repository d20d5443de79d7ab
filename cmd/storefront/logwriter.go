package main

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// logFlushEvery bounds how long a log line waits in the buffer (and what a crash can lose).
const logFlushEvery = 100 * time.Millisecond

// bufferedLog collects log lines in memory and writes them out at most every logFlushEvery: one write system call
// for many lines instead of one per line, which under load costs more than the request it describes.
type bufferedLog struct {
	mu   sync.Mutex
	w    *bufio.Writer
	stop chan struct{}
	done chan struct{}
}

func newBufferedLog(out io.Writer) *bufferedLog {
	b := &bufferedLog{w: bufio.NewWriterSize(out, 64<<10), stop: make(chan struct{}), done: make(chan struct{})}
	go b.flushEvery(logFlushEvery)
	return b
}

func (b *bufferedLog) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.w.Write(p)
}

func (b *bufferedLog) flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.w.Flush()
}

func (b *bufferedLog) flushEvery(d time.Duration) {
	defer close(b.done)
	tick := time.NewTicker(d)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			b.flush()
		case <-b.stop:
			b.flush()
			return
		}
	}
}

// Close writes out what is buffered and stops the flusher.
func (b *bufferedLog) Close() {
	close(b.stop)
	<-b.done
}
