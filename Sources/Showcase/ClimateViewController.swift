import UIKit

/// The lobby's climate: the target temperature on a dial, set with a slider or a stepper, the mode and the fan.
final class ClimateViewController: UIViewController {
    private let dial = TemperatureDial()
    private let slider = UISlider()
    private let stepper = UIStepper()
    private let modeControl = UISegmentedControl(items: Building.ClimateMode.allCases.map(\.title))
    private let fanSwitch = UISwitch()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Climate"
        view.backgroundColor = .systemGroupedBackground
        let building = Building.shared

        slider.accessibilityLabel = "Target temperature"
        slider.accessibilityIdentifier = "climate.target"
        stepper.accessibilityLabel = "Target temperature"
        stepper.accessibilityIdentifier = "climate.stepper"
        modeControl.accessibilityIdentifier = "climate.mode"
        fanSwitch.accessibilityLabel = "Circulation fan"
        fanSwitch.accessibilityIdentifier = "climate.fan"
        slider.minimumValue = 16
        slider.maximumValue = 28
        slider.value = Float(building.targetTemperature)
        slider.minimumTrackTintColor = .systemOrange
        slider.addAction(UIAction { [unowned self] _ in
            setTarget((Double(slider.value) * 2).rounded() / 2, from: slider)
        }, for: .valueChanged)
        stepper.minimumValue = 16
        stepper.maximumValue = 28
        stepper.stepValue = 0.5
        stepper.value = building.targetTemperature
        stepper.addAction(UIAction { [unowned self] _ in setTarget(stepper.value, from: stepper) }, for: .valueChanged)
        modeControl.selectedSegmentIndex = building.climateMode.rawValue
        modeControl.addAction(UIAction { [unowned self] _ in
            Building.shared.climateMode = Building.ClimateMode(rawValue: modeControl.selectedSegmentIndex) ?? .auto
            UIView.animate(withDuration: 0.35) { self.dial.mode = Building.shared.climateMode }
        }, for: .valueChanged)
        fanSwitch.isOn = building.fanOn
        fanSwitch.addAction(UIAction { [unowned self] _ in Building.shared.fanOn = fanSwitch.isOn }, for: .valueChanged)
        dial.temperature = building.targetTemperature
        dial.mode = building.climateMode

        let fanLabel = UILabel()
        fanLabel.text = "Circulation fan"
        fanLabel.font = .preferredFont(forTextStyle: .body)
        let fanRow = UIStackView(arrangedSubviews: [fanLabel, fanSwitch])
        fanRow.distribution = .equalSpacing
        fanRow.alignment = .center
        let sliderRow = UIStackView(arrangedSubviews: [slider, stepper])
        sliderRow.spacing = 20
        sliderRow.alignment = .center
        let targetLabel = UILabel()
        targetLabel.text = "Target temperature"
        targetLabel.font = .preferredFont(forTextStyle: .headline)
        let modeLabel = UILabel()
        modeLabel.text = "Mode"
        modeLabel.font = .preferredFont(forTextStyle: .headline)
        let controls = UIStackView(arrangedSubviews: [targetLabel, sliderRow, modeLabel, modeControl, fanRow])
        controls.axis = .vertical
        controls.spacing = 16
        controls.setCustomSpacing(32, after: sliderRow)
        controls.setCustomSpacing(32, after: modeControl)
        let card = UIView()
        card.backgroundColor = .secondarySystemGroupedBackground
        card.layer.cornerRadius = 22

        for v in [dial, card, controls] as [UIView] { v.translatesAutoresizingMaskIntoConstraints = false }
        view.addSubview(dial)
        view.addSubview(card)
        card.addSubview(controls)
        let safe = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            dial.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 60),
            dial.centerYAnchor.constraint(equalTo: safe.centerYAnchor),
            dial.widthAnchor.constraint(equalToConstant: 420),
            dial.heightAnchor.constraint(equalTo: dial.widthAnchor),
            card.leadingAnchor.constraint(equalTo: dial.trailingAnchor, constant: 60),
            card.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -60),
            card.centerYAnchor.constraint(equalTo: safe.centerYAnchor),
            controls.topAnchor.constraint(equalTo: card.topAnchor, constant: 28),
            controls.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -28),
            controls.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 28),
            controls.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -28),
        ])
    }

    private func setTarget(_ value: Double, from sender: UIControl) {
        Building.shared.targetTemperature = value
        dial.temperature = value
        if sender !== slider { slider.setValue(Float(value), animated: true) }
        if sender !== stepper { stepper.value = value }
    }
}

/// A ring that fills with the target temperature, coloured by the mode, with the figure in its middle.
final class TemperatureDial: UIView {
    private let valueLabel = UILabel()
    private let modeLabel = UILabel()

    var temperature: Double = 21 {
        didSet {
            valueLabel.text = String(format: "%.1f°", temperature)
            setNeedsDisplay()
        }
    }
    var mode: Building.ClimateMode = .auto {
        didSet {
            modeLabel.text = mode.title.uppercased()
            modeLabel.textColor = colour
            setNeedsDisplay()
        }
    }
    private var colour: UIColor { [UIColor.systemOrange, .systemBlue, .systemGreen][mode.rawValue] }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
        valueLabel.font = .monospacedDigitSystemFont(ofSize: 88, weight: .thin)
        valueLabel.textColor = .label
        modeLabel.font = .systemFont(ofSize: 20, weight: .semibold)
        let stack = UIStackView(arrangedSubviews: [valueLabel, modeLabel])
        stack.axis = .vertical
        stack.alignment = .center
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)
        NSLayoutConstraint.activate([stack.centerXAnchor.constraint(equalTo: centerXAnchor),
                                     stack.centerYAnchor.constraint(equalTo: centerYAnchor)])
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        let width: CGFloat = 28
        let centre = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - width / 2
        // A 270° track open at the bottom, filled in proportion to the target between 16° and 28°.
        let start = CGFloat.pi * 0.75, sweep = CGFloat.pi * 1.5
        let track = UIBezierPath(arcCenter: centre, radius: radius, startAngle: start, endAngle: start + sweep, clockwise: true)
        track.lineWidth = width
        track.lineCapStyle = .round
        UIColor.tertiarySystemFill.setStroke()
        track.stroke()
        let fraction = CGFloat(max(0, min(1, (temperature - 16) / 12)))
        let fill = UIBezierPath(arcCenter: centre, radius: radius, startAngle: start, endAngle: start + sweep * max(fraction, 0.001),
                                clockwise: true)
        fill.lineWidth = width
        fill.lineCapStyle = .round
        colour.setStroke()
        fill.stroke()
    }
}
