package cli

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// escapeControls appends data to dst with every control character but
// the newline escaped as Go writes it in a quoted string (\r, \t, \x1b),
// and every byte that is not UTF-8 as \xNN: a scenario's title, a unit or
// a step name can then never move the cursor, clear the screen or retitle
// the terminal, yet "…" and "−" stay as they are. DEL and the C1 controls
// are written \u007f and \u0085, a form that is also a JSON escape: the
// JSON encoder leaves them raw, and so the JSON still reads back to the
// same strings. rest is an incomplete rune at the end of data, for the
// next write to complete.
func escapeControls(dst, data []byte) (out, rest []byte) {
	for i := 0; i < len(data); {
		if !utf8.FullRune(data[i:]) {
			return dst, data[i:]
		}
		r, n := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = appendByteEscape(dst, data[i])
		case bidi(r) || r == 0x2028 || r == 0x2029:
			// A direction override reorders what follows it on screen:
			// a name could show one thing and say another. A line or
			// paragraph separator breaks a one-line name where a
			// terminal or a page honours it.
			dst = append(dst, '\\', 'u', hexDigits[r>>12], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
		case r == '\n' || !unicode.IsControl(r):
			dst = append(dst, data[i:i+n]...)
		case r < 0x20:
			dst = appendC0Escape(dst, byte(r))
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[r>>4], hexDigits[r&0xf])
		}
		i += n
	}
	return dst, nil
}

const hexDigits = "0123456789abcdef"

// bidi reports the invisible marks that change the direction of the text
// around them: U+200E–U+200F, U+202A–U+202E and U+2066–U+2069.
func bidi(r rune) bool {
	return r == 0x200e || r == 0x200f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// appendC0Escape appends c, a C0 control, as strconv.Quote writes it.
func appendC0Escape(dst []byte, c byte) []byte {
	if i := strings.IndexByte("\a\b\f\r\t\v", c); i >= 0 {
		return append(dst, '\\', "abfrtv"[i])
	}
	return appendByteEscape(dst, c)
}

// appendByteEscape appends c as \xNN.
func appendByteEscape(dst []byte, c byte) []byte {
	return append(dst, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xf])
}
