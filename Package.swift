// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "outline",
    products: [
        .executable(name: "outline", targets: ["outline"]),
    ],
    targets: [
        // libcmark from the system (Debian: libcmark-dev). In the product only Parsing/CommonMark/ imports it (the conformance tool too).
        .systemLibrary(
            name: "CCmark",
            path: "Sources/CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // C library functions Swift's Glibc module does not show (mallopt). No library of its own.
        .systemLibrary(name: "CSystem", path: "Sources/CSystem"),
        // All logic: parsing, section tree, edits, transforms, sidecar, reports. Never prints, never exits.
        .target(name: "OutlineCore", dependencies: ["CCmark", "CSystem"]),
        // The command line: option table, argument parsing, file I/O, exit codes.
        .target(name: "OutlineCLI", dependencies: ["OutlineCore"]),
        // A thin executable around OutlineCLI. Released on Linux as a fully static executable (libcmark.a,
        // the C and C++ runtimes and the Swift runtime inside): no dynamic loader at start-up, which
        // would otherwise be much of a hook's run on a small file.
        .executableTarget(name: "outline", dependencies: ["OutlineCLI"],
                          linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]),
        // What the tests and the conformance run share (document variants, a seeded generator, line
        // diffs). Never linked into the product.
        .target(name: "OutlineTestSupport"),
        // The conformance run of docs/format.md §14 (`make conformance`): not shipped, run from the build tree.
        .executableTarget(name: "outline-conformance", dependencies: ["OutlineCore", "CCmark", "OutlineTestSupport"]),
        // What both test targets share: paths, running outline, a shell, the external tools.
        .target(name: "OutlineTestHelpers", dependencies: ["OutlineCore", "OutlineCLI", "OutlineTestSupport"],
                path: "Tests/OutlineTestHelpers"),
        // The unit, golden and CLI tests, in folders that mirror Sources/ (`make test-fast`). CCmark:
        // cmark's own HTML, in process, judges generated rewrites (RepairVerificationTests).
        .testTarget(name: "OutlineTests", dependencies: ["OutlineCore", "OutlineCLI", "OutlineTestSupport", "OutlineTestHelpers", "CCmark"]),
        // The slow and external tests: pathological inputs, the SIGKILL test, formatters, renderers,
        // pre-commit, real LSP clients, ten thousand generated documents (`make test` runs both).
        .testTarget(name: "OutlineSlowTests", dependencies: ["OutlineCore", "OutlineCLI", "OutlineTestSupport", "OutlineTestHelpers"]),
    ]
)
