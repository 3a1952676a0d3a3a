/// JSON-RPC messages over a byte stream, framed as the Language Server Protocol says: header lines
/// `Name: value` ended by CRLF, an empty line, then exactly `Content-Length` bytes of body
/// (format.md §15). Pure: the caller feeds what it read and takes out whole bodies.
///
/// A header block that cannot be used (no `Content-Length`, a value that is not a number, a line
/// without `:`) is reported once and skipped: reading resumes at the next `Content-Length:` in the
/// stream, so one bad message never stalls the ones after it.
public struct MessageFramer {
    public enum Event: Equatable {
        case message([UInt8])
        /// A header block that was skipped, and why (the server logs it).
        case malformedHeader(String)
    }

    /// Bodies larger than this are refused as malformed (a hostile or broken client cannot make the
    /// server hold gigabytes waiting for a body that never ends).
    public static let maximumBody = 256 << 20

    private var buffer: [UInt8] = []
    private var start = 0

    public init() {}

    /// Takes `bytes` and returns every event now complete, in order.
    public mutating func feed(_ bytes: [UInt8]) -> [Event] {
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        while let event = next() { events.append(event) }
        if start > 65_536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return events
    }

    /// True when a message has begun and not ended (at end of input: a truncated stream).
    public var hasPartialMessage: Bool { buffer[start...].contains { $0 != ASCII.cr && $0 != ASCII.lf } }

    private mutating func next() -> Event? {
        // Blank lines between messages are tolerated.
        while start < buffer.count, buffer[start] == ASCII.cr || buffer[start] == ASCII.lf { start += 1 }
        guard start < buffer.count, let end = headerEnd(from: start) else { return nil }
        var length: Int? = nil
        var problem: String? = nil
        for line in buffer[start..<end.headers].split(separator: ASCII.lf, omittingEmptySubsequences: true) {
            var line = line
            if line.last == ASCII.cr { line = line.dropLast() }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                problem = "header line without ':': '\(String(decoding: line.prefix(80), as: UTF8.self))'"
                break
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            let value = line[(colon + 1)...].drop { $0 == ASCII.space || $0 == ASCII.tab }
            if name == "content-length" {
                let digits = value.prefix { $0 != ASCII.space && $0 != ASCII.tab }
                guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy(ASCII.isDigit),
                      let n = Int(String(decoding: digits, as: UTF8.self)), n <= MessageFramer.maximumBody else {
                    problem = "Content-Length is not a usable number: '\(String(decoding: value.prefix(40), as: UTF8.self))'"
                    break
                }
                length = n
            }
        }
        if problem == nil && length == nil { problem = "a header without Content-Length" }
        if let problem {
            // Resynchronise: skip to the next `Content-Length:` after this header's start.
            start = nextContentLength(after: start + 1) ?? buffer.count
            return .malformedHeader(problem)
        }
        guard buffer.count - end.body >= length! else { return nil }
        let body = Array(buffer[end.body..<(end.body + length!)])
        start = end.body + length!
        return .message(body)
    }

    /// The end of the header lines and the start of the body, when the blank line has arrived.
    private func headerEnd(from: Int) -> (headers: Int, body: Int)? {
        var i = from
        while i < buffer.count {
            if buffer[i] == ASCII.lf {
                // LF LF or LF CR LF: the empty line (CRLF is the protocol's; bare LF is forgiven).
                if i + 1 < buffer.count, buffer[i + 1] == ASCII.lf { return (i, i + 2) }
                if i + 2 < buffer.count, buffer[i + 1] == ASCII.cr, buffer[i + 2] == ASCII.lf { return (i, i + 3) }
            }
            i += 1
        }
        // A header block that never ends but already holds the next message's header is broken.
        return nil
    }

    private func nextContentLength(after: Int) -> Int? {
        let needle = Array("content-length:".utf8)
        var i = after
        while i + needle.count <= buffer.count {
            if (buffer[i] | 0x20) == needle[0] {
                var k = 0
                while k < needle.count, (buffer[i + k] | (needle[k] >= 97 ? 0x20 : 0)) == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// One outgoing message, framed.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
