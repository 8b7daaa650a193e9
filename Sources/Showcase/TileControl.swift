import UIKit

/// A home-screen tile: a coloured symbol, a title and a line of status, which sinks a little under the finger.
final class TileControl: UIControl {
    private let iconBackground = UIView()
    private let iconView = UIImageView()
    private let titleLabel = UILabel()
    private let detailLabel = UILabel()

    /// The status line under the title.
    var detail: String? {
        get { detailLabel.text }
        set { detailLabel.text = newValue }
    }

    /// A screen reader says the status after the tile's name ("Climate, 21 degrees, button").
    override var accessibilityValue: String? {
        get { detail }
        set {}
    }

    init(title: String, symbol: String, colour: UIColor) {
        super.init(frame: .zero)
        backgroundColor = .secondarySystemGroupedBackground
        layer.cornerRadius = 22
        isOpaque = false // rounded corners, and it fades a little when pressed
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.08
        layer.shadowRadius = 12
        layer.shadowOffset = CGSize(width: 0, height: 4)
        isAccessibilityElement = true
        accessibilityLabel = title
        accessibilityTraits = .button

        iconBackground.backgroundColor = colour
        iconBackground.layer.cornerRadius = 16
        iconView.image = UIImage(systemName: symbol, withConfiguration: UIImage.SymbolConfiguration(pointSize: 30, weight: .semibold))
        iconView.tintColor = .white
        iconView.contentMode = .center
        titleLabel.text = title
        titleLabel.font = .systemFont(ofSize: 24, weight: .semibold)
        titleLabel.textColor = .label
        detailLabel.font = .preferredFont(forTextStyle: .subheadline)
        detailLabel.textColor = .secondaryLabel
        detailLabel.numberOfLines = 2

        for view in [iconBackground, iconView, titleLabel, detailLabel] as [UIView] {
            view.translatesAutoresizingMaskIntoConstraints = false
            view.isUserInteractionEnabled = false
        }
        addSubview(iconBackground)
        iconBackground.addSubview(iconView)
        addSubview(titleLabel)
        addSubview(detailLabel)
        NSLayoutConstraint.activate([
            iconBackground.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 24),
            iconBackground.topAnchor.constraint(equalTo: topAnchor, constant: 24),
            iconBackground.widthAnchor.constraint(equalToConstant: 60),
            iconBackground.heightAnchor.constraint(equalToConstant: 60),
            iconView.centerXAnchor.constraint(equalTo: iconBackground.centerXAnchor),
            iconView.centerYAnchor.constraint(equalTo: iconBackground.centerYAnchor),
            titleLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 24),
            titleLabel.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -24),
            titleLabel.topAnchor.constraint(greaterThanOrEqualTo: iconBackground.bottomAnchor, constant: 16),
            titleLabel.bottomAnchor.constraint(equalTo: detailLabel.topAnchor, constant: -4),
            detailLabel.leadingAnchor.constraint(equalTo: titleLabel.leadingAnchor),
            detailLabel.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: -24),
            detailLabel.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -22),
        ])
    }

    required init?(coder: NSCoder) { nil }

    override var isHighlighted: Bool {
        didSet {
            guard isHighlighted != oldValue else { return }
            UIView.animate(withDuration: isHighlighted ? 0.12 : 0.3, delay: 0, usingSpringWithDamping: 0.7,
                           initialSpringVelocity: 0, options: [.allowUserInteraction, .beginFromCurrentState]) {
                self.transform = self.isHighlighted ? CGAffineTransform(scaleX: 0.96, y: 0.96) : .identity
                self.alpha = self.isHighlighted ? 0.85 : 1
            }
        }
    }
}
