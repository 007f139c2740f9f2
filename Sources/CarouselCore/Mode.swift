/// The segmented control's two segments: how strongly the centre card is emphasised.
public enum Mode: String, Sendable, CaseIterable {
    case normal
    case scaled

    public var title: String {
        switch self {
        case .normal: "Normal"
        case .scaled: "Scaled"
        }
    }

    public var toggled: Mode { self == .normal ? .scaled : .normal }
}

/// A look of the one engine. Each style maps positions to placements differently.
public enum StyleKind: String, Sendable, CaseIterable {
    case arc

    public var next: StyleKind {
        let all = StyleKind.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
