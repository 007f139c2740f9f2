#if canImport(Glibc)
import Glibc
#endif

/// Writing to a file descriptor without a buffer that could lose it: the screen `--render` prints,
/// the card `--pick` prints, a line on standard error.
public enum Descriptor {
    /// Writes all of `bytes` to `descriptor`; returns 0, or the errno of the write that failed.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    /// The same for bytes in memory the caller holds.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && errno == EAGAIN {
                // A descriptor a parent left non-blocking: wait until it takes more.
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, -1)
                continue
            }
            return written < 0 ? errno : EIO
        }
        return 0
    }
}
