import CEdgeSwipeSys
import CEvdev
import EdgeSwipeSystem
import TouchModel

/// How a read pass over a live device ended.
public enum ReadOutcome: Hashable, Sendable {
    /// Nothing more to read now (EAGAIN): wait for the descriptor to become readable.
    case drained
    /// `limit` events were delivered; more may be waiting (possibly inside libevdev, where epoll cannot see
    /// them): call `read` again soon.
    case limitReached
    /// The device is gone (ENODEV). Contacts in flight must be cancelled (`MultitouchDecoder.cancelAll`).
    case unplugged
}

/// libevdev's read protocol: after a SYN_DROPPED (LIBEVDEV_READ_STATUS_SYNC in normal mode) keep reading with
/// LIBEVDEV_READ_FLAG_SYNC until -EAGAIN to receive the synced device state, then go back to normal reads.
/// `next` stands for `libevdev_next_event`, so the protocol can be tested without a device.
struct SyncingReader {
    /// True between a SYN_DROPPED and the end of the synced state; kept across calls when `limit` cuts a sync.
    private(set) var syncing = false

    static let success = Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue)
    static let syncStatus = Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)
    static let normalFlag = UInt32(LIBEVDEV_READ_FLAG_NORMAL.rawValue)
    static let syncFlag = UInt32(LIBEVDEV_READ_FLAG_SYNC.rawValue)

    /// Throws the `Errno` of an unexpected failure.
    mutating func read(limit: Int, next: (_ flags: UInt32, _ event: inout input_event) -> Int32,
                       deliver: (InputEvent) -> Void) throws -> ReadOutcome {
        var delivered = 0
        while delivered < limit {
            var raw = input_event()
            let rc = next(syncing ? Self.syncFlag : Self.normalFlag, &raw)
            if rc == Self.success || rc == Self.syncStatus {
                // In normal mode a sync status carries the SYN_DROPPED itself; in sync mode, a synced event.
                if rc == Self.syncStatus { syncing = true }
                let timeUs = UInt64(edgeswipe_input_event_sec(&raw)) &* 1_000_000 &+ UInt64(edgeswipe_input_event_usec(&raw))
                deliver(InputEvent(time: Microseconds(timeUs), type: raw.type, code: raw.code,
                                   value: raw.value))
                delivered += 1
                continue
            }
            let e = Errno(rawValue: -rc)
            switch e {
            case .wouldBlock:
                if syncing {
                    syncing = false   // the synced state is complete; back to normal reads
                    continue
                }
                return .drained
            case .interrupted:
                continue
            case .noDevice:
                syncing = false
                return .unplugged
            default:
                throw e
            }
        }
        return .limitReached
    }
}
