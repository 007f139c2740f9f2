#if canImport(Glibc)
import Glibc
#endif
import CarouselTerminal

/// What a run cost, written as one line of JSON when `CAROUSEL_STATS` names a file: the frames
/// that wrote to the terminal, the bytes they wrote, the process's CPU time and its peak resident
/// memory. For the benchmarks (`Benchmarks/measure-output.py`), which compare runs to find the
/// cost of one frame without instrumenting the frame itself.
struct RunStatistics {
    var frames: Int
    var bytes: Int

    func write(to path: String) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        let line = "{\"frames\": \(frames), \"bytes\": \(bytes), \"user_ms\": \(ms(usage.ru_utime)), "
            + "\"system_ms\": \(ms(usage.ru_stime)), \"max_rss_kb\": \(usage.ru_maxrss)}\n"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        _ = Descriptor.writeAll(Array(line.utf8), to: fd)
        close(fd)
    }
}
