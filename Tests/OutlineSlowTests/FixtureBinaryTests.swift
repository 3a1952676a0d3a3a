import Foundation
import Testing
import OutlineTestHelpers

/// Every golden case through the outline executable (the fast suite runs one per command): what the
/// binary prints, on its real streams, with its exit status, is the golden file.
@Suite("Golden fixtures through the binary")
struct FixtureBinaryTests {
    @Test("the outline binary prints every golden file", arguments: GoldenCase.all)
    func binary(_ golden: GoldenCase) throws {
        let result = try runBinary(golden.arguments, stdin: golden.input)
        #expect(result.status == golden.expectedStatus)
        expectBytes(result.stdout, golden.expected)
        #expect(result.stderr == golden.expectedStderr)
    }
}
