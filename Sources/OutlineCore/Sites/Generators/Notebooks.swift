/// The Markdown of the notebooks MyST-NB reads (format.md §16): a Jupyter notebook's Markdown cells
/// (`.ipynb`: JSON, each cell's `source` a string or a list of lines), or a text notebook as it is
/// (`.Rmd` and the like, which jupytext reads: their Markdown between code chunks, which MyST reads
/// as directives it leaves alone). What links may name in them: their labels.
enum Notebooks {
    /// The Markdown MyST reads in the notebook `name` whose bytes are `bytes`: the cells one after
    /// another, a blank line between; nil for a notebook that cannot be read.
    static func markdown(of bytes: [UInt8], name: String) -> [UInt8]? {
        guard name.lowercased().hasSuffix(".ipynb") else { return bytes }
        guard let notebook = try? JSONReader.parse(bytes), let cells = notebook["cells"]?.arrayValue else { return nil }
        var text: [UInt8] = []
        for cell in cells where cell["cell_type"]?.stringValue == "markdown" {
            let source = cell["source"]
            let lines = source?.stringValue.map { [$0] } ?? source?.arrayValue?.compactMap(\.stringValue) ?? []
            text += Array(lines.joined().utf8)
            text += [ASCII.lf, ASCII.lf]
        }
        return text
    }
}
