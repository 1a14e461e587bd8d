import Dispatch
import Foundation
import TimerLabHarness

/// Finds the context of the closure a `DispatchSourceTimer` runs on each event, read from
/// libdispatch's memory as bytes: what tells a helper its own source's handler keeps from one
/// something outside keeps (issue #60).
///
/// libdispatch keeps the handler as a block (the Swift closure converted at the call to
/// `setEventHandler`) reached from the source object through a few of its own structures; none
/// of their layouts is public. So the way is not written down but found once per process
/// (`route`): three sources of the walk's own, each with a handler capturing a marker, two of
/// them read word by word until their markers are found the same way (`WordSearch`), and the
/// third, which has fired, must lead to its own marker that way too. A source of the user's is
/// then followed the same way, and believed only where the block on it has the calibration
/// block's class and size (a block holding one Swift closure). A handler
/// set any other way (through a `DispatchWorkItem`, with a QoS) is not found, and its source's
/// object then looks kept elsewhere: never stopped by mistake.
enum SourceHandler {
    /// The way from a source to its handler's block (word offsets, in order), and what the
    /// block at its end looks like: its first word (the block's class) and its size.
    struct Route: Equatable {
        let toBlock: [Int]
        let contextOffset: Int
        let blockClass: UInt
        let blockSize: UInt
        /// The way to the cancel handler's block, where calibration found it beside the event
        /// handler's (the next word of the structure that keeps both), and which of its steps
        /// reads the handler's slot (zero where a source has no cancel handler); `nil`: not
        /// found, so no source is ever told to hold nothing.
        var toCancelBlock: CancelWay? = nil
    }

    /// The way from a source to its cancel handler's block, and which of its steps reads the
    /// handler's slot.
    struct CancelWay: Equatable {
        let steps: [Int]
        let slot: Int
    }

    /// The route, found on first use; `nil` where it could not be found (then no source's handler is read).
    static let route: Route? = calibrate()

    /// The context of the closure the source at `address` runs, when its handler was set with a
    /// closure (`setEventHandler { … }`); `nil` when it cannot be told.
    static func context(ofSource address: UInt) -> UInt? {
        guard let route, let block = follow(route.toBlock, from: address), isBlock(block, like: route),
            let context = RawMemory.word(at: block + UInt(route.contextOffset)), context != 0
        else { return nil }
        return context
    }

    /// The contexts of every closure the source at `address` keeps until it is cancelled: its
    /// event handler's and, if it has one, its cancel handler's; `nil` when either cannot be told
    /// (then what the source holds is not known, and it is never called innocent).
    static func handlerContexts(ofSource address: UInt) -> [UInt]? {
        guard let route, let toCancel = route.toCancelBlock, let event = context(ofSource: address),
            let slotOwner = follow(Array(toCancel.steps[..<toCancel.slot]), from: address),
            let slotWord = RawMemory.word(at: slotOwner + UInt(toCancel.steps[toCancel.slot]))
        else { return nil }
        if slotWord == 0 { return [event] }
        guard let block = follow(toCancel.steps, from: address), isBlock(block, like: route),
            let cancel = RawMemory.word(at: block + UInt(route.contextOffset)), cancel != 0
        else { return nil }
        return [event, cancel]
    }

    private static func isBlock(_ block: UInt, like route: Route) -> Bool {
        shape(ofBlock: block).map { $0.blockClass == route.blockClass && $0.size == route.blockSize } ?? false
    }

    /// A block's first word (its class) and its size, which its descriptor's second word gives.
    private static func shape(ofBlock block: UInt) -> (blockClass: UInt, size: UInt)? {
        guard let blockClass = RawMemory.word(at: block), let descriptor = RawMemory.word(at: block + 24),
            let size = RawMemory.word(at: descriptor + 8)
        else { return nil }
        return (blockClass, size)
    }

    private static func follow(_ offsets: [Int], from address: UInt) -> UInt? {
        var node = address
        for offset in offsets {
            guard let next = RawMemory.word(at: node + UInt(offset)), RawMemory.isPointer(next) else { return nil }
            node = next
        }
        return node
    }

    /// A marker a calibration handler captures.
    private final class Marker: @unchecked Sendable {
        var touched = 0
    }

    /// Finds the route: up to three tries, each on three sources of its own.
    static func calibrate() -> Route? {
        guard RawMemory.isAvailable, MemoryLayout<Int>.size == 8 else { return nil }
        for _ in 0..<3 {
            if let route = attempt() { return route }
        }
        return nil
    }

    private static func attempt() -> Route? {
        let queue = DispatchQueue(label: "timerlab.calibration")
        let markers = [Marker(), Marker(), Marker()]
        let cancelMarkers = [Marker(), Marker(), Marker()]
        let sources = zip(markers, cancelMarkers).map { marker, cancelMarker -> DispatchSourceTimer in
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.setEventHandler { marker.touched += 1 }
            source.setCancelHandler { cancelMarker.touched += 1 }
            source.activate()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        // The third fires once first: the way must hold for a source that ran, as a user's has.
        let fired = DispatchSemaphore(value: 0)
        sources[2].setEventHandler { [marker = markers[2]] in
            marker.touched += 1
            fired.signal()
        }
        sources[2].schedule(deadline: .now())
        guard fired.wait(timeout: .now() + 1) == .success else { return nil }
        queue.sync {}
        return withExtendedLifetime(sources) {
            let addresses = sources.map { RawMemory.address(of: $0 as AnyObject) }
            guard var route = search(addresses, markers: markers) else { return nil }
            route.toCancelBlock = cancelRoute(beside: route, addresses, markers: cancelMarkers)
            return route
        }
    }

    /// The way from each of three sources to what its handler captures (`markers`), searched
    /// from the first two at once: a way through a structure the two share (their queue) does
    /// not lead to both markers; the third, searched by no one, must lead to its own.
    private static func search(_ sources: [UInt], markers: [Marker]) -> Route? {
        // The way begins with the source object's own stored property, libdispatch's object,
        // read no further than its allocation: past its end lie its neighbours, laid out alike
        // for sources made one after another, and not for a user's.
        let wrapped = sources.compactMap { RawMemory.word(at: $0 + UInt(wrappedOffset)) }
        guard wrapped.count == 3, let sizes = allocationSizes(wrapped) else { return nil }
        let targets = markers.map { RawMemory.address(of: $0) }
        let tail = WordSearch.path(
            from: (wrapped[0], wrapped[1]), to: (targets[0], targets[1]), depth: 4, firstWords: min(sizes.0, sizes.1) / 8)
        // Its handler captures two things, so its context is a closure's, which captures the marker.
        guard let path = tail.map({ [wrappedOffset] + $0 }), let context = follow(path, from: sources[2]),
            CaptureSearch.capture(of: ObjectIdentifier(markers[2]), inContext: context, closuresOnly: true) != nil
        else { return nil }
        return route(along: path, from: sources[0])
    }

    /// The way to the cancel handler's block: libdispatch keeps a source's handlers side by
    /// side (event, cancel, registration), so the one step before the event handler's block,
    /// one word further. Believed only if, from each of the three sources, it leads to a block
    /// like the event handler's whose closure captures that source's cancel marker.
    private static func cancelRoute(beside route: Route, _ sources: [UInt], markers: [Marker]) -> CancelWay? {
        // The slot is the block's own word, or the word of what wraps it (a continuation).
        for slot in [route.toBlock.count - 1, route.toBlock.count - 2] where slot >= 1 {
            var toCancel = route.toBlock
            toCancel[slot] += 8
            let found = zip(sources, markers).allSatisfy { source, marker in
                guard let block = follow(toCancel, from: source), isBlock(block, like: route),
                    let context = RawMemory.word(at: block + UInt(route.contextOffset))
                else { return false }
                return CaptureSearch.capture(of: ObjectIdentifier(marker), inContext: context, closuresOnly: true) != nil
            }
            if found { return CancelWay(steps: toCancel, slot: slot) }
        }
        return nil
    }

    /// Where a `DispatchSource` keeps libdispatch's object: its first stored property.
    private static let wrappedOffset = 16

    /// The sizes of the first two of `objects`' allocations: objects of libdispatch's, alive.
    private static func allocationSizes(_ objects: [UInt]) -> (Int, Int)? {
        guard let first = UnsafeRawPointer(bitPattern: objects[0]).flatMap(SystemSeam.allocationSize),
            let second = UnsafeRawPointer(bitPattern: objects[1]).flatMap(SystemSeam.allocationSize)
        else { return nil }
        return (first, second)
    }

    /// The route along `path` from the source at `source`, if the word before its end is a block's.
    private static func route(along path: [Int], from source: UInt) -> Route? {
        guard path.count >= 2, let block = follow(Array(path.dropLast()), from: source), let shape = shape(ofBlock: block) else {
            return nil
        }
        return Route(toBlock: Array(path.dropLast()), contextOffset: path.last!, blockClass: shape.blockClass, blockSize: shape.size)
    }
}
