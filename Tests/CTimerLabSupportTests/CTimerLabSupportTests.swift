import CTimerLabSupport
import Foundation
import Testing

/// What the command line asks of the C target, called directly: pipes made with their flags in
/// one call, the arguments as the kernel passed them, and interrupts routed to a descriptor and
/// given back. (A parent's death ending a child needs processes of their own: EndToEndTests.)
@Suite struct CTimerLabSupportTests {
    /// A pipe's two ends, closed after `body`.
    private func withPipe(nonblocking: Bool, _ body: (Int32, Int32) throws -> Void) rethrows {
        var ends: [Int32] = [-1, -1]
        #expect(timerlab_pipe(&ends, nonblocking ? 1 : 0) == 0)
        defer { ends.forEach { _ = close($0) } }
        try body(ends[0], ends[1])
    }

    @Test(arguments: [false, true]) func aPipeIsClosedOnExecAndNonblockingAsAsked(nonblocking: Bool) {
        withPipe(nonblocking: nonblocking) { readEnd, writeEnd in
            for end in [readEnd, writeEnd] {
                #expect(fcntl(end, F_GETFD) & FD_CLOEXEC != 0)
                #expect((fcntl(end, F_GETFL) & O_NONBLOCK != 0) == nonblocking)
            }
        }
    }

    @Test func theArgumentsAreTheProcesss() {
        let argv = timerlab_argv()
        let arguments = (0..<Int(timerlab_argc())).map { String(cString: argv![$0]!) }
        #expect(arguments == CommandLine.arguments)
    }

    /// A hang-up raised while routed arrives as its number on the descriptor (the control); once
    /// given back, the one before (ignored, here) handles the next, and nothing more arrives.
    @Test func anInterruptIsRoutedToTheDescriptorUntilGivenBack() {
        withPipe(nonblocking: true) { readEnd, writeEnd in
            let original = signal(SIGHUP, SIG_IGN)
            defer { _ = signal(SIGHUP, original) }
            #expect(timerlab_route_interrupts(writeEnd) == 0)
            _ = raise(SIGHUP)
            timerlab_restore_interrupts()
            var byte: UInt8 = 0
            #expect(read(readEnd, &byte, 1) == 1 && Int32(byte) == SIGHUP)
            _ = raise(SIGHUP)
            #expect(read(readEnd, &byte, 1) == -1 && errno == EAGAIN, "a hang-up arrived after the route was given back")
        }
    }
}
