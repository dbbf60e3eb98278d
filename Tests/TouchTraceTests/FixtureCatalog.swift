import FixtureSupport
import Foundation
import Testing
import TouchTrace
import TouchModel

/// The recordings in Tests/Fixtures, from SOURCES.tsv (which also says which `.desc` an events-only
/// file pairs with).
enum FixtureCatalog {
    struct Entry: Sendable, CustomTestStringConvertible {
        var name: String
        /// The `.desc` to read it with, for events-only files.
        var pairedDescription: String?
        var isDescriptionOnly: Bool { name.hasSuffix(".desc") }
        var testDescription: String { name }
    }

    static let all: [Entry] = {
        guard let text = try? String(contentsOf: Fixtures.url("SOURCES.tsv"), encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = lines.removeFirst()
        guard let nameColumn = header.firstIndex(of: "filename"),
              let pairColumn = header.firstIndex(of: "paired_desc_file") else { return [] }
        return lines.map { row in
            let pair = row.count > pairColumn && !row[pairColumn].isEmpty ? row[pairColumn] : nil
            return Entry(name: row[nameColumn], pairedDescription: pair)
        }
    }()

    /// Files holding events (full recordings and events-only files).
    static let recordings: [Entry] = all.filter { !$0.isDescriptionOnly }

    static func read(_ entry: Entry) throws -> Trace {
        try TraceReader.read(path: Fixtures.path(entry.name), description: entry.pairedDescription.map(Fixtures.path))
    }
}
