import Testing
@testable import CarouselApp

/// The peak resident memory the benchmarks read (`CAROUSEL_STATS`) is the program's own, VmHWM.
@Suite struct RunStatisticsTests {
    @Test func readsTheHighWaterMarkLineOfAStatusText() {
        let status = "Name:\tcarousel\nVmPeak:\t  225688 kB\nVmSize:\t  225688 kB\nVmHWM:\t    9452 kB\nVmRSS:\t    9100 kB\n"
        #expect(RunStatistics.peakResidentKB(status: Array(status.utf8)) == 9452)
        #expect(RunStatistics.peakResidentKB(status: Array("VmRSS:\t 9100 kB\n".utf8)) == nil)
        #expect(RunStatistics.peakResidentKB(status: Array("VmHWM:\t kB\n".utf8)) == nil)
    }

    @Test func thisProcessHasAPeakAtLeastItsPresentSize() throws {
        #if os(Linux)
        let peak = try #require(RunStatistics.peakResidentKB())
        #expect(peak > 1000)
        #endif
    }
}
