import Glibc

/// The inotify watches of one watcher and what each stands for: a directory, how deep it lies
/// under a directory that was named, and whether every name in it counts or only the names of
/// files that were named. (A file is followed through its parent: a save that renames a new
/// file over it would end a watch on the file itself.) It also judges each event: a change to
/// the deck, or noise. Paths are bytes, since file names need not be UTF-8.
struct WatchTable {
    struct Watch {
        var directory: [UInt8]
        /// 0 for a directory that was named (or a named file's parent).
        var depth: Int
        /// Every name in it counts, not only `files`.
        var whole: Bool
        var files: Set<[UInt8]>
    }

    /// How far under a named directory subdirectories are followed (a manifest may name files in
    /// subfolders), and how many directories at most: a deck is not a home directory.
    static let maxDepth = 3
    static let maxDirectories = 1_000

    private static let events = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
    // EXCL_UNLINK: nothing from files already deleted but still open (a temporary file's last writes).
    private static let mask = events | UInt32(IN_ONLYDIR | IN_EXCL_UNLINK)
    private static let slash = UInt8(ascii: "/")

    let inotify: Int32
    private(set) var watches: [Int32: Watch] = [:]
    /// The directories that were named: one removed and made again (`rm -rf notes`, a checkout,
    /// a folder generated anew) is followed again, through its parent (see `addRoot`).
    private(set) var roots: Set<[UInt8]> = []
    /// Some directory was left out for `maxDirectories`.
    private(set) var full = false

    init(inotify: Int32) {
        self.inotify = inotify
    }

    /// Follows `path`, a directory, and the directories under it. Returns errno if `path` itself
    /// cannot be watched; a subdirectory that cannot be is left out.
    mutating func addDirectory(_ path: [UInt8], depth: Int) -> Int32? {
        guard watches.count < WatchTable.maxDirectories else {
            full = true
            return ENOSPC
        }
        let wd = addWatch(path)
        guard wd >= 0 else { return errno }
        let known = watches[wd]
        // Already followed from here or nearer the top (this also ends a loop of bind mounts).
        if let known, known.whole, known.directory == path, known.depth <= depth { return nil }
        watches[wd] = Watch(directory: path, depth: depth, whole: true, files: known?.files ?? [])
        let (directories, links) = entries(of: path)
        for name in links { addLinkTarget(WatchTable.path(name, in: path)) }
        if depth < WatchTable.maxDepth {
            for name in directories {
                _ = addDirectory(WatchTable.path(name, in: path), depth: depth + 1)
            }
        }
        return nil
    }

    /// Follows the file a symbolic link leads to, through its own directory: a note kept elsewhere
    /// and linked into the deck is edited there, where the deck's directory sees nothing (helper-52:
    /// edits to it were never shown). A link to a directory, or to nothing, is left alone.
    /// A link to a file not made yet is followed where it will be (review: the note made later
    /// was never shown). At most `maxDirectories` watches, as for directories.
    mutating func addLinkTarget(_ link: [UInt8]) {
        guard watches.count < WatchTable.maxDirectories,
              let target = WatchTable.resolved(link) ?? WatchTable.dangling(link), !isDirectory(target),
              let slash = target.lastIndex(of: WatchTable.slash), slash + 1 < target.count else { return }
        let parent = slash == 0 ? [WatchTable.slash] : Array(target[..<slash])
        _ = addFile(Array(target[(slash + 1)...]), in: parent)
    }

    /// Where a link that leads to nothing would lead: its target's directory as it is (resolved),
    /// and the target's name; nil where that directory is not there either.
    static func dangling(_ link: [UInt8]) -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = (link + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink($0.baseAddress!, &buffer, buffer.count) }
        }
        guard count > 0 else { return nil }
        let target = buffer.prefix(count).map { UInt8(bitPattern: $0) }
        let linkDirectory = link.lastIndex(of: slash).map { $0 == 0 ? [slash] : Array(link[..<$0]) } ?? [UInt8(ascii: ".")]
        let full = target.first == slash ? target : path(target, in: linkDirectory)
        guard let end = full.lastIndex(of: slash), end + 1 < full.count,
              let directory = resolved(end == 0 ? [slash] : Array(full[..<end])) else { return nil }
        return path(Array(full[(end + 1)...]), in: directory)
    }

    /// `path` with every symbolic link in it followed (realpath), or nil where it leads nowhere.
    static func resolved(_ path: [UInt8]) -> [UInt8]? {
        let real = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { realpath($0.baseAddress!, nil) }
        }
        guard let real else { return nil }
        defer { free(real) }
        return Array(UnsafeRawBufferPointer(start: real, count: strlen(real)))
    }

    /// Follows `path`, a directory that was named, and its name in its parent, so that it is
    /// followed again when it is made anew (helper-27: a deck folder removed and made again was
    /// never read again). Returns errno if `path` cannot be watched; its parent is followed if it can be.
    /// The parent is asked only for names made or moved in (added to what it is asked for already):
    /// its other files' writes do not wake the watcher (a deck in a busy folder, `/tmp`, `~`).
    mutating func addRoot(_ path: [UInt8]) -> Int32? {
        if let failure = addDirectory(path, depth: 0) { return failure }
        roots.insert(path)
        if let slash = path.lastIndex(of: WatchTable.slash), slash + 1 < path.count {
            let parent = slash == 0 ? [WatchTable.slash] : Array(path[..<slash])
            let wd = addWatch(parent, mask: UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR | IN_MASK_ADD))
            if wd >= 0 { watches[wd, default: Watch(directory: parent, depth: 0, whole: false, files: [])].files.insert(Array(path[(slash + 1)...])) }
        }
        return nil
    }

    /// `name` inside `directory` (`/` and `deck` make `/deck`, not `//deck`: helper-28).
    static func path(_ name: [UInt8], in directory: [UInt8]) -> [UInt8] {
        directory == [slash] ? directory + name : directory + [slash] + name
    }

    /// Follows the file `name` in `directory`. Returns errno if the directory cannot be watched.
    mutating func addFile(_ name: [UInt8], in directory: [UInt8]) -> Int32? {
        let wd = addWatch(directory)
        guard wd >= 0 else { return errno }
        watches[wd, default: Watch(directory: directory, depth: 0, whole: false, files: [])].files.insert(name)
        return nil
    }

    /// Whether an event changes the deck. Follows directories created or moved in, and forgets
    /// those moved out, on the way.
    mutating func isChange(watch wd: Int32, mask: UInt32, name: [UInt8]) -> Bool {
        // Events were lost: anything may have changed.
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
        if mask & UInt32(IN_IGNORED) != 0 {
            watches[wd] = nil
            return false
        }
        guard let watch = watches[wd] else { return false }
        if name.isEmpty {
            // The directory itself: removed or renamed (a file's parent too), or its attributes changed.
            return watch.whole || mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0
        }
        // A file named outright counts even if its name looks like noise (`.talk.md`); a directory
        // named, made anew, is followed again.
        if watch.files.contains(name) {
            let path = WatchTable.path(name, in: watch.directory)
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, roots.contains(path) {
                _ = addDirectory(path, depth: 0)
            }
            return true
        }
        guard watch.whole, !EditorNoise.contains(name) else { return false }
        if mask & UInt32(IN_ISDIR) == 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            // (A link made or moved in: its file is followed too. Any other file's target is itself.)
            let path = WatchTable.path(name, in: watch.directory)
            if isLink(path) { addLinkTarget(path) }
        }
        if mask & UInt32(IN_ISDIR) != 0 {
            let path = WatchTable.path(name, in: watch.directory)
            if mask & UInt32(IN_MOVED_FROM) != 0 { forget(under: path) }
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, watch.depth < WatchTable.maxDepth {
                _ = addDirectory(path, depth: watch.depth + 1)
            }
        }
        return true
    }

    /// Stops following a directory moved away, and those under it: their watches would go on
    /// reporting from wherever it went. (If it moved within the deck, its new name is followed
    /// afresh.)
    private mutating func forget(under path: [UInt8]) {
        let prefix = path + [WatchTable.slash]
        for (wd, watch) in watches where watch.depth > 0 && (watch.directory == path || watch.directory.starts(with: prefix)) {
            inotify_rm_watch(inotify, wd)
            watches[wd] = nil
        }
    }

    private func addWatch(_ path: [UInt8], mask: UInt32 = WatchTable.mask) -> Int32 {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { inotify_add_watch(inotify, $0.baseAddress!, mask) }
        }
    }

    /// The names of the directories in `path`, not counting hidden ones (`.git`) or symbolic links
    /// (which could lead out of the deck, or round in a loop); and of its symbolic links.
    private func entries(of path: [UInt8]) -> (directories: [[UInt8]], links: [[UInt8]]) {
        let stream = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
        }
        guard let stream else { return ([], []) }
        defer { closedir(stream) }
        var directories: [[UInt8]] = [], links: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard !EditorNoise.contains(name) else { continue }
            switch Int(entry.pointee.d_type) {
            case DT_DIR: directories.append(name)
            case DT_LNK: links.append(name)
            case DT_UNKNOWN where isDirectory(WatchTable.path(name, in: path)): directories.append(name)
            case DT_UNKNOWN where isLink(WatchTable.path(name, in: path)): links.append(name)
            default: continue
            }
        }
        return (directories, links)
    }

    private func isDirectory(_ path: [UInt8]) -> Bool { fileType(path) == S_IFDIR }
    private func isLink(_ path: [UInt8]) -> Bool { fileType(path) == S_IFLNK }

    /// The type bits of what `path` names itself (a link, not where it leads); 0 where nothing is.
    private func fileType(_ path: [UInt8]) -> mode_t {
        var info = stat()
        let status = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) }
        }
        return status == 0 ? info.st_mode & S_IFMT : 0
    }
}
