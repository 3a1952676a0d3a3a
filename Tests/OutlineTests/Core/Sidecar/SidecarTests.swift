import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// The sidecar format (format.md §6): strict reading, errors located in the file; canonical writing,
/// byte for byte, that reads back to the same value; what `state` writes for a document.
@Suite("sidecar (library)")
struct SidecarTests {
    static let full = Sidecar(folded: ["install"], sections: [
        .init(id: "guide", title: "Guide", level: 1, parent: nil),
        .init(id: "install", title: "Install \"it\" — now", level: 2, parent: "guide"),
        .init(id: "hidden", title: nil, level: 3, parent: "install"),
    ])

    /// The canonical text: keys in a fixed order, two-space indent, nulls written, one final newline.
    @Test func canonicalTextIsExact() {
        #expect(Self.full.text() == """
            {
              "version": 1,
              "folded": [
                "install"
              ],
              "sections": [
                {
                  "id": "guide",
                  "title": "Guide",
                  "level": 1,
                  "parent": null
                },
                {
                  "id": "install",
                  "title": "Install \\"it\\" — now",
                  "level": 2,
                  "parent": "guide"
                },
                {
                  "id": "hidden",
                  "title": null,
                  "level": 3,
                  "parent": "install"
                }
              ]
            }

            """)
        #expect(Sidecar(folded: [], sections: nil).text() == "{\n  \"version\": 1,\n  \"folded\": []\n}\n")
    }

    /// Reading the canonical text gives the value back, and writing that gives the same bytes; key
    /// order, spacing and unknown fields in the input do not matter.
    @Test func roundTrip() throws {
        for sidecar in [Self.full, Sidecar(folded: ["a", "b"], sections: nil), Sidecar(folded: [], sections: [])] {
            let text = sidecar.text()
            let read = try Sidecar.parse(Array(text.utf8))
            #expect(read == sidecar)
            #expect(read.text() == text)
        }
        let loose = "{\"sections\":[{\"level\":1,\"parent\":null,\"id\":\"guide\",\"extra\":[1]}],\"note\":{},\"folded\":[\"guide\"],\"version\":1}"
        let read = try Sidecar.parse(Array(loose.utf8))
        #expect(read == Sidecar(folded: ["guide"], sections: [.init(id: "guide", title: nil, level: 1, parent: nil)]))
    }

    /// Errors are `malformed-sidecar` errors located in the file: the path always, the line where the
    /// JSON breaks.
    @Test func strictReadingLocatesErrors() {
        func error(_ text: String) -> Diagnostic? {
            do { _ = try SidecarFile(path: "docs/.state.json", bytes: Array(text.utf8)); return nil } catch { return error as? Diagnostic }
        }
        let broken = error("{\n  \"version\": 1,\n  \"folded\": [\n    \"a\",\n  ]\n}\n")
        #expect(broken?.kind == .malformedSidecar && broken?.severity == .error)
        #expect(broken?.path == "docs/.state.json" && broken?.line == 5, "\(String(describing: broken))")
        let duplicate = error("{\"version\": 1, \"sections\": [{\"id\": \"a\", \"level\": 1}, {\"id\": \"a\", \"level\": 2}]}")
        #expect(duplicate?.path == "docs/.state.json" && duplicate?.message.contains("'a'") == true)
        #expect(error("{\"version\": 1, \"sections\": [{\"id\": \"a\"}]}")?.kind == .malformedSidecar, "a section needs its level")
        #expect(error("{\"version\": 1, \"folded\": [\"a\", null]}") != nil)
        #expect(error("{\"version\": \"1\"}") != nil, "the version is a number")
        #expect(error("{\"version\": 1}") == nil)
    }

    /// Messages about an ID point at the line that first mentions it.
    @Test func idsAreLocatedInTheFile() throws {
        let file = try SidecarFile(path: "s.json", bytes: Array(Self.full.text().utf8))
        #expect(file.line(of: "install") == 4)
        #expect(file.line(of: "hidden") == 20)
        #expect(file.line(of: "nowhere") == 1)
        let missing = StructureFindings.missingFolded(file, in: try Outline(parsing: Array("# Guide\n".utf8)), name: "g.md")
        #expect(missing.map { "\($0.path ?? ""):\($0.line ?? 0) \($0.kind.rawValue)" } == ["s.json:4 missing-folded"])
    }

    /// What tells a sidecar from Markdown given the same way (a BOM and blanks allowed).
    @Test func looksLikeSidecar() {
        for yes in ["{\"version\": 1}", "\u{FEFF}  \n{ \"a\"", "{}"] { #expect(Sidecar.looksLikeSidecar(Array(yes.utf8)), "\(yes)") }
        for no in ["# {\"a\"}", "{a}", "", "[{}]", "{ "] { #expect(!Sidecar.looksLikeSidecar(Array(no.utf8)), "\(no)") }
    }

    /// A document's structure as a sidecar (`state`): a folded view's hidden sections without titles,
    /// its folded IDs; the text reads back to the same structure.
    @Test func aDocumentsStateRoundTrips() throws {
        let view = try Outline(parsing: Array("# Guide\n<!-- outline:guide -->\n\n## Install\n<!-- outline:install -->\n<!-- outline-fold:install lines=6-12 hash=00000000 hidden=hidden:3 -->\n".utf8))
        let sidecar = try Structure(view).sidecar()
        #expect(sidecar == Self.full.withTitle("Install", of: "install"))
        let again = Structure(try Sidecar.parse(Array(sidecar.text().utf8)))
        #expect(StructureDiff.compare(try Structure(view), again).isEmpty)
    }
}

extension Sidecar {
    func withTitle(_ title: String, of id: String) -> Sidecar {
        Sidecar(folded: folded, sections: sections?.map { $0.id == id ? .init(id: id, title: title, level: $0.level, parent: $0.parent) : $0 })
    }
}
