import Foundation
import Testing
import OutlineTestHelpers

/// The sizes the README states, against what `make install` installs and the `.deb` declares. Each
/// figure is in MB (10^6 bytes) with one decimal, and may be off by at most 2.5% before this test asks
/// for a new one: the binary grows with every feature, and a stated size that is no longer true
/// fails here rather than in a user's disk.
@Suite("installed sizes")
struct InstalledSizeTests {
    static func stated(_ pattern: String) throws -> Double {
        let readme = try String(contentsOf: Paths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let flat = readme.replacingOccurrences(of: "\n", with: " ")
        let match = try #require(try Regex(pattern).firstMatch(in: flat), "README.md has no '\(pattern)'")
        return try #require(Double(String(match.output[1].substring ?? "")))
    }

    static func expectClose(_ stated: Double, _ bytes: Int, _ what: String) {
        let actual = Double(bytes) / 1_000_000
        #expect(abs(stated - actual) / actual <= 0.025,
                "README.md says \(what) is \(stated) MB; it is \(String(format: "%.1f", actual)) MB (\(bytes) bytes): update README.md")
    }

    @Test func theInstalledBinary() throws {
        let stage = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: stage) }
        // make install's own commands, on the release build `make test` made (-o: not rebuilt here).
        let install = try shell("make -s -o release install DESTDIR='\(stage.path)' PREFIX=/usr/local", in: Paths.root)
        #expect(install.status == 0, "\(install.output)")
        let binary = stage.appendingPathComponent("usr/local/bin/outline").path
        let size = try #require(try FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int)
        Self.expectClose(try Self.stated(#"The executable is ([0-9.]+) MB as installed"#), size, "the installed binary")
        // The packages carry the same stripped binary.
        let listing = try shell("tar -tvzf '\(try Dist.tarball().path)' | grep '/bin/outline$'", in: Paths.root).output
        #expect(listing.split(separator: " ", omittingEmptySubsequences: true).contains(Substring(String(size))), "\(listing)")
    }

    @Test func theDebianPackage() throws {
        let field = try shell("dpkg-deb -f '\(try Dist.deb().path)' Installed-Size", in: Paths.root)
        let kib = try #require(Int(field.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(field.output)")
        Self.expectClose(try Self.stated(#"the `\.deb` installs ([0-9.]+) MB"#), kib * 1024, "the .deb's Installed-Size")
    }
}
