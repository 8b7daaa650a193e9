/// From a touch device's normalised coordinates (0...1 across the panel as it scans out, after calibration) to
/// the upright logical screen's (0...1), undoing the panel's mounting rotation exactly as the display's copy to
/// scanout applies it (`KMSOutput`): a touch lands on the pixel it covers.
///
/// `rotation` is the clockwise degrees from the logical screen to the panel (0, 90, 180, 270). Values outside
/// 0...1 (a miscalibrated or noisy device) are clamped to the panel's edge; NaN becomes 0.
public func logicalPosition(panelX x: Double, panelY y: Double, rotation: Int) -> (x: Double, y: Double) {
    func clamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(1, Swift.max(0, v)) }
    let (u, v) = (clamp(x), clamp(y))
    switch rotation {
    case 90: return (v, 1 - u)   // the logical x runs down the panel, the logical y from its right edge
    case 180: return (1 - u, 1 - v)
    case 270: return (1 - v, u)
    default: return (u, v)
    }
}
