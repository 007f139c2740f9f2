/// What a file is, from its name and, when the name does not say, its first bytes.
///
/// A name that says text (`.txt`, `.md`, source files) is trusted without opening the file, so a
/// directory of 100,000 notes opens without reading one; a name that says binary (`.png`, `.zip`...)
/// is skipped the same way; any other file is a card when its first 4 KiB are text (as `grep` and
/// `git` decide).
enum FileKinds {
    enum Verdict: Equatable {
        case markdown
        case code
        /// Values separated by commas or tabs (CSV, TSV): a table.
        case delimited(UInt8)
        /// Plain text (notes, or a drawing: see `Lettering.isDrawing`).
        case text
        /// A picture (PNG, JPEG, GIF, WebP, BMP, TIFF): its header is checked when the deck opens.
        case picture
        case binary
        /// The name does not say: look at the bytes.
        case unknown
    }

    static let sniffSize = 4096

    static func verdict(forName name: [UInt8]) -> Verdict {
        let base = name.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? ""
        if wholeNames.contains(base) { return .code }
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return .unknown }
        let ext = base[base.index(after: dot)...].lowercased()
        if markdown.contains(ext) { return .markdown }
        if code.contains(ext) { return .code }
        if ext == "csv" { return .delimited(UInt8(ascii: ",")) }
        if ext == "tsv" || ext == "tab" { return .delimited(0x09) }
        if text.contains(ext) { return .text }
        if pictures.contains(ext) { return .picture }
        if binary.contains(ext) { return .binary }
        return .unknown
    }

    static let markdown: Set<String> = ["md", "markdown", "mdown", "mkd", "mkdn"]
    static let text: Set<String> = ["txt", "text", "log", "rst", "org", "adoc", "asciidoc", "nfo", "me", "1st", "todo", "notes"]
    static let code: Set<String> = [
        "swift", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "m", "mm", "rs", "go", "py", "pyi", "rb", "js", "mjs", "cjs", "ts", "tsx",
        "jsx", "java", "kt", "kts", "scala", "sc", "cs", "fs", "fsx", "hs", "ml", "mli", "ex", "exs", "erl", "clj", "cljs", "el",
        "lisp", "scm", "rkt", "lua", "r", "jl", "dart", "zig", "nim", "v", "sh", "bash", "zsh", "fish", "ps1", "pl", "pm", "php",
        "sql", "json", "jsonc", "yaml", "yml", "toml", "ini", "cfg", "conf", "xml", "html", "htm", "css", "scss", "sass", "less",
        "vue", "svelte", "mk", "cmake", "gradle", "tex", "diff", "patch", "proto", "graphql", "tf", "nix", "vim", "awk", "sed",
        "s", "asm", "f90", "pas", "ada", "d", "cr", "groovy", "bat", "cmd", "env", "properties", "lock", "gitignore", "editorconfig",
        "jsonl", "ndjson", "service", "socket", "timer", "mount", "desktop",
    ]
    /// File names that are source code without an extension.
    static let wholeNames: Set<String> = ["Makefile", "makefile", "GNUmakefile", "Dockerfile", "Containerfile", "Gemfile", "Rakefile",
                                          "Podfile", "Vagrantfile", "Justfile", "justfile", "CMakeLists.txt", "Package.swift",
                                          "crontab"]
    /// Pictures shown as picture cards.
    static let pictures: Set<String> = ["png", "jpg", "jpeg", "jpe", "gif", "webp", "bmp", "dib", "tif", "tiff"]
    /// Pictures in formats not shown (skipped as such, not as files that are not text).
    static let otherPictures: Set<String> = ["ico", "icns", "heic", "heif", "avif", "psd", "xcf", "jxl",
                                              "raw", "cr2", "cr3", "nef", "nrw", "arw", "dng", "orf", "rw2", "raf", "pef", "srw"]

    /// Whether a file's name has an extension (a dot after its first character).
    static func hasExtension(_ name: [UInt8]) -> Bool {
        let base = name.split(separator: UInt8(ascii: "/")).last ?? []
        return base.dropFirst().contains(UInt8(ascii: "."))
    }

    /// Whether a file's first bytes are a picture's signature (PNG, JPEG, GIF, WebP, BMP, TIFF):
    /// a photo without an extension (`IMG_0001` copied off a camera) is a picture card, not a
    /// file skipped as "not text" (helper-48). Its header is checked as any picture's. (Asked
    /// of names without an extension only: `dump.bin2` starting "BM" is no damaged picture.)
    static func isPictureSignature(_ head: some Collection<UInt8>) -> Bool {
        let b = Array(head.prefix(12))
        func starts(_ prefix: [UInt8]) -> Bool { b.count >= prefix.count && Array(b.prefix(prefix.count)) == prefix }
        return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) || starts([0xFF, 0xD8, 0xFF])
            || starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8))
            || (starts(Array("RIFF".utf8)) && b.count >= 12 && Array(b[8..<12]) == Array("WEBP".utf8))
            || starts([0x42, 0x4D]) || starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
    }

    /// The first bytes of a picture read when the deck opens, to check its signature and header.
    static let pictureHeadSize = 512
    /// Largest picture file shown (the decoder reads no further).
    static let maximumPictureSize = 512 << 20
    static let binary: Set<String> = [
        "ico", "icns", "heic", "heif", "avif", "psd", "xcf", "raw", "jxl", "cr3", "nrw", "arw", "dng", "orf", "rw2", "raf", "pef", "srw",
        "cr2", "nef", "pdf", "zip", "gz", "tgz", "xz", "bz2", "zst", "7z", "rar", "tar", "jar", "war", "class", "o", "a", "so",
        "dylib", "exe", "dll", "bin", "iso", "img", "dmg", "deb", "rpm", "apk", "mp3", "mp4", "m4a", "m4v", "mov", "avi", "mkv",
        "webm", "wav", "flac", "ogg", "opus", "aac", "woff", "woff2", "ttf", "otf", "eot", "sqlite", "sqlite3", "db", "pyc", "wasm",
        "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "key", "pages", "numbers", "epub", "mobi",
    ]
}

/// Tells text from binary by its bytes.
enum TextSniffer {
    /// Text: in an encoding `TextEncoding` reads (UTF-8, UTF-16 with its byte-order mark, or 8-bit
    /// text without control characters); `bytes` may be only the start of a file.
    static func isText(_ bytes: some Collection<UInt8>) -> Bool {
        TextEncoding.of(bytes, head: true) != nil
    }
}
