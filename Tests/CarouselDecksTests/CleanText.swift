import CarouselCards
@testable import CarouselDecks

/// What no sanitised text may hold, checked independently of the sanitiser's own tables: returns
/// a description of the first offence, or nil when `text` is clean.
func offence(in text: String) -> String? {
    var column = 0
    var marks = 0
    for scalar in text.unicodeScalars {
        let v = scalar.value
        let name = "U+" + String(v, radix: 16, uppercase: true)
        if v < 0x20 { return "C0 control \(name)" }
        if v >= 0x7F && v <= 0x9F { return "DEL or C1 control \(name)" }
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return "bidi control \(name)" }
        switch scalar.properties.generalCategory {
        case .format: return "format character \(name)"
        case .unassigned: return "unassigned \(name)"
        case .lineSeparator, .paragraphSeparator: return "separator \(name)"
        case .nonspacingMark, .spacingMark, .enclosingMark:
            if column == 0 { return "mark \(name) with no base" }
            marks += 1
            if marks > Sanitizer.maximumMarks { return "more than \(Sanitizer.maximumMarks) marks on one base" }
            continue
        default:
            break
        }
        if scalar.properties.isNoncharacterCodePoint { return "noncharacter \(name)" }
        column += 1
        marks = 0
    }
    if column > Sanitizer.maximumColumns { return "\(column) columns" }
    return nil
}

/// Every offence in the shown parts of a card.
func offences(in card: Card) -> [String] {
    ([card.title, card.subtitle] + card.lines).compactMap { text in offence(in: text).map { "\($0) in \(text.debugDescription)" } }
}

/// Every offence in every card, problem and error message of a deck.
func offences(in deck: Deck) -> [String] {
    var found = deck.problems.compactMap { offence(in: $0) }
    for index in 0..<deck.count { found += offences(in: deck.provider.card(at: index)) }
    found += offence(in: deck.name).map { [$0] } ?? []
    return found
}
