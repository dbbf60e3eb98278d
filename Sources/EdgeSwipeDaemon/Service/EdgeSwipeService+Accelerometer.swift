import TouchModel

/// `rotation: accelerometer`: the service follows iio-sensor-proxy on the system bus (`SensorProxyClient`) while
/// the configuration asks for it, and every device set up again on each new orientation, as on a reported output:
/// at once with no finger down, at the next lift otherwise, never in the middle of a swipe.
extension EdgeSwipeService {
    /// Starts following the accelerometer when `config` has `rotation: accelerometer` somewhere, and stops (releasing
    /// it) when it no longer has. Without a system bus: one warning, and the devices stay as they are.
    func followAccelerometer(_ config: DaemonConfig) {
        guard config.usesAccelerometer else {
            if let client = accelerometer {
                client.stop()
                accelerometer = nil
                log.info("rotation: accelerometer is no longer configured: iio-sensor-proxy released")
            }
            return
        }
        guard accelerometer == nil else { return }
        do {
            let client = try SensorProxyClient(loop: runtime.loop, address: options.systemBusAddress,
                                               rotation: outputs.accelerometer, log: log)
            client.onRotation = { [unowned self] rotation in accelerometerTurned(rotation) }
            accelerometer = client
            client.start()
        } catch {
            log.warning("rotation: accelerometer: \(error); the devices that follow it stay at rotation \(outputs.accelerometer.rawValue)")
        }
    }

    /// A new orientation: every device following it set up again (SessionCore holds a change until the lift).
    private func accelerometerTurned(_ rotation: ScreenRotation) {
        outputs.accelerometer = rotation
        let changed = setUpAgain(config: store.current).filter { devices[$0]?.setup.followsAccelerometer == true }
        let held = changed.filter { session.pipeline($0)?.fingerDown == true }.count
        if !changed.isEmpty {
            log.info("rotation: accelerometer: \(changed.count) device(s) turn to \(rotation.rawValue)"
                     + (held > 0 ? " (\(held) at the next lift)" : ""))
        }
    }
}
