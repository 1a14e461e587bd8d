/// Where a check was called from, in the forms both test libraries take.
package struct CallSite: Sendable {
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt

    package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
        (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
    }
}
