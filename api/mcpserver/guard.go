package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// MaxMessage bounds one message from the client (one line of standard
// input); a longer line is answered with an error and skipped.
const MaxMessage = 4 << 20

// JSON-RPC 2.0 error codes for messages that never reach the server.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// Guard stands between the client's stream and the SDK's IOTransport,
// which ends the whole session on the first malformed line: a line that is
// not JSON (-32700), a batch, a message that is not JSON-RPC 2.0, an id
// that is neither a string nor a number, or a line over MaxMessage (all
// -32600) is answered on out and skipped, and the session goes on. The
// returned reader and writer are for the transport: writes to out are
// serialised with the guard's own answers.
func Guard(in io.Reader, out io.Writer) (io.ReadCloser, io.WriteCloser) {
	pr, pw := io.Pipe()
	w := &lockedOut{w: out}
	go func() {
		err := guard(in, pw, w)
		_ = pw.CloseWithError(err)
	}()
	return pr, w
}

type lockedOut struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedOut) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (*lockedOut) Close() error { return nil } // standard output stays open

// guard copies the well-formed lines of in to pass and answers the others.
func guard(in io.Reader, pass io.Writer, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(r)
		if tooLong {
			if werr := answer(out, nil, codeInvalidRequest, fmt.Sprintf("Invalid Request: a message is at most %d MiB; this one was skipped.", MaxMessage>>20)); werr != nil {
				return werr
			}
		} else if msg := bytes.TrimSpace(line); len(msg) > 0 {
			if id, code, why := check(msg); code != 0 {
				if werr := answer(out, id, code, why); werr != nil {
					return werr
				}
			} else if _, werr := pass.Write(append(msg, '\n')); werr != nil {
				return werr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// readLine reads one line (without its newline), or skips it whole and
// reports tooLong when it is over MaxMessage.
func readLine(r *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > MaxMessage+1 {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), tooLong, err
	}
}

// check says what is wrong with one message: the id to answer (when one
// could be read), the error code and its message; code 0 when nothing is.
func check(msg []byte) (id json.RawMessage, code int, why string) {
	if !json.Valid(msg) {
		var v any
		err := json.Unmarshal(msg, &v)
		return nil, codeParseError, "Parse error: " + err.Error() + "."
	}
	switch msg[0] {
	case '[':
		return nil, codeInvalidRequest, "Invalid Request: batches are not supported; send one message per line."
	case '{':
	default:
		return nil, codeInvalidRequest, "Invalid Request: a message is a JSON object."
	}
	var m struct {
		JSONRPC *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  *string         `json:"method"`
		Result  json.RawMessage `json:"result"`
		Error   json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(msg, &m); err != nil {
		return nil, codeInvalidRequest, "Invalid Request: " + err.Error() + "."
	}
	if len(m.ID) > 0 && m.ID[0] != '"' && m.ID[0] != '-' && (m.ID[0] < '0' || m.ID[0] > '9') {
		return nil, codeInvalidRequest, "Invalid Request: id must be a string or a number."
	}
	switch {
	case m.JSONRPC == nil || *m.JSONRPC != "2.0":
		return m.ID, codeInvalidRequest, `Invalid Request: "jsonrpc" must be "2.0".`
	case m.Method == nil && m.Result == nil && m.Error == nil:
		return m.ID, codeInvalidRequest, "Invalid Request: a request needs a method."
	case m.Method != nil && *m.Method == "":
		return m.ID, codeInvalidRequest, "Invalid Request: the method is empty."
	}
	return nil, 0, ""
}

// answer writes one JSON-RPC error response (id null when unknown).
func answer(out io.Writer, id json.RawMessage, code int, msg string) error {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{"2.0", id, rpcError{code, msg}})
	if err != nil {
		return err
	}
	_, err = out.Write(append(b, '\n'))
	return err
}
