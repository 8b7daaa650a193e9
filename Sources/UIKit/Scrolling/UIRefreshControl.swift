import CoreGraphics
import Foundation

/// Pull to refresh (UIKit's `UIRefreshControl`), set as a scroll view's `refreshControl`: pulling the content down
/// past its top far enough starts a refresh — the spinner turns, `.valueChanged` is sent, and when the finger lifts
/// the content settles below the control until `endRefreshing()`.
@preconcurrency @MainActor
open class UIRefreshControl: UIControl {
    /// Whether a refresh is under way.
    open private(set) var isRefreshing = false
    /// Text shown under the spinner.
    open var attributedTitle: NSAttributedString? {
        didSet {
            titleLabel.attributedText = attributedTitle
            titleLabel.isHidden = attributedTitle == nil
            setNeedsLayout()
        }
    }

    /// How tall the control is: the room it keeps above the content while refreshing.
    static let height: CGFloat = 60
    /// How far past the top the content must be pulled to start a refresh.
    static let threshold: CGFloat = 100

    weak var scrollView: UIScrollView?
    private let spinner = UIActivityIndicatorView(style: .medium)
    private let titleLabel = UILabel()
    /// A pull started the refresh and the finger has not lifted yet.
    private var armed = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public convenience init() { self.init(frame: .zero) }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        spinner.hidesWhenStopped = false
        spinner.alpha = 0
        addSubview(spinner)
        titleLabel.font = .systemFont(ofSize: 13)
        titleLabel.textColor = .secondaryLabel
        titleLabel.textAlignment = .center
        titleLabel.isHidden = true
        addSubview(titleLabel)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        spinner.color = tintColor
    }

    /// Starts refreshing from code (shows the spinner; sends no action, as on iOS). If the content is at its top,
    /// it moves down to show the control.
    open func beginRefreshing() {
        guard !isRefreshing else { return }
        isRefreshing = true
        spinner.startAnimating()
        spinner.alpha = 1
        guard let scrollView else { return }
        let atTop = scrollView.contentOffset.y <= scrollView.minimumOffset.y + 0.5
        scrollView.refreshInset = Self.height
        if atTop { scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: scrollView.minimumOffset.y), animated: true) }
    }

    /// Ends the refresh: the spinner stops and the content moves back up over the control.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        armed = false
        spinner.stopAnimating()
        guard let scrollView else { return }
        scrollView.refreshInset = 0
        if !scrollView.isDragging, scrollView.contentOffset.y < scrollView.minimumOffset.y {
            scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: scrollView.minimumOffset.y), animated: true)
        }
        UIView.animate(withDuration: 0.25) { self.spinner.alpha = 0 }
    }

    /// Keeps the control across the top of the scroll view, just above the content (and its insets).
    func place() {
        guard let scrollView else { return }
        let top = scrollView.adjustedContentInset.top - scrollView.refreshInset
        frame = CGRect(x: scrollView.contentOffset.x, y: -top - Self.height, width: scrollView.bounds.width, height: Self.height)
        if !isRefreshing {
            // The spinner fades in as the content is pulled down.
            let pulled = -(scrollView.contentOffset.y + top)
            spinner.alpha = min(1, max(0, pulled / Self.threshold))
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let titled = !titleLabel.isHidden
        spinner.center = CGPoint(x: b.midX, y: titled ? b.midY - 9 : b.midY)
        titleLabel.frame = CGRect(x: 8, y: b.midY + 6, width: max(0, b.width - 16), height: 18)
    }

    /// The content was dragged: far enough past the top starts a refresh.
    func dragged() {
        guard let scrollView, !isRefreshing, isEnabled else { return }
        let top = scrollView.adjustedContentInset.top
        guard -(scrollView.contentOffset.y + top) >= Self.threshold else { return }
        isRefreshing = true
        armed = true
        spinner.startAnimating()
        spinner.alpha = 1
        sendActions(for: .valueChanged)
    }

    /// The finger lifted: a refresh under way keeps its room above the content.
    func released() {
        guard let scrollView, isRefreshing else { return }
        armed = false
        scrollView.refreshInset = Self.height
    }
}
