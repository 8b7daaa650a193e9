import Foundation

// A layer's own time (Core Animation's `CAMediaTiming` on layers): each layer's time runs from its superlayer's by its
// `beginTime`, `speed` and `timeOffset`, and its animations are sampled in it. What apps use it for: pausing every
// animation of a view (`speed = 0`, `timeOffset` = the time it was paused at), scrubbing one with `timeOffset`, and
// resuming with `beginTime`.

extension CALayer: CAMediaTiming {}

extension CALayer {
    /// `time` in the global media time (`CACurrentMediaTime()`) as this layer's time.
    func localTime(fromGlobal time: CFTimeInterval) -> CFTimeInterval {
        var parent = superlayer?.localTime(fromGlobal: time) ?? time
        // The instance of a replicator's sublayers being drawn runs `instanceDelay` times its number behind.
        if let replicator = superlayer, replicator.flattensSublayers { parent -= replicator.instanceTimeShift }
        return (parent - beginTime) * Double(speed) + timeOffset
    }

    /// This layer's `time` as global media time (a paused layer's times all map to its `beginTime`).
    func globalTime(fromLocal time: CFTimeInterval) -> CFTimeInterval {
        let parent = speed == 0 ? beginTime : (time - timeOffset) / Double(speed) + beginTime
        return superlayer?.globalTime(fromLocal: parent) ?? parent
    }

    /// Whether the layer's time stands still (its speed or an ancestor's is 0).
    var isTimePaused: Bool {
        var layer: CALayer? = self
        while let l = layer {
            if l.speed == 0 { return true }
            layer = l.superlayer
        }
        return false
    }

    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func baseConvertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        localTime(fromGlobal: layer?.globalTime(fromLocal: t) ?? t)
    }

    /// The behaviour of the overridable member of the same name (declared in CALayer.swift).
    func baseConvertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let global = globalTime(fromLocal: t)
        return layer?.localTime(fromGlobal: global) ?? global
    }

    /// The timing changed: the animations in the subtree show another moment (or start moving again).
    func timingChanged() {
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            if !layer.animationEntries.isEmpty {
                layer.changed()
                CAAnimationEngine.register(layer)
            }
            stack.append(contentsOf: layer.storedSublayers)
        }
    }
}
