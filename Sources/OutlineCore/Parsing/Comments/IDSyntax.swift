/// The syntax of a section ID (format.md §2), which outline's comment lines carry: letters with their
/// combining marks and digits of any script, `-` and `_`; lowercase; no whitespace; never `--`; no
/// leading or trailing `-`; at most 64 characters. Reading an anchor needs only this; how IDs are
/// made and kept unique is the model's (`Identifier`).
public enum IDSyntax {
    public static let maxLength = 64

    /// True when `id` is a valid section ID.
    public static func isValid(_ id: String) -> Bool {
        // Most IDs are ASCII: checked on their bytes (every anchor line is read on every parse).
        if let ascii = id.utf8.withContiguousStorageIfAvailable(asciiVerdict), let answer = ascii { return answer }
        return isValidByScalars(id)
    }

    /// The rule on an ID's bytes, in one pass: an ASCII byte the rule rejects answers false at once
    /// (the scalar rule would too); nil at a byte of a longer scalar, or for more bytes than an ID
    /// may have characters (the scalar rule decides). Also what the anchor reader's fast path asks
    /// (`OutlineCommentParser.canonicalRecord`).
    static func asciiVerdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.count <= maxLength else { return nil }
        var previousDash = true   // no dash first
        for b in bytes {
            if b == UInt8(ascii: "-") {
                if previousDash { return false }
                previousDash = true
            } else if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F {
                previousDash = false
            } else {
                return b >= 0x80 ? nil : false
            }
        }
        return !bytes.isEmpty && !previousDash
    }

    /// The rule on Unicode scalars (any ID; the ASCII path above must agree with it).
    static func isValidByScalars(_ id: String) -> Bool {
        var count = 0
        var previousDash = false
        var first = true
        for scalar in id.unicodeScalars {
            count += 1
            if count > maxLength { return false }
            if scalar == "-" {
                if first || previousDash { return false }
                previousDash = true
            } else if scalar.isASCII {
                let v = scalar.value
                guard (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) || v == 0x5F else { return false }
                previousDash = false
            } else {
                guard isIDCharacter(scalar), !scalar.properties.changesWhenLowercased else { return false }
                previousDash = false
            }
            first = false
        }
        return count > 0 && !previousDash
    }

    /// A letter, a combining mark, a digit or `_`.
    static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39) || v == 0x5F
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
