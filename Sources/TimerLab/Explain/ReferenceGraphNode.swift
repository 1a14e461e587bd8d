import TimerLabHarness

extension ReferenceGraph {
    /// An object in the graph.
    package struct Node: Sendable, Equatable, Codable {
        /// What part an object plays.
        package enum Role: String, Sendable, Codable {
            /// Alive regardless of the owner: a run loop, Linux Foundation, the concurrency runtime.
            case root
            /// A Swift concurrency task.
            case task
            /// A Foundation `Timer` (never freed on Linux).
            case timer
            /// A dispatch source.
            case source
            /// A proxy, temporary target or `WeakTimer` between the timer and the owner.
            case intermediate
            /// A block or handler and what it captures.
            case closure
            /// Any other object, such as the `Timer` class used as a target.
            case object
            /// The owner: the view controller under test.
            case owner
            /// The harness, which releases the owner.
            case caller
        }

        /// A short identifier, used in DOT and Mermaid.
        package let id: String
        /// The name shown to people.
        package let label: String
        /// The part it plays.
        package let role: Role

        /// Creates a node.
        package init(id: String, label: String, role: Role) {
            self.id = id
            self.label = label
            self.role = role
        }

        package static let caller = Node(id: "caller", label: "caller", role: .caller)
        package static let owner = Node(id: "owner", label: "owner", role: .owner)
        package static let runLoop = Node(id: "runloop", label: "run loop", role: .root)
        package static let linuxFoundation = Node(id: "foundation", label: "Linux Foundation", role: .root)
        package static let timer = Node(id: "timer", label: "Timer", role: .timer)
        package static let block = Node(id: "block", label: "block", role: .closure)
        package static let proxy = Node(id: "proxy", label: "WeakProxy", role: .intermediate)
        package static let tempTarget = Node(id: "temptarget", label: "TempTarget", role: .intermediate)
        package static let timerClass = Node(id: "timerclass", label: "Timer class", role: .object)
        package static let source = Node(id: "source", label: "DispatchSourceTimer", role: .source)
        package static let handler = Node(id: "handler", label: "event handler", role: .closure)
        package static let poller = Node(id: "poller", label: "Poller (the owner's helper)", role: .object)
        package static let weakTimer = Node(id: "weaktimer", label: "WeakTimer", role: .intermediate)
        package static let runtime = Node(id: "runtime", label: "Swift concurrency runtime", role: .root)
        package static let task = Node(id: "task", label: "Task", role: .task)
        package static let producer = Node(id: "producer", label: "producer Task", role: .task)
        package static let consumer = Node(id: "consumer", label: "consumer Task", role: .task)
        package static let stream = Node(id: "stream", label: "AsyncStream", role: .object)
        package static let observations = Node(id: "observations", label: "Observations", role: .object)
        package static let mainRunLoop = Node(id: "runloop", label: "main run loop", role: .root)
        package static let mainActor = Node(id: "mainactor", label: "main actor", role: .object)
        package static let workerRunLoop = Node(id: "runloop", label: "worker thread's run loop", role: .root)
    }
}
