// The Objective-C runtime's associated objects, which iOS libraries reach through `import UIKit` (or
// `import ObjectiveC`) to store state on objects they do not own: layout DSLs keep constraints on views, image
// caches keep the current download on image views, extensions add stored properties. Swift on Linux has no
// Objective-C runtime, so Vitrine keeps the associations in a side table with the runtime's semantics:
//
// - keys are compared by address (`&someStaticVar`), never by the pointee;
// - `RETAIN`/`COPY` keep a strong reference (`COPY` copies `NSCopying` objects first), `ASSIGN` keeps none;
// - setting `nil` removes the association; `objc_removeAssociatedObjects` removes them all;
// - the values are released when the object is freed. Vitrine's own `NSObject` classes (`UIResponder` and so every
//   view, window and view controller, `CALayer`, …) conform to `AssociationOwner` and drop their associations in
//   their `deinit`, at once, as the runtime does. For any other object the table watches it through a weak
//   reference and lets go of its values at the next sweep (see `AssociationTable.sweepIfDue`).
import Foundation

/// The policy of an association, with the Objective-C runtime's names and raw values.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// A weak, unretained reference (`assign`): the value is not kept alive.
    case OBJC_ASSOCIATION_ASSIGN = 0
    /// A strong reference, not atomic.
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// A copy (`NSCopying`), not atomic.
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    /// A strong reference, atomic.
    case OBJC_ASSOCIATION_RETAIN = 769
    /// A copy (`NSCopying`), atomic.
    case OBJC_ASSOCIATION_COPY = 771
}

/// Sets (or, with `nil`, removes) the value associated with `object` under `key`, as the Objective-C runtime does.
/// `object` must be a class instance; values associated with anything else are dropped (on iOS they would be
/// attached to a temporary box and lost the same way).
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) {
    guard let owner = classInstance(object) else { return }
    AssociationTable.shared.set(owner, key: key, value: value.map { AssociatedValue($0, policy: policy) })
}

/// The value associated with `object` under `key`, or `nil`.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    guard let owner = classInstance(object) else { return nil }
    return AssociationTable.shared.get(owner, key: key)
}

/// Removes every association of `object` (the runtime's documentation warns that this removes other clients'
/// associations too; it is meant for returning an object to a pristine state).
public func objc_removeAssociatedObjects(_ object: Any) {
    guard let owner = classInstance(object) else { return }
    AssociationTable.shared.removeAll(of: ObjectIdentifier(owner))
}

/// A class that drops its associations in its own `deinit` (calls `objc_ownerWillDeallocate(self)`): the table then
/// needs no weak reference to it. Vitrine's `NSObject` classes conform; apps need not.
public protocol AssociationOwner: AnyObject {}

/// Vitrine: called from an `AssociationOwner`'s `deinit`; releases its associated values now.
public func objc_ownerWillDeallocate(_ object: AnyObject) {
    AssociationTable.shared.ownerWillDeallocate(ObjectIdentifier(object))
}

/// The class instance `object` is, if it is one (a value type passed as `Any` is not).
private func classInstance(_ object: Any) -> AnyObject? {
    guard type(of: object) is AnyClass else { return nil }
    return object as AnyObject
}

/// One associated value, held as its policy says.
struct AssociatedValue {
    private enum Storage {
        case strong(Any)
        case unretained(Unmanaged<AnyObject>)
    }
    private let storage: Storage

    init(_ value: Any, policy: objc_AssociationPolicy) {
        switch policy {
        case .OBJC_ASSOCIATION_ASSIGN:
            // `assign` keeps no reference to an object; a value type has nothing to keep and is stored as is.
            if type(of: value) is AnyClass {
                storage = .unretained(Unmanaged.passUnretained(value as AnyObject))
            } else {
                storage = .strong(value)
            }
        case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
            storage = .strong((value as? NSCopying)?.copy() ?? value)
        case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
            storage = .strong(value)
        }
    }

    var value: Any {
        switch storage {
        case .strong(let value): return value
        // As in the runtime, an `assign` value that was freed is a dangling reference: the caller's to avoid.
        case .unretained(let reference): return reference.takeUnretainedValue()
        }
    }
}

/// The side table: each owner's associations by key address. One lock guards it (the runtime's associations are
/// thread-safe); values are released outside the lock, since a value's `deinit` may touch associations itself.
final class AssociationTable: @unchecked Sendable {
    static let shared = AssociationTable()

    private struct Entry {
        /// Set for owners that are not `AssociationOwner`s: tells whether the owner is still alive (an address
        /// can be reused by a new object once the old one is freed).
        weak var watched: AnyObject?
        let watchesOwner: Bool
        var values: [UnsafeRawPointer: AssociatedValue] = [:]
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// How many watched owners there are, and how many there were after the last sweep: a sweep is due when the
    /// count has doubled, so sweeping costs O(1) per association made, amortised.
    private var watchedCount = 0
    private var watchedAfterSweep = 0

    func set(_ owner: AnyObject, key: UnsafeRawPointer, value: AssociatedValue?) {
        let id = ObjectIdentifier(owner)
        var released: [Any] = []
        lock.lock()
        var entry = liveEntry(id, releasing: &released) ?? {
            let watches = !(owner is AssociationOwner)
            if watches { watchedCount += 1 }
            return Entry(watched: watches ? owner : nil, watchesOwner: watches)
        }()
        if let old = entry.values[key] { released.append(old) }
        entry.values[key] = value
        entries[id] = entry
        if entry.values.isEmpty { _ = dropLocked(id) }
        sweepIfDue(releasing: &released)
        lock.unlock()
        _ = released // released here, after the lock
    }

    func get(_ owner: AnyObject, key: UnsafeRawPointer) -> Any? {
        var released: [Any] = []
        lock.lock()
        let value = liveEntry(ObjectIdentifier(owner), releasing: &released)?.values[key]?.value
        lock.unlock()
        _ = released
        return value
    }

    func removeAll(of id: ObjectIdentifier) {
        lock.lock()
        let removed = dropLocked(id)
        lock.unlock()
        _ = removed // released here, after the lock
    }

    func ownerWillDeallocate(_ id: ObjectIdentifier) {
        lock.lock()
        // (Most objects never have associations: one dictionary probe.)
        let removed = entries.isEmpty ? nil : dropLocked(id)
        lock.unlock()
        _ = removed
    }

    /// Lets go of the values of every watched owner that has been freed (tests; otherwise as sweeps fall due).
    func sweep() {
        var released: [Any] = []
        lock.lock()
        sweepNow(releasing: &released)
        lock.unlock()
        _ = released
    }

    /// `id`'s entry, unless it belonged to a watched owner that has been freed (then it is dropped).
    private func liveEntry(_ id: ObjectIdentifier, releasing released: inout [Any]) -> Entry? {
        guard let entry = entries[id] else { return nil }
        if entry.watchesOwner && entry.watched == nil {
            released.append(dropLocked(id)!.values)
            return nil
        }
        return entry
    }

    /// Takes `id`'s entry out, keeping the count of watched owners (the lock is held; the caller lets go of the
    /// values after it is released, since a value's `deinit` may touch associations).
    private func dropLocked(_ id: ObjectIdentifier) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        if entry.watchesOwner { watchedCount -= 1 }
        return entry
    }

    private func sweepIfDue(releasing released: inout [Any]) {
        if watchedCount >= 2 * Swift.max(watchedAfterSweep, 32) { sweepNow(releasing: &released) }
    }

    private func sweepNow(releasing released: inout [Any]) {
        for (id, entry) in entries where entry.watchesOwner && entry.watched == nil {
            released.append(dropLocked(id)!.values)
        }
        watchedAfterSweep = watchedCount
    }
}

/// Runs `body`: Swift on Linux has no autorelease pools (objects are freed when their last reference goes), so this is
/// the Objective-C module's `autoreleasepool(invoking:)` for code written for iOS.
public func autoreleasepool<Result>(invoking body: () throws -> Result) rethrows -> Result {
    try body()
}
