/// `file:` URIs ↔ absolute paths (RFC 8089 as editors write them: `file:///a/b%20c.md`). A document
/// with another scheme (`untitled:`) is kept under its URI, which is then its path: it has no file on
/// disk and no directory.
enum URI {
    /// The absolute path of a `file:` URI; nil for another scheme.
    static func path(of uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst(7))
        // `file://host/path`: only the local host is a path here.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let host = rest[..<slash]
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[slash...]
        }
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        var path = LocalLink.percentDecoded(rest)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The path a document is kept under: its file path, else its URI.
    static func key(_ uri: String) -> String { path(of: uri) ?? uri }

    /// The URI of a path kept by `key`.
    static func uri(for path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        var out = "file://"
        for b in path.utf8 {
            let unreserved = (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~") || b == UInt8(ascii: "/")
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
            }
        }
        return out
    }
}
