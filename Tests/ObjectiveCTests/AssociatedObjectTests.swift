// Associated objects as the Objective-C runtime documents them: keys by address, each policy, values released
// with their object.
import Foundation
@testable import ObjectiveC
import Testing

/// Counts its instances that were freed.
private final class Tracked: NSObject, NSCopying {
    nonisolated(unsafe) static var freed = 0
    nonisolated(unsafe) static var copies = 0
    let name: String
    init(_ name: String) { self.name = name }
    deinit { Tracked.freed += 1 }
    func copy(with zone: NSZone? = nil) -> Any { Tracked.copies += 1; return Tracked(name + " copy") }
}

/// An owner that drops its associations in its deinit, as Vitrine's NSObject classes do.
private final class Owner: AssociationOwner {
    deinit { objc_ownerWillDeallocate(self) }
}

/// Any other class.
private final class Foreign {}

nonisolated(unsafe) private var keyA: UInt8 = 0
nonisolated(unsafe) private var keyB: UInt8 = 0

@Suite(.serialized) struct AssociatedObjectTests {
    @Test func valuesAreStoredPerObjectAndPerKeyAddress() {
        let one = Owner(), two = Owner()
        objc_setAssociatedObject(one, &keyA, "a", .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(one, &keyB, 7, .OBJC_ASSOCIATION_RETAIN)
        objc_setAssociatedObject(two, &keyA, "other", .OBJC_ASSOCIATION_COPY_NONATOMIC)
        #expect(objc_getAssociatedObject(one, &keyA) as? String == "a")
        #expect(objc_getAssociatedObject(one, &keyB) as? Int == 7)
        #expect(objc_getAssociatedObject(two, &keyA) as? String == "other")
        #expect(objc_getAssociatedObject(two, &keyB) == nil)
        // Keys are addresses: two keys holding equal values are still two keys.
        #expect(keyA == keyB)
        // Setting nil removes the association.
        objc_setAssociatedObject(one, &keyA, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(objc_getAssociatedObject(one, &keyA) == nil)
        #expect(objc_getAssociatedObject(one, &keyB) as? Int == 7)
        objc_removeAssociatedObjects(one)
        #expect(objc_getAssociatedObject(one, &keyB) == nil)
        #expect(objc_getAssociatedObject(two, &keyA) as? String == "other")
    }

    @Test func retainedValuesAreReleasedWhenTheirOwnerIsFreed() {
        let before = Tracked.freed
        var owner: Owner? = Owner()
        do {
            let value = Tracked("kept")
            objc_setAssociatedObject(owner!, &keyA, value, .OBJC_ASSOCIATION_RETAIN)
        }
        #expect(Tracked.freed == before, "RETAIN keeps the value alive")
        #expect((objc_getAssociatedObject(owner!, &keyA) as? Tracked)?.name == "kept")
        owner = nil
        #expect(Tracked.freed == before + 1, "freed with its owner, at once")
    }

    @Test func replacingAValueReleasesTheOldOne() {
        let before = Tracked.freed
        let owner = Owner()
        objc_setAssociatedObject(owner, &keyA, Tracked("first"), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        objc_setAssociatedObject(owner, &keyA, Tracked("second"), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        #expect(Tracked.freed == before + 1)
        #expect((objc_getAssociatedObject(owner, &keyA) as? Tracked)?.name == "second")
        objc_removeAssociatedObjects(owner)
        #expect(Tracked.freed == before + 2)
    }

    @Test func copyCopiesAndAssignDoesNotRetain() {
        let owner = Owner()
        let original = Tracked("original")
        let copiesBefore = Tracked.copies
        objc_setAssociatedObject(owner, &keyA, original, .OBJC_ASSOCIATION_COPY)
        #expect(Tracked.copies == copiesBefore + 1)
        let stored = objc_getAssociatedObject(owner, &keyA) as? Tracked
        #expect(stored !== original && stored?.name == "original copy")

        let freedBefore = Tracked.freed
        do {
            let weakly = Tracked("assigned")
            objc_setAssociatedObject(owner, &keyB, weakly, .OBJC_ASSOCIATION_ASSIGN)
            #expect(objc_getAssociatedObject(owner, &keyB) as? Tracked === weakly)
        }
        #expect(Tracked.freed == freedBefore + 1, "ASSIGN does not keep the value alive")
        objc_setAssociatedObject(owner, &keyB, nil, .OBJC_ASSOCIATION_ASSIGN)
    }

    @Test func anyObjectsValuesGoWhenItIsFreedAndItsAddressIsNotConfusedWithANewObject() {
        let before = Tracked.freed
        var foreign: Foreign? = Foreign()
        objc_setAssociatedObject(foreign!, &keyA, Tracked("on a plain class"), .OBJC_ASSOCIATION_RETAIN)
        #expect((objc_getAssociatedObject(foreign!, &keyA) as? Tracked)?.name == "on a plain class")
        foreign = nil
        // A new object may reuse the address; it has no associations.
        for _ in 0..<8 {
            let fresh = Foreign()
            #expect(objc_getAssociatedObject(fresh, &keyA) == nil)
        }
        AssociationTable.shared.sweep()
        #expect(Tracked.freed == before + 1)
    }

    @Test func valueTypesHaveNoAssociations() {
        objc_setAssociatedObject(42, &keyA, "lost", .OBJC_ASSOCIATION_RETAIN)
        #expect(objc_getAssociatedObject(42, &keyA) == nil)
    }

    @Test func manyOwnersAreSweptAsTheyGo() {
        let before = Tracked.freed
        for i in 0..<1000 {
            let foreign = Foreign()
            objc_setAssociatedObject(foreign, &keyA, Tracked("\(i)"), .OBJC_ASSOCIATION_RETAIN)
        }
        // Sweeps fall due as the table doubles: at most a small tail of the freed owners' values is still held.
        #expect(Tracked.freed - before >= 900)
        AssociationTable.shared.sweep()
        #expect(Tracked.freed - before == 1000)
    }
}
