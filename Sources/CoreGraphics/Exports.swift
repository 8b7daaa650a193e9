// `import CoreGraphics` gives the geometry types too, as on Apple platforms, where they live in Core Graphics.
@_exported import Foundation
