import TimerLabHarness

/// One of the five articles timerlab's scenarios come from: Chinese blog posts with Objective-C code.
///
/// The raw value is the article's number, which results and `list` print. The articles are not
/// part of this repository; they are cited by title (and by origin where the text names one).
package enum Article: String, Sendable, Codable, CaseIterable {
    case a000 = "000"
    case a001 = "001"
    case a002 = "002"
    case a003 = "003"
    case a004 = "004"

    /// The title as the article gives it.
    package var title: String {
        switch self {
        case .a000: return "NSTimer内存泄漏、解决及MSWeakTimer"
        case .a001: return "关于NSTimer的循环引用问题"
        case .a002: return "GCD实现多个定时器,完美避过NSTimer的三大缺陷(RunLoop、Thread、Leaks)"
        case .a003: return "消息转发 -> 使用中间件NSProxy"
        case .a004: return "为什么 NSTimer 使用 target 方式回调可能会导致内存泄漏？"
        }
    }

    /// The title in English (timerlab's rendering).
    package var englishTitle: String {
        switch self {
        case .a000: return "NSTimer memory leaks, how to fix them, and MSWeakTimer"
        case .a001: return "On NSTimer's retain cycle"
        case .a002: return "Many timers with GCD, clear of NSTimer's three flaws (run loop, thread, leaks)"
        case .a003: return "Message forwarding: an NSProxy in the middle"
        case .a004: return "Why can an NSTimer with a target callback leak memory?"
        }
    }

    /// Where the article says it comes from, when its text names it; `nil` where it does not.
    package var origin: String? {
        switch self {
        case .a002: return "posted 2020-02-11; its code: github.com/BeckWang0912/ZTGCDTimer"
        case .a003: return "written for Juejin's April writing challenge"
        case .a000, .a001, .a004: return nil
        }
    }

    /// The article as a citation: number, both titles and origin.
    package var citation: Citation {
        Citation(id: self, title: title, englishTitle: englishTitle, origin: origin)
    }

    /// How output cites an article.
    package struct Citation: Codable, Sendable, Equatable {
        /// The article's number, such as `000`.
        package var id: Article
        /// The title as the article gives it.
        package var title: String
        /// The title in English.
        package var englishTitle: String
        /// Where it comes from, when its text says; `null` in JSON otherwise.
        @Nullable package var origin: String?
    }
}
