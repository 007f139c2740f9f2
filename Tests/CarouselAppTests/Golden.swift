import Foundation
import Testing

/// Compares a rendered screen with `Goldens/<name>.txt`. `RECORD=1 make test` writes the files
/// instead; a reviewer reads the diff before committing them.
func assertGolden(_ lines: [String], named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    let file = directory.appendingPathComponent(name + ".txt")
    let text = lines.joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["RECORD"] == "1" {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no golden screen \(name).txt: run RECORD=1 make test and review it", sourceLocation: sourceLocation)
        return
    }
    if expected != text {
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let firstDifference = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        Issue.record("""
            screen differs from \(name).txt at line \(firstDifference + 1):
            expected: \(firstDifference < want.count ? String(want[firstDifference]) : "<none>")
            actual:   \(firstDifference < got.count ? String(got[firstDifference]) : "<none>")
            --- actual screen ---
            \(text)
            """, sourceLocation: sourceLocation)
    }
}
