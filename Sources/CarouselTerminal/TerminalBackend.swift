import CarouselCanvas
import CarouselCore
import CarouselRender

/// What the program loop draws on, reads from and keeps time by: the real terminal, or an in-memory
/// stand-in on a virtual clock (for `--render` and tests). Only backends know terminals.
public protocol TerminalBackend: AnyObject {
    /// Seconds since the program started, on this backend's clock.
    var now: Double { get }
    var size: (width: Int, height: Int) { get }
    /// Waits up to `timeout` seconds (nil: until something happens) and returns what happened.
    func events(timeout: Double?) -> [TerminalEvent]
    /// Shows a frame (only what changed is sent) with the cursor resting at `cursor` (hidden if nil).
    /// `canvas` comes back holding an older frame, ready to be drawn over (buffers swap, nothing is copied).
    func present(_ canvas: inout Canvas, cursor: (x: Int, y: Int)?)
    /// After a resize: forget what is shown and repaint everything next time.
    func invalidate()
    /// Ctrl-Z: give the terminal back until the program is continued. False when it could not
    /// stop (nothing would bring it back): it went on.
    @discardableResult func suspend() -> Bool
    /// Wakes `events` from any thread, so work done off the frame path brings a frame.
    var waker: Waker { get }
    /// Runs a program with the terminal handed over to it (an editor), then takes the terminal back;
    /// the next frame repaints everything. `arguments[0]` is the program's path.
    func runOutside(_ arguments: [[UInt8]]) -> CommandStatus
    /// Whether the program `name` (a name looked up in `PATH`, or a path) can be run.
    func finds(_ program: String) -> Bool
    /// Tells the user something that should outlive the screen (a card skipped): on standard error,
    /// which a terminal backend holds until it has given the terminal back.
    func report(_ line: String)
}

/// How a program run outside the carousel ended.
public enum CommandStatus: Sendable, Equatable {
    case exited(Int32)
    /// Ended by this signal.
    case killed(Int32)
    /// Could not be started (why, from the system).
    case failed(String)
}

/// Wakes a waiting program loop from any thread.
public struct Waker: Sendable {
    private let action: @Sendable () -> Void
    public init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    public func callAsFunction() { action() }
}
