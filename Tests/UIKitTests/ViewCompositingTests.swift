// The compositor as views drive it, through the run loop: damage (what changed, and only that, is redrawn and
// copied), occlusion, and pixels equal to a full redraw (seeds: "The View Rendering Architecture", "Redrawing Your
// View's Content"). The compositor's own tests, with layers alone: Tests/QuartzCoreTests/CompositorTests.swift.
import Testing
@testable import UIKit
@testable import QuartzCore
import VitrinePlatform

@MainActor @Suite struct ViewCompositingTests {
    /// A 320x240 screen at `scale` with a window of labels and squares.
    @MainActor final class Scene {
        let window: UIWindow
        let labels: [UILabel]
        let square: UIView
        let overlay: UIView
        var screen: UIScreen { window.screen }

        init(scale: CGFloat) {
            freshApp(pixels: CGSize(width: 320 * scale, height: 240 * scale), scale: scale)
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
            window.backgroundColor = UIColor(red: 26 / 255, green: 26 / 255, blue: 31 / 255, alpha: 1)
            labels = (0..<4).map { i in
                let l = UILabel(frame: CGRect(x: 10, y: 10 + CGFloat(i) * 30, width: 140, height: 24))
                l.text = "Label \(i)"
                l.textColor = .white
                return l
            }
            labels.forEach(window.addSubview)
            square = UIView(frame: CGRect(x: 200, y: 20, width: 60, height: 60))
            square.backgroundColor = .systemBlue
            square.layer.cornerRadius = 12
            window.addSubview(square)
            overlay = UIView(frame: CGRect(x: 180, y: 120, width: 100, height: 80))
            overlay.backgroundColor = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            overlay.alpha = 0.5
            window.addSubview(overlay)
            window.makeKeyAndVisible()
            endTurn()
        }

        var damage: [PixelRect] { screen.compositor.lastDamage }
        func shown() -> CGImage { screen.snapshotImage()!.cgImage! }
        func reference() -> CGImage {
            let image = screen.referenceSnapshot(windows: [window]).cgImage!
            return image
        }
    }

    @Test func theFirstFrameIsTheWholeScreenAndMatchesAFullRedraw() {
        let s = Scene(scale: 1)
        #expect(s.screen.headlessOutput!.presentedFrames == 1)
        #expect(s.damage == [PixelRect(x: 0, y: 0, width: 320, height: 240)])
        #expect(maxDifference(s.shown(), s.reference()) <= 2)
    }

    /// Headless, the output's memory is the compositor's shadow buffer: one screenful, not two, and no copy.
    @Test func aHeadlessScreenCompositesStraightIntoItsOutputsMemory() {
        let s = Scene(scale: 1)
        let output = s.screen.headlessOutput!
        #expect(s.screen.compositor.shadow.data == output.pixels)
        // What the frame buffer shows is the frame (the square's blue at its centre; BGRA in memory).
        let centre = (50 * 320 + 230) * 4
        #expect(Array(output.frameBuffer[centre..<centre + 3]) == [255, 122, 0])
        // An output given someone else's pixels still copies the damage.
        let other = HeadlessOutput(pixelWidth: 4, pixelHeight: 2)
        var source = [UInt32](repeating: 0xFF00_FF00, count: 8)
        other.present(pixels: &source, bytesPerRow: 16, damage: [PixelRect(x: 1, y: 1, width: 2, height: 1)])
        #expect(other.frameBuffer.count == 32)
        #expect(Array(other.frameBuffer[20..<24]) == [0, 255, 0, 255] && other.frameBuffer[16..<20].allSatisfy { $0 == 0 })
    }

    @Test func anIdleFrameHasNoDamageAndDrawsNothing() {
        let s = Scene(scale: 1)
        let presented = s.screen.headlessOutput!.presentedFrames
        let draws = s.labels.map(\.layer.displayCount)
        endTurn(); endTurn()
        #expect(s.screen.headlessOutput!.presentedFrames == presented)
        #expect(s.labels.map(\.layer.displayCount) == draws)
    }

    @Test func changingOneLabelDamagesOnlyThatLabel() {
        let s = Scene(scale: 2)
        let draws = s.labels.map(\.layer.displayCount)
        s.labels[2].text = "Changed"
        endTurn()
        // draw(_:) ran for that label alone...
        #expect(s.labels.map(\.layer.displayCount) == [draws[0], draws[1], draws[2] + 1, draws[3]])
        // ...and the damage is inside its area (in pixels at scale 2).
        let labelRect = PixelRect(x: 20, y: 140, width: 280, height: 48)
        #expect(!s.damage.isEmpty)
        #expect(s.damage.allSatisfy { labelRect.contains($0) })
        #expect(maxDifference(s.shown(), s.reference()) <= 2)
    }

    @Test func movingAViewDamagesItsOldAndNewPlaces() {
        let s = Scene(scale: 1)
        s.square.center = CGPoint(x: 60, y: 200)
        endTurn()
        let old = PixelRect(x: 200, y: 20, width: 60, height: 60), new = PixelRect(x: 30, y: 170, width: 60, height: 60)
        let covered = s.damage.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        #expect(s.damage.contains { $0.contains(old) } && s.damage.contains { $0.contains(new) })
        #expect(covered.area < 320 * 240) // not a full-screen redraw
        #expect(maxDifference(s.shown(), s.reference()) <= 2)
    }

    @Test func aThinStripCrossingAMovedSquareIsNotMergedIntoTheRectangleAroundBoth() {
        // A slider's frame: a long thin track changes where its thumb moves. The rectangle around both would be
        // mostly pixels neither needs; the damage is the square and the strip's parts beside it.
        let s = Scene(scale: 1)
        let strip = UIView(frame: CGRect(x: 10, y: 200, width: 300, height: 4))
        strip.backgroundColor = .systemBlue
        s.window.addSubview(strip)
        endTurn()
        strip.frame.size.width = 290
        s.square.center = CGPoint(x: 160, y: 202)
        endTurn()
        let area = s.damage.reduce(0) { $0 + $1.area }
        #expect(area < 300 * 60 / 2, "\(s.damage)")
        // Nothing overlaps (each pixel is painted and copied once), the square's new place is covered (whichever of
        // the two came second was cut around the first), and the pixels are a full redraw's.
        for (i, a) in s.damage.enumerated() { for b in s.damage[(i + 1)...] { #expect(!a.intersects(b)) } }
        let square = PixelRect(x: 130, y: 172, width: 60, height: 60)
        #expect(s.damage.reduce(0) { $0 + $1.intersection(square).area } == square.area)
        #expect(maxDifference(s.shown(), s.reference()) <= 2)
    }

    @Test func aSliderDraggedToFractionalPlacesShowsWhatAFullRedrawShows() {
        // The thumb and the tracks land on fractions of a pixel: their edges come from cached masks
        // (`RoundedFill`), their shadow from the thumb's; a full redraw paints them with cairo's paths.
        let s = Scene(scale: 1)
        let slider = UISlider(frame: CGRect(x: 10, y: 200, width: 287, height: 31))
        s.window.addSubview(slider)
        endTurn()
        let tolerance = 2 + Int((255 * (RoundedFill.largestEdgeError + 1.0 / 15)).rounded(.up))
        for value in [0.1, 0.137, 0.5, 0.71, 0.999] as [Float] {
            slider.value = value
            endTurn()
            #expect(maxDifference(s.shown(), s.reference()) <= tolerance, "value \(value)")
        }
    }

    /// The frame as shown, then the same state composited from scratch (every pixel repainted).
    private func shownAndFullFrame(_ s: Scene) -> (CGImage, CGImage) {
        let incremental = s.shown()
        s.screen.compositor.setNeedsFullFrame()
        s.window.setNeedsLayout()
        endTurn()
        return (incremental, s.shown())
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func aFillGrowingAtOneEndRepaintsThatEndOnly(scale: CGFloat) {
        // A slider's track as its thumb moves: a rounded fill whose right edge moves by fractions of a point. Only
        // the pixels that edge and its corners can reach are damaged, and they come out as a full repaint's.
        let s = Scene(scale: scale)
        let track = UIView(frame: CGRect(x: 20, y: 200, width: 150, height: 4))
        track.backgroundColor = .systemBlue
        track.layer.cornerRadius = 2
        s.window.addSubview(track)
        let wide = UIView(frame: CGRect(x: 20, y: 140, width: 120, height: 40))
        wide.backgroundColor = .systemGreen
        wide.layer.cornerRadius = 9
        s.window.addSubview(wide)
        endTurn()
        for (i, width) in [150.3, 152.9, 151.0625, 149.5, 171.77].enumerated() {
            track.frame.size.width = width
            // Both side edges of the other move by fractions too.
            wide.frame = CGRect(x: 20 + 0.37 * CGFloat(i + 1), y: 140, width: 120 + 0.6 * CGFloat(i + 1), height: 40)
            endTurn()
            // The track's end and the wide fill's sides (the pixels their radii, the partly covered ones and the
            // moves reach), not the two fills: under half their area.
            let damaged = s.damage.reduce(0) { $0 + $1.area }
            #expect(damaged < Int((150 * 4 + 120 * 40) / 2 * scale * scale), "\(s.damage)")
            let (incremental, full) = shownAndFullFrame(s)
            #expect(maxDifference(incremental, full) == 0, "width \(width)")
        }
        // Moved far, a fill damages its two places, not the bands between them.
        wide.frame.origin = CGPoint(x: 150, y: 20)
        endTurn()
        #expect(s.damage.reduce(0) { $0 + $1.area } <= Int(2 * (122 * 42) * scale * scale), "\(s.damage)")
    }

    @Test func aContainerThatPaintsNothingDamagesOnlyWhatItHolds() {
        let s = Scene(scale: 1)
        let container = UIView(frame: CGRect(x: 20, y: 130, width: 200, height: 100))
        let dot = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        dot.backgroundColor = .systemRed
        container.addSubview(dot)
        s.window.addSubview(container)
        endTurn()
        container.frame = CGRect(x: 40, y: 120, width: 220, height: 110)
        endTurn()
        // The dot's old and new places: 10x10 each, not the container's 200x100.
        #expect(s.damage.reduce(0) { $0 + $1.area } <= 2 * 10 * 10, "\(s.damage)")
        let (incremental, full) = shownAndFullFrame(s)
        #expect(maxDifference(incremental, full) == 0)
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func aShadowUnderAnOpaqueFillIsLeftOutOnlyWhereTheFillCoversIt(scale: CGFloat) {
        // A slider thumb's shadow is blended without its middle, which the thumb's own opaque fill paints over: at
        // every sub-pixel place the pixels are the ones the whole shadow gives.
        func frames(clearing: Bool) -> [CGImage] {
            QuartzCore.Painter.clearsUnderFill = clearing
            defer { QuartzCore.Painter.clearsUnderFill = true }
            let s = Scene(scale: scale)
            let thumb = UIView(frame: CGRect(x: 40, y: 150, width: 28, height: 28))
            thumb.backgroundColor = .white
            thumb.layer.cornerRadius = 14
            thumb.layer.shadowColor = UIColor.black.cgColor
            thumb.layer.shadowOpacity = 0.6
            thumb.layer.shadowRadius = 3
            thumb.layer.shadowOffset = CGSize(width: 0, height: 2)
            let card = UIView(frame: CGRect(x: 120, y: 140, width: 90, height: 50))
            card.backgroundColor = .systemYellow
            card.layer.cornerRadius = 6
            card.layer.shadowOpacity = 0.9
            card.layer.shadowRadius = 5
            card.layer.shadowOffset = CGSize(width: 3, height: -2)
            s.window.addSubview(thumb)
            s.window.addSubview(card)
            var shown: [CGImage] = []
            for dx in [0, 0.3, 0.5, 0.77, 1.0625, 13.49] as [CGFloat] {
                thumb.center = CGPoint(x: 54 + dx, y: 164 + dx / 3)
                card.center.x = 165 + dx
                endTurn()
                shown.append(s.shown())
            }
            return shown
        }
        let whole = frames(clearing: false), cleared = frames(clearing: true)
        for (a, b) in zip(whole, cleared) { #expect(maxDifference(a, b) == 0) }
    }

    @Test func aDamageOnlySequenceGivesTheSamePixelsAsAFullRedraw() {
        let s = Scene(scale: 2)
        s.labels[0].text = "Zero!"
        s.square.transform = CGAffineTransform(rotationAngle: 0.4)
        s.overlay.alpha = 0.8
        s.labels[3].isHidden = true
        endTurn()
        s.square.removeFromSuperview()
        let added = UIView(frame: CGRect(x: 100, y: 150, width: 40, height: 40))
        added.backgroundColor = .systemGreen
        s.window.addSubview(added)
        endTurn()
        let incremental = s.shown()
        s.screen.compositor.setNeedsFullFrame()
        s.window.setNeedsLayout()
        endTurn()
        #expect(s.damage == [PixelRect(x: 0, y: 0, width: 640, height: 480)])
        #expect(maxDifference(incremental, s.shown()) == 0)
        #expect(maxDifference(incremental, s.reference()) <= 2)
    }

    @Test func opaqueViewsHideWhatIsBehindThem() {
        let s = Scene(scale: 1)
        // An opaque view over the top-left labels: repainting under it paints the cover, not the labels.
        let cover = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 120))
        cover.backgroundColor = .white
        s.window.addSubview(cover)
        endTurn()
        s.labels[1].text = "Hidden change"
        endTurn()
        // Damage from the label (under the cover) is repainted starting at the cover: window, labels skipped.
        #expect(s.screen.compositor.layersPaintedLastFrame <= 3)
        #expect(maxDifference(s.shown(), s.reference()) <= 2)
    }

    @Test func changesDeepInTheTreeReachTheScreenWhateverHappensToTheirParentsInTheSameFrame() {
        let s = Scene(scale: 1)
        // Two panels with a child each: the compositor visits only the changed ones among many siblings.
        let panels = (0..<2).map { i in
            let p = UIView(frame: CGRect(x: 10 + CGFloat(i) * 150, y: 130, width: 140, height: 100))
            p.backgroundColor = .darkGray
            let c = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
            c.backgroundColor = .systemYellow
            p.addSubview(c)
            s.window.addSubview(p)
            return (panel: p, child: c)
        }
        endTurn()
        func check(_ what: Comment) {
            endTurn()
            #expect(maxDifference(s.shown(), s.reference()) <= 2, what)
        }
        // A child changes while its panel is hidden; the panel comes back later.
        panels[0].panel.isHidden = true
        panels[0].child.backgroundColor = .systemRed
        check("hidden panel")
        panels[0].panel.isHidden = false
        check("panel shown again with its changed child")
        // A changed child moves to the other panel in the same frame.
        panels[0].child.center = CGPoint(x: 90, y: 60)
        panels[1].panel.addSubview(panels[0].child)
        check("changed child moved to another panel")
        // A changed child is taken out and put back in the same frame.
        panels[1].child.backgroundColor = .systemGreen
        panels[1].child.removeFromSuperview()
        panels[1].panel.addSubview(panels[1].child)
        check("changed child removed and added back")
        // A changed sublayer's parent gets a new list of sublayers without it, then the change of another.
        let extra = CALayer()
        extra.frame = CGRect(x: 60, y: 60, width: 30, height: 30)
        extra.backgroundColor = UIColor.systemBlue.cgColor
        panels[1].panel.layer.addSublayer(extra)
        check("sublayer added")
        extra.backgroundColor = UIColor.systemOrange.cgColor
        panels[1].panel.layer.sublayers = panels[1].panel.layer.sublayers?.filter { $0 !== extra }
        check("changed sublayer dropped by sublayers =")
        panels[1].child.layer.opacity = 0.5
        check("the remaining child fades")
    }

    @Test func anOpaqueViewInsideARoundedMaskHidesOnlyWhatTheMaskShows() {
        let s = Scene(scale: 1)
        // A rounded card that clips an opaque photo-like view filling it: the photo is cut off at the card's
        // corners, where the window must still be painted when something under the card changes.
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 130))
        card.layer.cornerRadius = 60
        card.clipsToBounds = true
        let photo = UIView(frame: card.bounds)
        photo.backgroundColor = .white
        photo.isOpaque = true
        card.addSubview(photo)
        s.window.addSubview(card)
        endTurn()
        // The label under the card changes colour: its damage lies inside the photo's rectangle, but its first
        // letter is in the card's cut-off corner, where it shows.
        s.labels[0].textColor = .systemRed
        endTurn()
        #expect(maxDifference(s.shown(), s.reference()) <= 2)
    }
}

@MainActor @Suite struct SnapshotTests {
    @Test func snapshotViewsShowTheHierarchyAsItIs() {
        freshApp(pixels: CGSize(width: 200, height: 200), scale: 2)
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 40))
        v.backgroundColor = .red
        let sub = UIView(frame: CGRect(x: 25, y: 0, width: 25, height: 40))
        sub.backgroundColor = .blue
        v.addSubview(sub)
        let snap = v.snapshotView(afterScreenUpdates: true)!
        #expect(snap.bounds.size == CGSize(width: 50, height: 40))
        let image = snap.layer.contents as! CGImage
        #expect(image.width == 100 && image.height == 80)
        #expect(pixel(image, 10, 10) == (255, 0, 0, 255) && pixel(image, 90, 10) == (0, 0, 255, 255))
        // Later changes do not reach the snapshot.
        v.backgroundColor = .green
        #expect(pixel(snap.layer.contents as! CGImage, 10, 10) == (255, 0, 0, 255))
        v.contentStretch = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        #expect(v.layer.contentsCenter == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    }
}

/// Scrolling by copying: a scroll view's content moved by whole pixels is copied within the shadow buffer, and only
/// the strip it exposes (and whatever else changed) is painted; the frames are a full repaint's.
@MainActor @Suite struct ScrollBlitTests {
    @MainActor final class Scene {
        let window: UIWindow
        let scroll = UIScrollView(frame: CGRect(x: 20, y: 40, width: 240, height: 300))
        var rows: [UIView] = []
        var screen: UIScreen { window.screen }

        init(scale: CGFloat) {
            freshApp(pixels: CGSize(width: 320 * scale, height: 480 * scale), scale: scale)
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            window.backgroundColor = .systemGroupedBackground
            scroll.backgroundColor = .white
            scroll.contentSize = CGSize(width: 480, height: 40 * 44)
            for i in 0..<40 {
                let row = UIView(frame: CGRect(x: 0, y: CGFloat(i) * 44, width: 480, height: 44))
                row.backgroundColor = i % 2 == 0 ? .white : UIColor(white: 0.95, alpha: 1)
                let label = UILabel(frame: CGRect(x: 16, y: 10, width: 200, height: 24))
                label.text = "Row \(i)"
                row.addSubview(label)
                let dot = UIView(frame: CGRect(x: 220.5, y: 14.25, width: 15, height: 15))
                dot.backgroundColor = .systemBlue
                dot.layer.cornerRadius = 7.5
                row.addSubview(dot)
                scroll.addSubview(row)
                rows.append(row)
            }
            window.addSubview(scroll)
            window.makeKeyAndVisible()
            endTurn()
        }

        func shown() -> CGImage { screen.snapshotImage()!.cgImage! }
        /// The frame as shown, then the same state repainted from scratch.
        func shownAndFull() -> (CGImage, CGImage) {
            let incremental = shown()
            screen.compositor.setNeedsFullFrame()
            window.setNeedsLayout()
            endTurn()
            return (incremental, shown())
        }
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func scrolledContentIsCopiedAndOnlyTheExposedStripPainted(scale: CGFloat) {
        let s = Scene(scale: scale)
        let step = 1 / scale
        for offset in [CGPoint(x: 0, y: 10), CGPoint(x: 0, y: 37 + step), CGPoint(x: 0, y: 21), CGPoint(x: 12, y: 21),
                       CGPoint(x: 3 - step, y: 200)] {
            let before = s.scroll.contentOffset
            s.scroll.contentOffset = offset
            endTurn()
            let blit = s.screen.compositor.lastBlit
            #expect(blit != nil, "offset \(offset)")
            #expect(blit.map { $0.dx == Int(((before.x - offset.x) * scale).rounded()) && $0.dy == Int(((before.y - offset.y) * scale).rounded()) } == true)
            // Painted: the strips the move exposed (the rest is the copy), a little more for the rows' edges.
            let painted = s.screen.compositor.lastDamage.reduce(0) { $0 + $1.area }
            let moved = (abs(offset.x - before.x) * 300 + abs(offset.y - before.y) * 240) * scale * scale
            #expect(painted <= Int(moved + 2 * 300 * scale), "\(s.screen.compositor.lastDamage)")
            let (incremental, full) = s.shownAndFull()
            #expect(maxDifference(incremental, full) == 0, "offset \(offset): differs in \(differingRect(incremental, full).map { "\($0)" } ?? "-")")
        }
    }

    @Test func whatChangesOrLeavesWhileScrollingIsPaintedWhereTheCopyPutIt() {
        let s = Scene(scale: 1)
        // A row changes colour, another leaves, a view that stays put inside the content (as an indicator does)
        // and a new row come in, all in one scrolled frame.
        let pinned = UIView(frame: CGRect(x: 230, y: 30, width: 6, height: 40))
        pinned.backgroundColor = .systemRed
        s.scroll.addSubview(pinned)
        endTurn()
        for step in 1...4 {
            s.scroll.contentOffset.y += 13
            pinned.frame.origin.y = s.scroll.contentOffset.y + 30
            s.rows[step].backgroundColor = .systemYellow
            s.rows[step + 3].removeFromSuperview()
            let added = UIView(frame: CGRect(x: 40, y: CGFloat(step) * 30 + 100, width: 60, height: 20))
            added.backgroundColor = .systemGreen
            s.scroll.addSubview(added)
            endTurn()
            #expect(s.screen.compositor.lastBlit != nil)
            let (incremental, full) = s.shownAndFull()
            #expect(maxDifference(incremental, full) == 0, "step \(step): differs in \(differingRect(incremental, full).map { "\($0)" } ?? "-")")
        }
    }

    @Test func aViewOverTheScrollViewOrAFractionalOffsetRepaintsInstead() {
        let s = Scene(scale: 1)
        let badge = UIView(frame: CGRect(x: 200, y: 300, width: 80, height: 80))
        badge.backgroundColor = UIColor.systemPurple.withAlphaComponent(0.5)
        s.window.addSubview(badge)
        endTurn()
        s.scroll.contentOffset.y = 30
        endTurn()
        #expect(s.screen.compositor.lastBlit == nil) // its pixels would move with the copy
        var (incremental, full) = s.shownAndFull()
        #expect(maxDifference(incremental, full) == 0)
        badge.removeFromSuperview()
        endTurn()
        // A bounds origin off the pixel grid (set directly, as UIKit allows) is painted.
        s.scroll.bounds.origin.y = 40.3
        endTurn()
        #expect(s.screen.compositor.lastBlit == nil)
        (incremental, full) = s.shownAndFull()
        #expect(maxDifference(incremental, full) == 0)
        s.scroll.contentOffset.y = 60
        endTurn()
        (incremental, full) = s.shownAndFull()
        #expect(maxDifference(incremental, full) == 0)
    }

    @Test func contentOffsetsLandOnThePixelGridAsUIKitKeepsThem() {
        let s = Scene(scale: 2)
        s.scroll.contentOffset = CGPoint(x: 0, y: 10.3)
        #expect(s.scroll.contentOffset.y == 10.5)
    }
}

extension ScrollBlitTests {
    @MainActor final class Numbers: NSObject, UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 500 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            cell.accessoryType = .disclosureIndicator
            return cell
        }
    }

    @Test(arguments: [1, 2] as [CGFloat])
    func aScrolledTablePaintsItsNewRowsOnly(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 480 * scale), scale: scale)
        let window = shownWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let numbers = Numbers()
        table.dataSource = numbers
        window.addSubview(table)
        endTurn()
        for (i, y) in [5, 30, 29, 120, 400].enumerated() {
            table.contentOffset.y = CGFloat(y)
            endTurn()
            let painted = window.screen.compositor.lastDamage.reduce(0) { $0 + $1.area }
            #expect(window.screen.compositor.lastBlit != nil)
            // The exposed strip and the rows that came in (at most two rows' height more) and the indicator. (A jump
            // of most of the screen paints all of it: what is left is less than the damage's pieces are worth.)
            let moved = abs(y - [0, 5, 30, 29, 120][i])
            if moved < 100 {
                #expect(painted < Int((320 * CGFloat(moved) + 320 * 100) * scale * scale), "\(window.screen.compositor.lastDamage)")
            }
            let incremental = window.screen.snapshotImage()!.cgImage!
            window.screen.compositor.setNeedsFullFrame()
            window.setNeedsLayout()
            endTurn()
            #expect(maxDifference(incremental, window.screen.snapshotImage()!.cgImage!) == 0, "offset \(y)")
        }
        withExtendedLifetime(numbers) {}
    }
}
