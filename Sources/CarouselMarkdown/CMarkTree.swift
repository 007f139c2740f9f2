import CCMark

/// A document parsed by libcmark. Owns the C tree; nodes are valid while the tree lives.
final class CMarkTree {
    private let root: OpaquePointer
    /// The source as parsed, for the text of a node as written (see `written`).
    private let source: [UInt8]
    /// Where each source line starts, found when first needed.
    private lazy var lineStarts: [Int] = {
        var starts = [0]
        for (i, byte) in source.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
        return starts
    }()

    /// nil only if cmark runs out of memory.
    init?(_ source: String) {
        // A NUL after the bytes so that the pointer is never null, even for an empty source.
        var bytes = Array(source.utf8)
        let count = bytes.count
        bytes.append(0)
        guard let root = bytes.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { ccmark_parse($0, count) }
        }) else { return nil }
        self.root = root
        bytes.removeLast()
        self.source = bytes
    }

    /// The bytes of the source that a one-line node was read from (a text node's escapes and
    /// entities as written), or nil if cmark gives no usable position.
    func written(_ node: CMarkNode) -> ArraySlice<UInt8>? {
        let line = Int(ccmark_node_start_line(node.pointer))
        guard line >= 1, line == Int(ccmark_node_end_line(node.pointer)), line <= lineStarts.count else { return nil }
        let from = lineStarts[line - 1] + Int(ccmark_node_start_column(node.pointer)) - 1
        let to = lineStarts[line - 1] + Int(ccmark_node_end_column(node.pointer))
        guard from >= lineStarts[line - 1], from < to, to <= source.count else { return nil }
        return source[from..<to]
    }

    /// Whether a code block opens with a fence (three or more backticks or tildes where it
    /// starts, not its own first row: an indented block may begin with "```"): then its first row
    /// is on the line after its first.
    func isFenced(_ node: CMarkNode, firstRow: String?) -> Bool {
        let line = Int(ccmark_node_start_line(node.pointer))
        guard line >= 1, line <= lineStarts.count else { return false }
        let from = lineStarts[line - 1] + Int(ccmark_node_start_column(node.pointer)) - 1
        guard from >= 0, from < source.count, source[from] == UInt8(ascii: "`") || source[from] == UInt8(ascii: "~") else { return false }
        let fence = source[from]
        guard source[from...].prefix(while: { $0 == fence }).count >= 3 else { return false }
        let end = line < lineStarts.count ? lineStarts[line] - 1 : source.count
        var written = source[from..<max(from, end)]
        while written.last == UInt8(ascii: "\r") { written = written.dropLast() }
        return String(decoding: written, as: UTF8.self) != firstRow
    }

    deinit { ccmark_free(root) }

    /// Visits every node depth-first with cmark's own iterator (no recursion, so no nesting depth
    /// can exhaust the stack): containers on enter and exit, leaves once.
    func walk(_ visit: (_ entering: Bool, _ node: CMarkNode) -> Void) {
        guard let iter = ccmark_iter_new(root) else { return }
        defer { ccmark_iter_free(iter) }
        while true {
            let event = ccmark_iter_next(iter)
            if event == CCMARK_EVENT_DONE { return }
            guard let node = ccmark_iter_node(iter) else { continue }
            visit(event == CCMARK_EVENT_ENTER, CMarkNode(pointer: node))
        }
    }
}

/// A node of a `CMarkTree`.
struct CMarkNode {
    let pointer: OpaquePointer

    var kind: ccmark_kind { ccmark_node_kind(pointer) }
    var literal: String { ccmark_node_literal(pointer).map { String(cString: $0) } ?? "" }
    var url: String { ccmark_node_url(pointer).map { String(cString: $0) } ?? "" }
    /// A fenced code block's info string (its language first: `diff`), empty for others.
    var fenceInfo: String { ccmark_node_fence_info(pointer).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(ccmark_node_heading_level(pointer)) }
    var isOrderedList: Bool { ccmark_node_list_ordered(pointer) != 0 }
    var listStart: Int { Int(ccmark_node_list_start(pointer)) }
    /// Whether an ordered list's numbers are written `1)` rather than `1.`.
    var isParenthesisList: Bool { ccmark_node_list_paren(pointer) != 0 }
    var isTightList: Bool { ccmark_node_list_tight(pointer) != 0 }
    var childCount: Int { Int(ccmark_node_child_count(pointer)) }
    /// Source lines, 1-based.
    var lines: ClosedRange<Int> {
        let start = Int(ccmark_node_start_line(pointer))
        return start...max(start, Int(ccmark_node_end_line(pointer)))
    }
    /// Whether the node is a direct child of the document.
    var isTopLevel: Bool {
        ccmark_node_parent(pointer).map { ccmark_node_kind($0) == CCMARK_DOCUMENT } ?? false
    }
}
