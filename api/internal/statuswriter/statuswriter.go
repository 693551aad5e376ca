// Package statuswriter holds the http.ResponseWriter wrapper that
// remembers an answer's status: the sandbox's middleware (logging, panic
// recovery) and the reference checker of the tests read it.
package statuswriter

import "net/http"

// Writer passes an answer through and remembers its status.
type Writer struct {
	http.ResponseWriter
	code int // 0 until the answer starts
}

// New wraps w.
func New(w http.ResponseWriter) *Writer { return &Writer{ResponseWriter: w} }

func (w *Writer) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *Writer) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Started says whether the answer has started: after it, no other
// answer can be written.
func (w *Writer) Started() bool { return w.code != 0 }

// Status is the answer's status: 200 when the handler wrote nothing, as
// net/http then answers.
func (w *Writer) Status() int {
	if w.code == 0 {
		return http.StatusOK
	}
	return w.code
}

// Unwrap lets http.ResponseController reach the connection (deadlines,
// flushes).
func (w *Writer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *Writer) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
