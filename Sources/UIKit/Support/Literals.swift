// Colour and image literals in source (`#colorLiteral(red:green:blue:alpha:)`, `#imageLiteral(resourceName:)`, as
// Xcode writes them from its pickers) make UIColors and UIImages, as in an app that imports UIKit on iOS.

/// The type a colour literal makes.
public typealias _ColorLiteralType = UIColor
/// The type an image literal makes.
public typealias _ImageLiteralType = UIImage

extension UIColor: _ExpressibleByColorLiteral {}
// (Its initializer finds named images, main-actor state: checked at run time where a literal is made off it.)
extension UIImage: @preconcurrency _ExpressibleByImageLiteral {}
