// A settings form laid out by stack views and Auto Layout, against golden images at scale 1 and 2.
import Foundation
import Testing
@testable import UIKit

@MainActor @Suite(.serialized) struct StackViewGoldenTests {
    nonisolated static let scales: [CGFloat] = [1, 2]

    /// A form: a title, three rows of label + field (the field a rounded box that stretches), and a row of two
    /// equal buttons at the bottom, inside the margins of a 320x240 card.
    func form() -> UIView {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        card.backgroundColor = UIColor(white: 0.95, alpha: 1)
        card.layoutMargins = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)

        let title = UILabel()
        title.text = "Network"
        title.font = .boldSystemFont(ofSize: 20)
        var rows: [UIView] = [title]
        for (name, color) in [("SSID", UIColor.systemBlue), ("Password", UIColor.systemGreen), ("Proxy", UIColor.systemOrange)] {
            let label = UILabel()
            label.text = name
            label.font = .systemFont(ofSize: 15)
            label.widthAnchor.constraint(equalToConstant: 80).isActive = true
            let field = UIView()
            field.backgroundColor = color
            field.layer.cornerRadius = 6
            field.heightAnchor.constraint(equalToConstant: 28).isActive = true
            let row = UIStackView(arrangedSubviews: [label, field])
            row.spacing = 8
            row.alignment = .center
            rows.append(row)
        }
        let cancel = UIView(), join = UIView()
        cancel.backgroundColor = .systemRed
        join.backgroundColor = .systemBlue
        for b in [cancel, join] { b.layer.cornerRadius = 8; b.heightAnchor.constraint(equalToConstant: 32).isActive = true }
        let buttons = UIStackView(arrangedSubviews: [cancel, join])
        buttons.distribution = .fillEqually
        buttons.spacing = 12
        rows.append(buttons)

        let column = UIStackView(arrangedSubviews: rows)
        column.axis = .vertical
        column.spacing = 10
        column.setCustomSpacing(16, after: rows[3])
        column.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(column)
        NSLayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: card.layoutMarginsGuide.leadingAnchor),
            column.trailingAnchor.constraint(equalTo: card.layoutMarginsGuide.trailingAnchor),
            column.topAnchor.constraint(equalTo: card.layoutMarginsGuide.topAnchor),
        ])
        return card
    }

    @Test(arguments: scales) func aSettingsFormLaidOutByStackViews(scale: CGFloat) {
        freshApp(pixels: CGSize(width: 320 * scale, height: 240 * scale), scale: scale)
        let card = form()
        card.layoutIfNeeded()
        assertGolden(snapshot(card, scale: scale), "stack-view-form@\(Int(scale))x", allowedPixels: 40)
    }
}
