// `import UIKit` gives an app the whole UI API, as on iOS: Foundation's geometry, Core Graphics' extras,
// and (with the rendering work) Quartz Core.
@_exported import Foundation
@_exported import CoreGraphics
// As on iOS, where UIKit imports Quartz Core: `CALayer`, `CATransform3D`, `CATransaction` need no import.
@_exported import QuartzCore
// As on iOS, where `import UIKit` brings the Objective-C runtime's calls (associated objects, `autoreleasepool`).
@_exported import ObjectiveC
// Core Text's font manager, for apps that register the fonts they bundle (on iOS, `import CoreText`; both work).
@_exported import CoreText
