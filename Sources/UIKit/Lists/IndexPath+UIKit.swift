import Foundation

extension IndexPath {
    /// A row in a section of a table view (UIKit's addition to Foundation's index paths).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// An item in a section of a collection view.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    /// The row: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
    /// The item: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
