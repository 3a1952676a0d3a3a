#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OutlineCore

/// Where a path meets the system: its bytes (`PathBytes`: a name that is not UTF-8 keeps its bytes)
/// as a C string, and a C string back as a path.
@inline(__always)
func withSystemPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    if !PathBytes.hasRawBytes(path) { return try path.withCString(body) }
    let bytes = PathBytes.encode(path).map { CChar(bitPattern: $0) } + [0]
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
}

/// A path the system gave (realpath, getcwd).
func systemPath(_ cString: UnsafePointer<CChar>) -> String {
    PathBytes.decode(UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlen(cString)))
}

/// A C string of `path`'s bytes, for argv (free(3) it).
func systemPathCopy(_ path: String) -> UnsafeMutablePointer<CChar>? {
    withSystemPath(path) { strdup($0) }
}
