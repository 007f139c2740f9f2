import Foundation
import PackagePlugin

/// Generates Swift source holding every file of `Assets/deck`, so the built-in deck is part of the
/// binary and works from any directory and after `make install`.
@main
struct EmbedDeck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let deck = context.package.directoryURL.appending(path: "Assets").appending(path: "deck")
        let names = try FileManager.default.contentsOfDirectory(atPath: deck.path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let inputs = names.map { deck.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinDeckFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the built-in deck (\(names.count) files)",
                executable: try context.tool(named: "embed-deck").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs + [deck],
                outputFiles: [output]
            )
        ]
    }
}
