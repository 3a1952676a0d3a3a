import Testing
import OutlineTestHelpers
@testable import OutlineCore

/// The sizes the comments promise (a million headings make every byte count): a test, so that a new
/// field cannot grow them silently.
@Suite("memory layout")
struct LayoutTests {
    /// Strides: what an array of them pays per element.
    @Test func sizesAreWhatTheCommentsSay() {
        #expect(MemoryLayout<Heading>.stride == 48, "Heading: \(MemoryLayout<Heading>.stride) bytes (Document.swift says 48)")
        #expect(MemoryLayout<Section>.stride == 152, "Section: \(MemoryLayout<Section>.stride) bytes (Outline.swift says 152)")
        #expect(MemoryLayout<CommonMarkBlock>.stride == 16, "CommonMarkBlock: \(MemoryLayout<CommonMarkBlock>.stride) bytes (CommonMark.swift says 16)")
        #expect(MemoryLayout<PendingEdit>.stride == 32, "PendingEdit: \(MemoryLayout<PendingEdit>.stride) bytes (EditList.swift says 32)")
    }
}
