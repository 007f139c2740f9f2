/// A state machine over Unicode scalars that tells text from escape sequences (ECMA-48, as xterm
/// parses it). Only SGR sequences are reported; everything else that is not text is swallowed.
struct EscapeScanner {
    enum Output: Equatable {
        case text(Unicode.Scalar)
        /// The parameter bytes of an `ESC[...m` (or `0x9B...m`) sequence.
        case sgr(String)
    }

    private enum State {
        case text
        case escape
        /// After ESC and an intermediate byte (`ESC ( B`, `ESC # 8`...).
        case escapeIntermediate
        case csi
        /// OSC, DCS, SOS, PM or APC: runs to BEL or ST.
        case controlString
        /// ESC inside a control string: `ESC \` is ST; anything else starts a new sequence.
        case controlStringEscape
    }

    private var state = State.text
    private var parameters = ""
    private var intermediates = false

    /// Longest parameter string kept; a longer one is consumed but cannot be SGR.
    private static let parameterLimit = 256

    mutating func next(_ scalar: Unicode.Scalar) -> Output? {
        let v = scalar.value
        // CAN and SUB cancel any sequence (VT100); outside one they are controls like any other.
        if v == 0x18 || v == 0x1A { state = .text; return nil }
        switch state {
        case .text:
            switch v {
            case 0x1B: state = .escape
            case 0x9B: startCSI()
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .controlString
            case 0x09: return .text(scalar)
            case 0x00..<0x20, 0x7F, 0x80..<0xA0: break
            default: return .text(scalar)
            }
        case .escape:
            switch v {
            case 0x5B: startCSI()  // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .controlString  // ] P X ^ _
            case 0x20...0x2F: state = .escapeIntermediate
            case 0x30...0x7E: state = .text  // a two-byte sequence: ESC c, ESC 7, ESC =...
            case 0x1B: break  // a lone ESC followed by another
            case 0x00..<0x20: break  // C0 inside a sequence: terminals execute it; we drop it
            default:
                // A lone ESC before text: drop the ESC, keep the text.
                state = .text
                return next(scalar)
            }
        case .escapeIntermediate:
            switch v {
            case 0x20...0x2F: break
            case 0x30...0x7E: state = .text
            case 0x1B: state = .escape
            case 0x00..<0x20: break
            default:
                state = .text
                return next(scalar)
            }
        case .csi:
            switch v {
            case 0x30...0x3F:
                if parameters.unicodeScalars.count < Self.parameterLimit { parameters.unicodeScalars.append(scalar) } else { intermediates = true }
            case 0x20...0x2F: intermediates = true
            case 0x40...0x7E:
                state = .text
                // Private forms (`ESC[>4;2m` is xterm's modifyOtherKeys) are not SGR.
                let isPrivate = parameters.unicodeScalars.first.map { (0x3C...0x3F).contains($0.value) } ?? false
                if v == 0x6D && !intermediates && !isPrivate { return .sgr(parameters) }
            case 0x1B: state = .escape
            case 0x00..<0x20, 0x7F: break
            default:
                // Not part of any sequence: the sequence was broken; the character is text.
                state = .text
                return next(scalar)
            }
        case .controlString:
            switch v {
            case 0x07, 0x9C: state = .text  // BEL (xterm) or 8-bit ST ends it
            case 0x1B: state = .controlStringEscape
            default: break
            }
        case .controlStringEscape:
            if v == 0x5C { state = .text } else {  // ESC \ is ST
                state = .escape
                return next(scalar)
            }
        }
        return nil
    }

    private mutating func startCSI() {
        state = .csi
        parameters = ""
        intermediates = false
    }
}
