#if canImport(Glibc)
import Glibc
#endif
import CEdgeSwipeSys
import CPixman
import CWaylandClient
import EdgeSwipeFeedback
import EdgeSwipeSystem

/// One wl_buffer in its own shared-memory file (memfd), ARGB8888, with a pixman image over the same memory.
/// Busy from attach until the compositor's release: a busy buffer is never drawn into.
final class ShmBuffer {
    let width: Int
    let height: Int
    let buffer: OpaquePointer
    let image: OpaquePointer
    private(set) var busy = false
    private let memory: UnsafeMutableRawPointer
    private let size: Int
    private let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)

    init(shm: OpaquePointer, width: Int, height: Int) throws {
        // ArrowGeometry bounds both sides; checked here too with the size, as wl_shm takes an Int32 (issue 33).
        let side = 1...ArrowGeometry.maxBufferSide
        guard side.contains(width), side.contains(height), width * 4 * height <= Int(Int32.max) else {
            throw SystemError(errno: Errno(rawValue: EINVAL), operation: "arrow buffer of \(width)x\(height) px")
        }
        self.width = width
        self.height = height
        let stride = width * 4
        let size = stride * height
        self.size = size
        let fd = FileDescriptor(rawValue: try SystemCall.run("memfd_create(edgeswipe-arrow)") {
            edgeswipe_memfd_create_cloexec("edgeswipe-arrow")
        })
        defer { try? fd.close() }  // the pool and the mapping keep the memory; the descriptor is not needed after
        try SystemCall.run("ftruncate(edgeswipe-arrow, \(size))") { ftruncate(fd.rawValue, off_t(size)) }
        let mapped = try SystemCall.runPointer("mmap(edgeswipe-arrow, \(size) bytes)") { () -> UnsafeMutableRawPointer? in
            let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd.rawValue, 0)
            return p == MAP_FAILED ? nil : p
        }
        memory = mapped
        let pool = wl_shm_create_pool(shm, fd.rawValue, Int32(size))
        buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue)
        wl_shm_pool_destroy(pool)  // the buffer keeps the pool's memory alive
        image = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                         mapped.assumingMemoryBound(to: UInt32.self), Int32(stride))
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            Unmanaged<ShmBuffer>.fromOpaque(data!).takeUnretainedValue().busy = false
        }))
        wl_buffer_add_listener(buffer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        pixman_image_unref(image)
        wl_buffer_destroy(buffer)
        // Not through SystemCall: a deinit cannot report, and munmap fails only for a range it did not map.
        munmap(memory, size)
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    /// Clears to transparent and marks the buffer as handed to the compositor.
    func clearForDrawing() {
        memset(memory, 0, size)
    }

    func markAttached() { busy = true }
}
