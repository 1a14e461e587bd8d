/// Tells which live Swift object a word of heap memory lies in, by reading what is there: the
/// nearest object header below it that the walk believes, if that object reaches the word.
enum HeapObjects {
    /// The start of the live Swift object that holds `location` (a reference to `referent`), or
    /// `nil` when no believed object covers it.
    static func container(of location: UInt, referent: UInt) -> UInt? {
        let window = UInt(RootSearch.headerWindow)
        // Objects start 16-byte aligned, at least a header (16 bytes) below what they hold.
        let top = (location - 16) & ~0xF
        var low = location > window ? (location - window) & ~0xF : 0x10000
        // The window read at once, in pieces that stop at a page that cannot be read.
        var bytes: [UInt8] = []
        while low <= top {
            if let read = RawMemory.bytes(at: low, count: Int(top + 16 - low)) {
                bytes = read
                break
            }
            low = (low + 4096) & ~0xFFF
        }
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBytes { raw -> UInt? in
            var offset = Int(top - low)
            while offset >= 0 {
                let isa = raw.load(fromByteOffset: offset, as: UInt.self)
                let bits = raw.load(fromByteOffset: offset + 8, as: UInt.self)
                // A class's metadata is a pointer; a count word is never zero. Only then is it read.
                if RawMemory.isPointer(isa), bits != 0, let extent = extent(of: low + UInt(offset), covering: location) {
                    return location < low + UInt(offset) + extent ? low + UInt(offset) : nil
                }
                offset -= 16
            }
            return nil
        }
    }

    /// How many bytes of the object at `start` hold what `location` may be, if a live object of
    /// a believed class starts there: its instance; for an array's storage, its elements; for a
    /// dictionary's, the bucket `location` names among its values, if that bucket is occupied.
    /// Elements and values are told as references (8 bytes each): a stale one past the count, or
    /// in a bucket emptied, lies in none.
    static func extent(of start: UInt, covering location: UInt) -> UInt? {
        guard let isa = RawMemory.word(at: start), RawMemory.isPointer(isa), let type = TrustedType.classType(isa),
            let count = RawMemory.strongCount(at: start), count > 0
        else { return nil }
        let size = UInt(unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 24, as: UInt32.self))
        guard let descriptor = classDescriptor(isa) else { return size }
        if Descriptors.arrayStorage.contains(descriptor) {
            guard let elements = RawMemory.word(at: start + 16), elements < 1 << 28 else { return 0 }
            return 32 + elements * 8
        }
        if Descriptors.hashedStorage.contains(descriptor) {
            return occupiedValue(in: start, at: location) ? location - start + 8 : 0
        }
        return size
    }

    /// Whether `location` is the value of an occupied bucket of the dictionary storage at `start`.
    private static func occupiedValue(in start: UInt, at location: UInt) -> Bool {
        guard let fields = Descriptors.dictionaryFields, let values = RawMemory.word(at: start + UInt(fields.values)),
            let scale = RawMemory.bytes(at: start + UInt(fields.scale), count: 1)?.first, scale < 28, location >= values
        else { return false }
        let bucket = (location - values) / 8
        guard (location - values) % 8 == 0, bucket < UInt(1) << scale,
            let word = RawMemory.word(at: start + UInt(fields.bitmap) + bucket / 64 * 8)
        else { return false }
        return word & (1 << (bucket % 64)) != 0
    }

    /// The type descriptor the class metadata at `isa` names.
    static func classDescriptor(_ isa: UInt) -> UInt? {
        RawMemory.word(at: isa + UInt(FieldRecords.classDescriptionOffset))
    }
}
