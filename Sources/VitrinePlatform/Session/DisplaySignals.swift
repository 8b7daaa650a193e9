import CVitrineShims
import Glibc

/// The signals between the launcher (`fbrun`, which owns the VT) and the app (which owns the DRM device) when
/// the user switches VTs: the VT asks its owner to release the display; fbrun asks the app, which drops DRM
/// master and acknowledges; on the way back fbrun tells the app to take the display again, and the app takes
/// master, sets its mode and repaints everything. Real-time signals, so they queue and do not collide with the
/// app's own SIGUSR1/SIGUSR2. The app listens only when `VITRINE_VT_SIGNALS=1` (fbrun sets it).
public enum DisplaySignals {
    /// fbrun -> app: stop showing frames and drop DRM master.
    public static var release: Int32 { vitrine_sigrtmin() + 4 }
    /// fbrun -> app: take DRM master back, set the mode, repaint everything.
    public static var acquire: Int32 { vitrine_sigrtmin() + 5 }
    /// app -> fbrun: the display is released.
    public static var released: Int32 { vitrine_sigrtmin() + 6 }
    /// The environment variable fbrun sets for the app.
    public static let environmentKey = "VITRINE_VT_SIGNALS"
}
