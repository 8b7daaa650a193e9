// The photo grid: 2,000 thumbnails in a UICollectionView (a flow layout of 124-point squares, 4 apart: nine across
// 1280 points), flung through as the list is. The thumbnails are JPEG files made once and decoded before the run
// (48 different pictures, as a photo app's decoded-thumbnail cache holds them); cells show them in image views.
import BenchSupport
import Foundation
import UIKit
import VitrinePlatform

/// A cell with one image view filling it.
final class ThumbnailCell: UICollectionViewCell {
    /// Cells made so far: reuse should stop this at a screenful.
    nonisolated(unsafe) static var made = 0
    let imageView = UIImageView()
    override init(frame: CGRect) {
        Self.made += 1
        super.init(frame: frame)
        imageView.contentMode = .scaleAspectFill
        imageView.clipsToBounds = true
        contentView.addSubview(imageView)
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
    override func layoutSubviews() {
        super.layoutSubviews()
        imageView.frame = contentView.bounds
    }
}

@MainActor
final class Thumbnails: NSObject, UICollectionViewDataSource {
    let count: Int
    let pictures: [UIImage]
    init(count: Int, pictures: [UIImage]) { self.count = count; self.pictures = pictures }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "thumb", for: indexPath) as! ThumbnailCell
        cell.imageView.image = pictures[indexPath.item % pictures.count]
        return cell
    }
}

@MainActor
struct PhotoGridBench {
    var passes = 10
    let items = 2_000

    /// `count` different pictures, `side` pixels square: encoded as JPEG, then decoded, as thumbnails arrive.
    static func thumbnails(count: Int, side: Int) -> [UIImage] {
        (0..<count).map { i in
            let format = UIGraphicsImageRendererFormat()
            format.scale = 1
            let renderer = UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format)
            let jpeg = renderer.jpegData(withCompressionQuality: 0.85) { context in
                let hue = CGFloat(i) / CGFloat(count)
                UIColor(hue: hue, saturation: 0.5, brightness: 0.8, alpha: 1).setFill()
                context.fill(CGRect(x: 0, y: 0, width: side, height: side))
                UIColor(hue: 1 - hue, saturation: 0.7, brightness: 0.9, alpha: 1).setFill()
                UIBezierPath(ovalIn: CGRect(x: side / 5, y: side / 4, width: side / 2, height: side / 2)).fill()
                UIColor.white.withAlphaComponent(0.6).setFill()
                UIBezierPath(rect: CGRect(x: 0, y: side * 3 / 4, width: side, height: side / 8)).fill()
            }
            return UIImage(data: jpeg)!
        }
    }

    func run(scale: Int) {
        ThumbnailCell.made = 0
        let app = UIApplication.startHeadless(screen: UIScreen(headlessPixelSize: CGSize(width: 1280 * scale, height: 800 * scale),
                                                               scale: CGFloat(scale)))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1280, height: 800))
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 124, height: 124)
        layout.minimumInteritemSpacing = 4
        layout.minimumLineSpacing = 4
        layout.sectionInset = UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 4)
        let grid = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        grid.register(ThumbnailCell.self, forCellWithReuseIdentifier: "thumb")
        // Thumbnails at the cells' size in pixels (a photo library keeps them so).
        let source = Thumbnails(count: items, pictures: Self.thumbnails(count: 48, side: 124 * scale))
        grid.dataSource = source
        window.addSubview(grid)
        window.makeKeyAndVisible()
        let run = flingThrough(grid, app: app, passes: passes, cellsMade: { ThumbnailCell.made })
        print("1280x800@\(scale): a grid of \(items) decoded thumbnails flung through \(passes) times (end to end and back)")
        run.report(cellsMade: ThumbnailCell.made, firstScreen: run.cellsBefore)
        withExtendedLifetime(source) {}
        window.isHidden = true
    }
}
