/// Where a check was called from, in the forms both test libraries take.
struct CallSite: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt
}
