#if canImport(Glibc)
import Glibc
#endif
import CarouselTerminal

/// What a run cost, written as one line of JSON when `CAROUSEL_STATS` names a file: the frames
/// that wrote to the terminal, the bytes they wrote, the process's CPU time and its peak resident
/// memory (`max_rss_kb`: the kernel's high-water mark of this program's own pages, VmHWM; not
/// getrusage's ru_maxrss, which Linux carries over execve from the process image before it, so a
/// program started by a 14 MB Python reports at least 14 MB). For the benchmarks (`Benchmarks/measure-output.py`), which compare runs to find the
/// cost of one frame without instrumenting the frame itself.
struct RunStatistics {
    var frames: Int
    var bytes: Int
    /// Frames drawn, those that wrote nothing too.
    var presented: Int

    func write(to path: String) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        let line = "{\"frames\": \(frames), \"presented\": \(presented), \"bytes\": \(bytes), \"user_ms\": \(ms(usage.ru_utime)), "
            + "\"system_ms\": \(ms(usage.ru_stime)), \"max_rss_kb\": \(RunStatistics.peakResidentKB() ?? usage.ru_maxrss)}\n"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = Descriptor.writeAll(Array(line.utf8), to: fd)
        close(fd)
    }

    /// VmHWM from /proc/self/status, in KB; nil where there is no such file.
    static func peakResidentKB() -> Int? {
        let fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[..<count]
        }
        return peakResidentKB(status: bytes)
    }

    /// The number on the `VmHWM:` line of a /proc/PID/status text (given in kB).
    static func peakResidentKB(status: [UInt8]) -> Int? {
        for line in status.split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("VmHWM:".utf8)) {
            let digits = line.drop { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            return digits.isEmpty ? nil : digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        return nil
    }
}
