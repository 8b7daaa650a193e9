// `import UIKit` gives an app the whole UI API, as on iOS: Foundation's geometry, Core Graphics' extras,
// and (with the rendering work) Quartz Core.
@_exported import Foundation
@_exported import CoreGraphics
