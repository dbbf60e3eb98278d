import Gestures
import TouchModel
import EdgeSwipeControl

/// Every client's content regions (issue 37), with the bounds the protocol promises: at most
/// `ContentRegionLimits.perClient` per client (a declaration past it refused with the reason, a replacement of an
/// id it holds is no new one), a region clipped to the screen (the reply says so) or refused when nothing of it
/// is on the screen. Pure: the service gives the screen's size.
package struct ContentRegionBook {
    /// Per client, in declaration order (the newest is on top where regions overlap).
    package private(set) var regions: [ControlClientID: [ContentRegion]] = [:]

    package init() {}

    /// What a declaration became: the region as it is kept, and whether the screen clipped it.
    package struct Declared: Hashable {
        package var region: ContentRegion
        package var clipped: Bool
        /// The client's regions now.
        package var count: Int
    }

    /// Declares (or replaces) `d` for `client`, clipped to `screen` (screen mm, origin top left; nil: no
    /// touchscreen known yet, kept as given).
    package mutating func declare(_ d: ContentRegionDeclaration, from client: ControlClientID,
                                  screen: PhysicalSize?) -> Result<Declared, ControlError> {
        var rect = d.rectMM
        var clipped = false
        if let screen {
            let x0 = max(rect.x, 0), y0 = max(rect.y, 0)
            let x1 = min(rect.x + rect.widthMM, screen.widthMM), y1 = min(rect.y + rect.heightMM, screen.heightMM)
            guard x1 > x0, y1 > y0 else {
                return .failure(ControlError(.refused, "declareContentRegion: region \"\(d.id)\" (x \(mm(rect.x)), y \(mm(rect.y)), "
                    + "\(mm(rect.widthMM)) x \(mm(rect.heightMM)) mm) has nothing on the \(mm(screen.widthMM)) x \(mm(screen.heightMM)) mm screen"))
            }
            let inside = ContentRect(x: x0, y: y0, widthMM: x1 - x0, heightMM: y1 - y0)
            clipped = inside != rect
            rect = inside
        }
        let region = ContentRegion(id: d.id, rectMM: rect, direction: d.direction, owner: Int(clamping: client.rawValue))
        var list = regions[client] ?? []
        if let k = list.firstIndex(where: { $0.id == d.id }) {
            list[k] = region
        } else {
            guard list.count < ContentRegionLimits.perClient else {
                return .failure(ControlError(.refused, "declareContentRegion: this client has \(list.count) content regions, "
                    + "the most one client may hold; withdraw one first (region \"\(d.id)\" not declared)"))
            }
            list.append(region)
        }
        regions[client] = list
        return .success(Declared(region: region, clipped: clipped, count: list.count))
    }

    /// Withdraws `id` of `client`; false when it holds none by that id.
    package mutating func withdraw(_ id: ContentRegionID, of client: ControlClientID) -> Bool {
        guard var list = regions[client], let k = list.firstIndex(where: { $0.id == id }) else { return false }
        list.remove(at: k)
        regions[client] = list.isEmpty ? nil : list
        return true
    }

    /// Every region of `client` goes; returns whether it had any.
    @discardableResult
    package mutating func forget(_ client: ControlClientID) -> Bool {
        regions.removeValue(forKey: client) != nil
    }

    /// Every client's regions, clients in the order they connected (ids are never reused), each in declaration order.
    package var all: [ContentRegion] {
        regions.keys.sorted { $0.rawValue < $1.rawValue }.flatMap { regions[$0] ?? [] }
    }

    private func mm(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int64(r)) : String(r)
    }
}
