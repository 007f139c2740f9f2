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
    /// Cards on a strip riding an arc (the "circular slider").
    case arc
    /// Overlapping cards, the active one on top (the "layered 3D carousel").
    case stack
    /// Cards around an ellipse, the active one at the front (the "circular layout").
    case ring
    /// A vertical list whose lines blur and fade with distance (the "scroll transition" lyrics view).
    case lyrics

    public var next: StyleKind {
        let all = StyleKind.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
