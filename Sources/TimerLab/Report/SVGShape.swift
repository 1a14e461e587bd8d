import TimerLabHarness

/// Path data for the marker shapes the SVG renderers draw, so a triangle is the same everywhere.
enum SVGShape {
    /// An upward triangle centred on (`x`, `y`), `size` from the centre to its apex.
    static func triangle(x: Double, y: Double, size: Double) -> String {
        let n = TimelineSVG.n
        return "M\(n(x)) \(n(y - size)) L\(n(x + size)) \(n(y + size * 0.8)) L\(n(x - size)) \(n(y + size * 0.8)) Z"
    }

    /// A diamond centred on (`x`, `y`), `size` from the centre to each corner.
    static func diamond(x: Double, y: Double, size: Double) -> String {
        let n = TimelineSVG.n
        return "M\(n(x)) \(n(y - size)) L\(n(x + size)) \(n(y)) L\(n(x)) \(n(y + size)) L\(n(x - size)) \(n(y)) Z"
    }
}
