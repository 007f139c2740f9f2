import CNCursesShim
import CarouselRender
import Glibc
import Testing

/// What the C shim decides from the environment, without a terminal.
@Suite(.serialized) struct ShimSettingsTests {
    /// An Esc waits 100 ms for the rest of a key over ssh, where an arrow key's bytes may come in
    /// two packets (helper-88: one split so was Esc, and quit), 25 ms here.
    @Test func anEscWaitsLongerOverSSH() {
        let names = ["SSH_CONNECTION", "SSH_TTY"]
        let saved: [(String, String?)] = names.map { name in (name, getenv(name).map { String(cString: $0) }) }
        defer { for (name, value) in saved { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
        unsetenv("SSH_CONNECTION")
        unsetenv("SSH_TTY")
        #expect(cs_escape_delay() == 25)
        setenv("SSH_CONNECTION", "10.0.0.2 50000 10.0.0.1 22", 1)
        #expect(cs_escape_delay() == 100)
        unsetenv("SSH_CONNECTION")
        setenv("SSH_TTY", "/dev/pts/3", 1)
        #expect(cs_escape_delay() == 100)
    }

    /// Curses is told no larger a terminal than the carousel draws.
    @Test func cursesIsToldAtMostWhatTheCarouselDraws() {
        #expect(Int(CS_LARGEST_SIDE) == Scene.largestSide)
    }
}
